/**
 * The basemap routes' schemas (src/modules/basemap/schemas.ts): their answers to bad input are the
 * basemap's own (the first problem in the order the route reads them), and the tiles' fast
 * readers give exactly what the schemas give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { registerErrorHandler } from '../src/http/errors.js';
import { basemapRoutes } from '../src/modules/basemap/routes.js';
import { loadBasemapConfig } from '../src/modules/basemap/config.js';
import { GEO_DATA_VERSION } from '../src/modules/basemap/geo-tiles.js';
import {
  geoTileParamsSchema,
  geoTileQuerySchema,
  placesTileParamsSchema,
  placesTileQuerySchema,
} from '../src/modules/basemap/schemas.js';
import { validatorCompiler } from '../src/openapi/validation.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(basemapRoutes, { config: loadBasemapConfig({}) });
});
afterAll(async () => {
  await app.close();
});

const LANG = 'lang must be a language tag such as "en" or "zh-Hant".';
const STATIC = '/basemap/static.svg?lat=51.5&lon=-0.12&z=12&w=640&h=320';

describe('basemap answers to bad input', () => {
  it.each([
    ['/basemap/geo/13/0/0.pbf', 404, 'NOT_FOUND', 'No such tile.', undefined],
    ['/basemap/geo/1/1/x.pbf', 404, 'NOT_FOUND', 'No such tile.', undefined],
    // The path is read before the query.
    ['/basemap/places/13/0/0.pbf?lang=x', 404, 'NOT_FOUND', 'No such tile.', undefined],
    ['/basemap/places/0/0/0.pbf?lang=x', 400, 'INVALID_PARAMETER', LANG, 'lang'],
    ['/basemap/config.json?lang=en&lang=fr', 400, 'INVALID_PARAMETER', LANG, 'lang'],
    // lang first, then lat, lon, z, w, h; out of range is INVALID_PARAMETER with the range.
    ['/basemap/static.svg?lang=x&lat=91', 400, 'INVALID_PARAMETER', LANG, 'lang'],
    [
      '/basemap/static.svg?lon=181',
      400,
      'INVALID_PARAMETER',
      'lat must be a number from -85 to 85.',
      'lat',
    ],
    [
      `${STATIC.replace('lon=-0.12', 'lon=1e2')}`,
      400,
      'INVALID_PARAMETER',
      'lon must be a number from -180 to 180.',
      'lon',
    ],
    [
      `${STATIC.replace('z=12', 'z=1.5')}`,
      400,
      'INVALID_PARAMETER',
      'z must be a whole number from 2 to 12.',
      'z',
    ],
    [`${STATIC}&w=64`, 400, 'INVALID_PARAMETER', 'w must be a whole number from 64 to 1024.', 'w'],
    [
      `${STATIC.replace('h=320', 'h=')}`,
      400,
      'INVALID_PARAMETER',
      'h must be a whole number from 64 to 1024.',
      'h',
    ],
  ])('%s → %i %s', async (url, status, code, message, param) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toEqual(param ? { code, message, param } : { code, message });
  });
});

/** What the route's validator gives (fast reader first) and what the schema alone gives. */
function both(schema: $ZodType, data: unknown): [unknown, unknown] {
  const validate = validatorCompiler({ schema, method: 'GET', url: '/', httpPart: 'params' });
  const routed = validate(data) as { value?: unknown; error?: unknown };
  const parsed = safeParse(schema, data);
  return [routed.error ? 'error' : routed.value, parsed.success ? parsed.data : 'error'];
}

describe('tile fast readers', () => {
  it('give exactly what the schemas give', () => {
    const numbers = ['0', '1', '2', '3', '12', '13', '01', '-1', 'x', '', '4095', '99999999'];
    for (const z of numbers) {
      for (const x of ['0', '1', '3', '4', 'a']) {
        for (const y of ['0', '2.pbf', '3.pbf.pbf', '1.png', '7']) {
          for (const schema of [geoTileParamsSchema, placesTileParamsSchema]) {
            const [routed, parsed] = both(schema, { z, x, y });
            expect(routed, `${z}/${x}/${y}`).toEqual(parsed);
          }
        }
      }
    }
    const langs = [undefined, '', 'en', 'pt_BR', 'zh-Hant', 'e', 'EN', ['en'], '<b>'];
    for (const lang of langs) {
      for (const v of [undefined, '', GEO_DATA_VERSION, 'x', [GEO_DATA_VERSION]]) {
        const query = {
          ...(lang === undefined ? {} : { lang }),
          ...(v === undefined ? {} : { v }),
        };
        for (const schema of [geoTileQuerySchema, placesTileQuerySchema]) {
          const [routed, parsed] = both(schema, query);
          expect(routed, JSON.stringify(query)).toEqual(parsed);
        }
      }
    }
  });
});
