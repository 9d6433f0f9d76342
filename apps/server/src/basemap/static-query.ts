/**
 * The static map's address: `/basemap/static.svg?lat&lon&z&w&h&lang&v` (README.md). Built by the
 * store pages (`staticMapPath`) and read back by the route (`staticMapQuery`): coordinates with
 * at most 5 decimals (about a metre), whole zoom and sizes within STATIC_MAP_LIMITS; anything
 * else is 400 INVALID_PARAMETER naming the parameter.
 */
import { ApiError } from '@locator/core';
import { GEO_DATA_VERSION } from './geo-tiles.js';
import { STATIC_MAP_LIMITS as L, type StaticMapQuery } from './static-map.js';

const round5 = (v: number): number => Math.round(v * 1e5) / 1e5;

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

function num(
  query: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  whole: boolean,
): number {
  const raw = query[name];
  const v = typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(v >= min && v <= max) || (whole && !Number.isInteger(v))) {
    throw new ApiError(
      'INVALID_PARAMETER',
      `${name} must be a${whole ? ' whole' : ''} number from ${min} to ${max}.`,
      name,
    );
  }
  return whole ? v : round5(v);
}

/** The query of a static map request (lang already read by the caller). */
export function staticMapQuery(query: unknown, lang: string): StaticMapQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  return {
    latitude: num(q, 'lat', -85, 85, false),
    longitude: num(q, 'lon', -180, 180, false),
    zoom: num(q, 'z', L.minZoom, L.maxZoom, true),
    width: num(q, 'w', L.minSize, L.maxSize, true),
    height: num(q, 'h', L.minSize, L.maxSize, true),
    lang,
  };
}
