/**
 * What the basemap's routes read (routes.ts), declared once as zod schemas that Fastify
 * validates (openapi/validation.ts), as the APIs' routes do; not in the OpenAPI documents. The
 * answers to bad input are the basemap's own (`failsWith`): a tile path outside the zoom range
 * or grid, or malformed, is 404 NOT_FOUND "No such tile."; a `lang` that is not a language tag
 * or a static map value out of its range is 400 INVALID_PARAMETER naming the parameter and what
 * it accepts. Tiles are asked for many at a time while a map pans: their params and query are
 * read by fast readers first (`fastPath`), which give exactly what the schemas give.
 */
import { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import { ApiError } from '@locator/core';
import { failsWith, fastPath } from '../../openapi/validation.js';
import { GEO_DATA_VERSION, GEO_MAX_ZOOM } from './geo-tiles.js';
import { PLACES_MAX_ZOOM } from './places.js';
import { STATIC_MAP_LIMITS as L, type StaticMapQuery } from './static-map.js';
import { round5 } from './static-query.js';
import { parseTileId, type TileId } from './tiles.js';

/** BCP 47-like language tags: "en", "pt-BR", "zh-Hant", "zh_HK". */
const LANG_RE = /^[a-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,3}$/;
/** Decimal numbers as the static map's address writes them (no exponent, no "+"). */
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** `lang`: a language tag ("_" read as "-"); "en" when absent or empty. */
const lang = z
  .union([z.literal(''), z.string().regex(LANG_RE)])
  .optional()
  .transform((v) => (v ? v.replace(/_/g, '-') : 'en'));

/** `v`: true when the request names the current data version (its answer is then immutable). */
const version = z
  .unknown()
  .optional()
  .transform((v) => v === GEO_DATA_VERSION);

/** A static map number within [min, max], whole or with at most 5 decimals kept. */
const staticNumber = (min: number, max: number, whole: boolean) => {
  const value = z.string().regex(DECIMAL_RE).transform(Number);
  return whole
    ? value.pipe(z.number().int().min(min).max(max))
    : value.pipe(z.number().min(min).max(max)).transform(round5);
};

const STATIC_NUMBERS = {
  lat: [-85, 85, false],
  lon: [-180, 180, false],
  z: [L.minZoom, L.maxZoom, true],
  w: [L.minSize, L.maxSize, true],
  h: [L.minSize, L.maxSize, true],
} as const;

/** The answer to each parameter that does not fit. */
const PARAMETER_MESSAGES: Readonly<Record<string, string>> = {
  lang: 'lang must be a language tag such as "en" or "zh-Hant".',
  ...Object.fromEntries(
    Object.entries(STATIC_NUMBERS).map(([name, [min, max, whole]]) => [
      name,
      `${name} must be a${whole ? ' whole' : ''} number from ${min} to ${max}.`,
    ]),
  ),
};

/** 400 INVALID_PARAMETER naming the first parameter that does not fit (in the schema's order). */
function parameterError(issues: readonly $ZodIssue[]): ApiError {
  const name = String(issues[0]?.path[0] ?? '');
  return new ApiError('INVALID_PARAMETER', PARAMETER_MESSAGES[name] ?? 'Invalid input.', name);
}

const noSuchTile = (): ApiError => new ApiError('NOT_FOUND', 'No such tile.');

/** `?lang=` of the style and its configuration. */
export const langQuerySchema = failsWith(z.object({ lang }), parameterError);

/** The values of params or a query; undefined when not an object (the schema decides then). */
const valuesOf = (data: unknown): Record<string, unknown> | undefined =>
  typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined;

/** The tile of "{z}/{x}/{y}" or "{z}/{x}/{y}.pbf"; undefined unless a tile up to maxZoom. */
function tileOf(p: { z: string; x: string; y: string }, maxZoom: number): TileId | undefined {
  return parseTileId(p.z, p.x, p.y.replace(/\.pbf$/, ''), maxZoom);
}

/** The tile path's params as the tile they name (any other path: 404). */
function tileParamsSchema(maxZoom: number) {
  const schema = z.object({ z: z.string(), x: z.string(), y: z.string() }).transform((p, ctx) => {
    const tile = tileOf(p, maxZoom);
    if (tile) return tile;
    ctx.addIssue({ code: 'custom', message: 'No such tile.' });
    return z.NEVER;
  });
  const fast = (data: unknown): TileId | undefined => {
    const { z: tz, x, y } = valuesOf(data) ?? {};
    return typeof tz === 'string' && typeof x === 'string' && typeof y === 'string'
      ? tileOf({ z: tz, x, y }, maxZoom)
      : undefined;
  };
  return fastPath(failsWith(schema, noSuchTile), fast);
}

export const geoTileParamsSchema = tileParamsSchema(GEO_MAX_ZOOM);
export const placesTileParamsSchema = tileParamsSchema(PLACES_MAX_ZOOM);

/** `?v=` of a sea, coast and borders tile. */
export const geoTileQuerySchema = fastPath(
  failsWith(z.object({ v: version }), parameterError),
  (data) => {
    const q = valuesOf(data);
    return q && { v: q.v === GEO_DATA_VERSION };
  },
);

/** `?lang=&v=` of a place names tile. */
export const placesTileQuerySchema = fastPath(
  failsWith(z.object({ lang, v: version }), parameterError),
  (data) => {
    const q = valuesOf(data);
    if (!q) return undefined;
    const l = q.lang;
    if (l === undefined || l === '') return { lang: 'en', v: q.v === GEO_DATA_VERSION };
    if (typeof l !== 'string' || !LANG_RE.test(l)) return undefined;
    return { lang: l.replace(/_/g, '-'), v: q.v === GEO_DATA_VERSION };
  },
);

/** `?lang&lat&lon&z&w&h&v` of a static map (static-query.ts): the first bad one answers. */
export const staticMapQuerySchema = failsWith(
  z
    .object({
      lang,
      lat: staticNumber(...STATIC_NUMBERS.lat),
      lon: staticNumber(...STATIC_NUMBERS.lon),
      z: staticNumber(...STATIC_NUMBERS.z),
      w: staticNumber(...STATIC_NUMBERS.w),
      h: staticNumber(...STATIC_NUMBERS.h),
      v: version,
    })
    .transform((q): StaticMapQuery & { v: boolean } => ({
      latitude: q.lat,
      longitude: q.lon,
      zoom: q.z,
      width: q.w,
      height: q.h,
      lang: q.lang,
      v: q.v,
    })),
  parameterError,
);
