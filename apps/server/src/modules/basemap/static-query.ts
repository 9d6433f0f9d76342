/**
 * The static map's address: `/basemap/static.svg?lat&lon&z&w&h&lang&v` (README.md). Built by the
 * store pages (`staticMapPath`) and read back by the route through its schema
 * (`staticMapQuerySchema`, schemas.ts): coordinates with at most 5 decimals (about a metre),
 * whole zoom and sizes within STATIC_MAP_LIMITS; anything else is 400 INVALID_PARAMETER naming
 * the parameter.
 */
import { GEO_DATA_VERSION } from './geo-tiles.js';
import type { StaticMapQuery } from './static-map.js';

/** A coordinate rounded to 5 decimals. */
export const round5 = (v: number): number => Math.round(v * 1e5) / 1e5;

/** The static map of a position (relative URL, same origin; latitude within Web Mercator's). */
export function staticMapPath(q: StaticMapQuery): string {
  const p = new URLSearchParams({
    lat: String(round5(Math.max(-85, Math.min(85, q.latitude)))),
    lon: String(round5(q.longitude)),
    z: String(q.zoom),
    w: String(q.width),
    h: String(q.height),
    lang: q.lang,
    v: GEO_DATA_VERSION,
  });
  return `/basemap/static.svg?${p.toString()}`;
}
