/** Pure rules of the store map: pin states, accessible names, the camera for a set of pins. */
import type { StyleSpecification } from 'maplibre-gl';
import { DEFAULT_ZOOM, type MapPin, type Origin } from './types';

export type PinState = 'default' | 'hovered' | 'selected';

/** Selected wins over hovered (the selected pin keeps its mark while the list is hovered). */
export function pinState(
  id: string,
  activeId: string | null | undefined,
  hoveredId: string | null | undefined,
): PinState {
  if (activeId != null && id === activeId) return 'selected';
  if (hoveredId != null && id === hoveredId) return 'hovered';
  return 'default';
}

export function isValidPin(p: MapPin): boolean {
  return (
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
}

export type Camera =
  | { kind: 'world'; center: [number, number]; zoom: number }
  | { kind: 'point'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]] };

/**
 * World view with no pins; the default zoom on one place; otherwise the pins' bounds, with the
 * searched place when there is one, so that the view shows the stores beside where the visitor
 * searched (docs/MAP.md, "Fitting the results").
 */
export function cameraFor(pins: readonly MapPin[], origin?: Origin): Camera {
  const valid = pins.filter(isValidPin);
  const first = valid[0];
  if (!first) return { kind: 'world', center: [10, 25], zoom: 1 };
  const points = origin && isValidPin({ ...first, ...origin }) ? [...valid, origin] : valid;
  let west = first.longitude;
  let east = first.longitude;
  let south = first.latitude;
  let north = first.latitude;
  for (const p of points) {
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
  }
  if (east - west < 1e-6 && north - south < 1e-6) {
    return { kind: 'point', center: [first.longitude, first.latitude], zoom: DEFAULT_ZOOM };
  }
  return {
    kind: 'bounds',
    bounds: [
      [west, south],
      [east, north],
    ],
  };
}

/** The keys of the pins, to tell whether the set changed (order included). */
export function pinsKey(pins: readonly MapPin[]): string {
  return pins.map((p) => `${p.id}@${p.latitude},${p.longitude}`).join('|');
}

/** The deepest zoom of a basemap, from our style's `locator:maxzoom` (where its data ends). */
export function styleMaxZoom(style: StyleSpecification): number | undefined {
  const meta = style.metadata as Record<string, unknown> | undefined;
  const z = meta?.['locator:maxzoom'];
  return typeof z === 'number' && Number.isFinite(z) && z >= 0 && z <= 24 ? z : undefined;
}

/**
 * The deepest zoom a fit goes to: the default (14), but one step short of a capped basemap's
 * last zoom. At the embedded map's cap (13) its data is over-zoomed and names only what lies
 * within a few kilometres; a step out shows the districts and coast around the stores, and the
 * visitor can still zoom in (README, "Fitting the results").
 */
export function fitMaxZoom(styleMax: number | undefined): number {
  return styleMax === undefined ? DEFAULT_ZOOM : Math.max(0, Math.min(DEFAULT_ZOOM, styleMax - 1));
}

/** The camera to move to after new results: none without pins (the view stays as it was). */
export function refitCamera(pins: readonly MapPin[], origin?: Origin): Camera | undefined {
  const camera = cameraFor(pins, origin);
  return camera.kind === 'world' ? undefined : camera;
}
