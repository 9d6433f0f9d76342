/**
 * Smoother panning without a graphics card: while the camera moves, a map drawn by a software
 * renderer (WebGL on the CPU: SwiftShader, llvmpipe, Windows' Basic Render Driver) draws at half
 * its pixel ratio, and at the full ratio again as soon as the camera rests. Each full-canvas
 * layer costs such a renderer milliseconds a frame; a quarter of the pixels halved the frame time
 * of a pan at 1440 px (figures and method in `docs/ARCHITECTURE.md`, "Map frames"). What the
 * visitor sees at rest is unchanged; in motion the map is a little softer. A graphics card's
 * renderer keeps its full ratio throughout.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The share of the pixel ratio kept while the camera moves on a software renderer. */
export const MOTION_RATIO_SCALE = 0.5;

/** Renderer names of WebGL drawn on the CPU (WEBGL_debug_renderer_info's unmasked renderer). */
const SOFTWARE_RENDERER =
  /SwiftShader|llvmpipe|softpipe|Software Rasterizer|Basic Render Driver|Apple Software Renderer/i;

/** Whether a WebGL renderer name is a software renderer's. */
export function isSoftwareRenderer(renderer: string | undefined): boolean {
  return renderer !== undefined && SOFTWARE_RENDERER.test(renderer);
}

/** The pixel ratio while the camera moves: half the resting ratio, never below 0.5. */
export function motionPixelRatio(restingRatio: number): number {
  return Math.max(0.5, restingRatio * MOTION_RATIO_SCALE);
}

/** The renderer name of the map's WebGL context, when the browser tells it. */
function rendererOf(map: MapLibreMap): string | undefined {
  const canvas = map.getCanvas();
  // The map's own context: getContext answers the existing one of the same kind.
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return undefined;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : undefined;
}

/**
 * MapLibre's own resize, without the events. Its public `setPixelRatio` resizes through
 * `resize()`, which outside a camera animation stops every movement (a drag included) and
 * announces a movement of its own: so a drag would end at its first frame. The two members are
 * internal (maplibre-gl 6.x); without them the map keeps its ratio and nothing else changes. The
 * end-to-end test `map-motion-resolution.spec.ts` fails if a MapLibre update drops them.
 */
interface MapInternals {
  _overridePixelRatio: number | null | undefined;
  _resizeInternal: (constrainTransform?: boolean) => void;
}

function internalsOf(map: MapLibreMap): MapInternals | undefined {
  const m = map as unknown as Partial<MapInternals>;
  return typeof m._resizeInternal === 'function' && '_overridePixelRatio' in m
    ? (m as MapInternals)
    : undefined;
}

/**
 * Lowers the map's pixel ratio while its camera moves, on a software renderer only. Returns
 * whether it applies (the map carries it as `data-motion-resolution` for tests and benchmarks).
 */
export function installMotionResolution(map: MapLibreMap): boolean {
  const internals = internalsOf(map);
  if (!internals || !isSoftwareRenderer(rendererOf(map))) return false;
  // The ratio the map had before the movement: undefined or null follows the device's.
  let resting: number | null | undefined;
  let moving = false;
  const switchTo = (ratio: number | null | undefined) => {
    internals._overridePixelRatio = ratio;
    internals._resizeInternal(false);
    map.triggerRepaint();
  };
  map.on('movestart', () => {
    if (moving) return;
    moving = true;
    resting = internals._overridePixelRatio;
    const lower = motionPixelRatio(map.getPixelRatio());
    if (lower < map.getPixelRatio()) switchTo(lower);
  });
  map.on('moveend', () => {
    if (!moving) return;
    moving = false;
    switchTo(resting);
  });
  return true;
}
