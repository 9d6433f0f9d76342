/**
 * Smoother panning without a graphics card. Where WebGL is drawn on the CPU (a software renderer:
 * SwiftShader, llvmpipe, Windows' Basic Render Driver), every frame the map draws costs the CPU
 * tens of milliseconds, so the interactive map draws fewer and cheaper frames there:
 *
 * - **Motion resolution.** While the camera moves, the map draws at half its pixel ratio, and
 *   at the full ratio again as soon as the camera rests. A quarter of the pixels halved the
 *   frame time of a pan at 1440 px. What the visitor sees at rest is unchanged; in motion the
 *   map is a little softer.
 * - **Labels without fades.** Place names appear and disappear at once instead of fading over
 *   MapLibre's 300 ms: each fade keeps the map drawing frame after frame once a pan has ended,
 *   at the full ratio, and those frames were most of the frames a pan still dropped.
 *
 * Figures and method in `docs/ARCHITECTURE.md`, "Map frames". A graphics card's renderer keeps
 * its full ratio and its fades.
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
 * Lowers the map's pixel ratio while its camera moves. Returns whether it applies (without
 * MapLibre's internal resize, the map keeps its ratio).
 */
export function installMotionResolution(map: MapLibreMap): boolean {
  const internals = internalsOf(map);
  if (!internals) return false;
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

/**
 * Turns MapLibre's symbol fades off: its `fadeDuration` option, read at every placement from
 * the internal `_fadeDuration` (maplibre-gl 6.x), as the map is built before its renderer is
 * known. Returns whether the member was there to set.
 */
export function turnOffLabelFades(map: MapLibreMap): boolean {
  const m = map as unknown as { _fadeDuration?: unknown };
  if (typeof m._fadeDuration !== 'number') return false;
  m._fadeDuration = 0;
  return true;
}

/** What a map adapted to its renderer (the container carries each as an attribute). */
export interface RendererAdaptation {
  /** Half the pixel ratio while the camera moves (`data-motion-resolution="true"`). */
  motionResolution: boolean;
  /** Labels without fades (`data-label-fade="off"`). */
  labelFadesOff: boolean;
}

/**
 * On a software renderer: motion resolution and labels without fades. On a graphics card's
 * renderer, nothing changes. The end-to-end test `map-motion-resolution.spec.ts` fails if a
 * MapLibre update takes away the internal members either relies on.
 */
export function adaptToRenderer(map: MapLibreMap): RendererAdaptation {
  if (!isSoftwareRenderer(rendererOf(map)))
    return { motionResolution: false, labelFadesOff: false };
  return { motionResolution: installMotionResolution(map), labelFadesOff: turnOffLabelFades(map) };
}
