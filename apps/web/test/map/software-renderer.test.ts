/**
 * A map on a software renderer: which renderers count as one, and what the map does there (half
 * the ratio while the camera moves, labels without fades).
 */
import { describe, expect, it } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  adaptToRenderer,
  installMotionResolution,
  isSoftwareRenderer,
  motionPixelRatio,
  turnOffLabelFades,
} from '../../src/components/map/software-renderer';

describe('isSoftwareRenderer', () => {
  it.each([
    // Chromium with --disable-gpu or a blocklisted GPU (ANGLE on SwiftShader's Vulkan).
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    // Firefox and Chromium on Linux without a GPU driver (Mesa).
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'softpipe',
    // Windows without a GPU driver; macOS's software path.
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Apple Software Renderer',
  ])('software: %s', (name) => expect(isSoftwareRenderer(name)).toBe(true));

  it.each([
    'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Apple M2',
    'Adreno (TM) 640',
    'Mali-G78',
    // Firefox's generic answer when it withholds the name: not known to be software.
    'Mozilla',
  ])('a graphics card: %s', (name) => expect(isSoftwareRenderer(name)).toBe(false));

  it('no name: not known to be software', () => expect(isSoftwareRenderer(undefined)).toBe(false));
});

describe('motionPixelRatio', () => {
  it('halves the resting ratio, never below 0.5', () => {
    expect(motionPixelRatio(1)).toBe(0.5);
    expect(motionPixelRatio(2)).toBe(1);
    expect(motionPixelRatio(3)).toBe(1.5);
    expect(motionPixelRatio(0.75)).toBe(0.5);
  });
});

/** A map with MapLibre's event API, its pixel ratio and its internal resize, on a renderer. */
function fakeMap(renderer: string, devicePixelRatio = 1) {
  const handlers = new Map<string, (() => void)[]>();
  const resizes: (number | null | undefined)[] = [];
  let repaints = 0;
  const gl = {
    RENDERER: 0x1f01,
    getExtension: () => ({ UNMASKED_RENDERER_WEBGL: 0x9246 }),
    getParameter: (p: number) => (p === 0x9246 ? renderer : 'WebKit WebGL'),
  };
  const map = {
    _overridePixelRatio: undefined as number | null | undefined,
    // MapLibre's default fadeDuration.
    _fadeDuration: 300 as number | undefined,
    _resizeInternal() {
      resizes.push(this._overridePixelRatio);
    },
    getCanvas: () => ({ getContext: (kind: string) => (kind === 'webgl2' ? gl : null) }),
    getPixelRatio() {
      return this._overridePixelRatio ?? devicePixelRatio;
    },
    triggerRepaint: () => {
      repaints += 1;
    },
    on(type: string, fn: () => void) {
      handlers.set(type, [...(handlers.get(type) ?? []), fn]);
    },
    fire: (type: string) => handlers.get(type)?.forEach((fn) => fn()),
  };
  return { map, resizes, repaints: () => repaints };
}

describe('installMotionResolution', () => {
  it('on a software renderer: half the ratio from movestart to moveend, then the device’s again', () => {
    const { map, resizes, repaints } = fakeMap('Google SwiftShader', 2);
    expect(installMotionResolution(map as unknown as MapLibreMap)).toBe(true);
    map.fire('movestart');
    expect(map.getPixelRatio()).toBe(1);
    // MapLibre may announce a start again within one movement: nothing changes.
    map.fire('movestart');
    map.fire('moveend');
    expect(map._overridePixelRatio).toBeUndefined();
    expect(map.getPixelRatio()).toBe(2);
    expect(resizes).toEqual([1, undefined]);
    // The canvas is cleared by a resize: the map is drawn again at rest.
    expect(repaints()).toBe(2);
  });

  it('keeps a ratio the page set itself', () => {
    const { map } = fakeMap('llvmpipe (LLVM 15.0.6, 256 bits)', 1);
    map._overridePixelRatio = 3;
    installMotionResolution(map as unknown as MapLibreMap);
    map.fire('movestart');
    expect(map.getPixelRatio()).toBe(1.5);
    map.fire('moveend');
    expect(map.getPixelRatio()).toBe(3);
  });

  it('without the internal resize (another MapLibre): not installed', () => {
    const { map } = fakeMap('Google SwiftShader', 1);
    const other = { ...map, _resizeInternal: undefined };
    expect(installMotionResolution(other as unknown as MapLibreMap)).toBe(false);
  });
});

describe('turnOffLabelFades', () => {
  it('sets the fade to nothing', () => {
    const { map } = fakeMap('Google SwiftShader');
    expect(turnOffLabelFades(map as unknown as MapLibreMap)).toBe(true);
    expect(map._fadeDuration).toBe(0);
  });

  it('without the internal member (another MapLibre): says so and adds nothing', () => {
    const { map } = fakeMap('Google SwiftShader');
    const other = { ...map, _fadeDuration: undefined };
    expect(turnOffLabelFades(other as unknown as MapLibreMap)).toBe(false);
    expect(other._fadeDuration).toBeUndefined();
  });
});

describe('adaptToRenderer', () => {
  it('on a software renderer: motion resolution and labels without fades', () => {
    const { map, resizes } = fakeMap('Google SwiftShader', 1);
    expect(adaptToRenderer(map as unknown as MapLibreMap)).toEqual({
      motionResolution: true,
      labelFadesOff: true,
    });
    expect(map._fadeDuration).toBe(0);
    map.fire('movestart');
    expect(resizes).toEqual([0.5]);
  });

  it('on a graphics card: nothing changes, neither the ratio nor the fades', () => {
    const { map, resizes } = fakeMap('Apple M2', 2);
    expect(adaptToRenderer(map as unknown as MapLibreMap)).toEqual({
      motionResolution: false,
      labelFadesOff: false,
    });
    map.fire('movestart');
    map.fire('moveend');
    expect(resizes).toEqual([]);
    expect(map.getPixelRatio()).toBe(2);
    expect(map._fadeDuration).toBe(300);
  });
});
