/**
 * The pin map's pure rules (PinMap.tsx): coordinates written and read as the admin API takes
 * them (decimal degrees, WGS 84), the pin moved by arrow keys, and whether the position's place
 * lies in the store's country.
 */

/** Decimals kept: 6 is about 0.1 m, finer than any store's entrance. */
export const COORDINATE_DECIMALS = 6;

/** Web Mercator's edge: the map cannot show a pin beyond it. */
export const MAX_MAP_LATITUDE = 85.051129;

export type Axis = 'latitude' | 'longitude';

const LIMIT: Record<Axis, number> = { latitude: 90, longitude: 180 };

/** The admin API's decimal text (no exponent, hexadecimal or separators). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A coordinate as text: at most 6 decimals, no trailing zeros ("51.5142", "-0.142", "0"). */
export function formatCoordinate(value: number): string {
  const fixed = value.toFixed(COORDINATE_DECIMALS).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** The coordinate a text gives, or undefined when it is no decimal number within range. */
export function parseCoordinate(text: string, axis: Axis): number | undefined {
  const t = text.trim();
  if (!DECIMAL.test(t)) return undefined;
  const value = Number(t);
  return Math.abs(value) <= LIMIT[axis] ? value : undefined;
}

/** Rounded as written (so that what the inputs show is what is handed over). */
export const roundCoordinate = (value: number): number => Number(formatCoordinate(value));

/** A longitude brought back into -180…180 (the map's world copies give any). */
export function wrapLongitude(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

export interface Position {
  lat: number;
  lon: number;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Pixels an arrow key moves the pin (ten times as far with Shift). */
export const KEY_STEP_PX = 10;

/**
 * Where an arrow key moves the pin at a zoom: `KEY_STEP_PX` screen pixels (Web Mercator, 512 px
 * tiles as MapLibre draws them) in the key's direction, on screen; undefined for other keys.
 * Left and right are the screen's in both reading directions.
 */
export function movedByKey(
  position: Position,
  key: string,
  zoom: number,
  far = false,
): Position | undefined {
  const arrow = ARROWS[key];
  if (!arrow) return undefined;
  const px = KEY_STEP_PX * (far ? 10 : 1);
  const worldPx = 512 * 2 ** zoom;
  const x = ((position.lon + 180) / 360) * worldPx + arrow[0] * px;
  const sin = Math.sin(
    (Math.max(-MAX_MAP_LATITUDE, Math.min(MAX_MAP_LATITUDE, position.lat)) * Math.PI) / 180,
  );
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx + arrow[1] * px;
  const lon = wrapLongitude((x / worldPx) * 360 - 180);
  const n = Math.PI - (2 * Math.PI * y) / worldPx;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return {
    lat: roundCoordinate(Math.max(-MAX_MAP_LATITUDE, Math.min(MAX_MAP_LATITUDE, lat))),
    lon: roundCoordinate(lon),
  };
}

/** What the reverse geocoding said of a position. */
export type PlaceLookup =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'found'; name: string; countryCode: string }
  | { kind: 'nothing' };

/**
 * Whether to warn that the position is not in the store's country: `outside` when the place
 * found is in another country, `unknown` when no place was found there (the open sea), none
 * while nothing is known (no position, looking it up, the lookup failed) or the country is not
 * given.
 */
export function countryWarning(
  lookup: PlaceLookup,
  country: string | undefined,
): 'outside' | 'unknown' | undefined {
  const c = country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(c)) return undefined;
  if (lookup.kind === 'nothing') return 'unknown';
  if (lookup.kind !== 'found' || lookup.countryCode === '') return undefined;
  return lookup.countryCode.toUpperCase() === c ? undefined : 'outside';
}
