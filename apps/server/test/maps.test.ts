/**
 * Maps endpoints on the real embedded engine: shapes of PRODUCT.md#maps-service, validation with
 * catalogue codes, caching headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadEmbeddedProvider } from '@locator/geo';
import { ERROR_CODES, type MapsEtaResponse, type MapsPlacesResponse } from '@locator/core';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/env.js';

let app: FastifyInstance;

beforeAll(async () => {
  const maps = await loadEmbeddedProvider();
  app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), maps, logger: false });
});
afterAll(async () => {
  await app.close();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.json() as unknown };
}

function errorOf(body: unknown): { code: string; param?: string } {
  return (body as { error: { code: string; param?: string } }).error;
}

describe('GET /api/v1/maps/autocomplete', () => {
  it('suggests places with two lines and a coordinate, limited to the countries', async () => {
    const res = await get('/api/v1/maps/autocomplete?q=manch&countries=GB&lang=en-GB');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const { results } = res.body as MapsPlacesResponse;
    expect(results[0]?.displayLines[0]).toBe('Manchester');
    expect(results[0]?.displayLines[1]).toContain('United Kingdom');
    expect(results.every((r) => r.countryCode === 'GB')).toBe(true);
    expect(results[0]?.coordinate.latitude).toBeCloseTo(53.48, 1);
  });

  it('accepts the site code "uk" for GB and native scripts', async () => {
    const uk = (await get('/api/v1/maps/autocomplete?q=leeds&countries=uk&lang=en')).body;
    expect((uk as MapsPlacesResponse).results[0]?.countryCode).toBe('GB');
    const tokyo = (await get(`/api/v1/maps/autocomplete?q=${encodeURIComponent('東京')}&lang=ja`))
      .body as MapsPlacesResponse;
    expect(tokyo.results[0]?.countryCode).toBe('JP');
  });

  it.each([
    ['q missing', '', 'MISSING_PARAMETER', 'q'],
    ['q blank', 'q=%20%20', 'MISSING_PARAMETER', 'q'],
    ['q too long', `q=${'a'.repeat(201)}`, 'PARAMETER_OUT_OF_RANGE', 'q'],
    ['bad countries', 'q=x&countries=G1', 'INVALID_PARAMETER', 'countries'],
    ['bad lang', 'q=x&lang=%3Cscript%3E', 'INVALID_PARAMETER', 'lang'],
    ['limit too big', 'q=x&limit=500', 'PARAMETER_OUT_OF_RANGE', 'limit'],
    ['lat without lon', 'q=x&lat=1', 'INVALID_PARAMETER', 'lat'],
  ])('%s → 400 %s', async (_name, query, code, param) => {
    const res = await get(`/api/v1/maps/autocomplete?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code, message: expect.any(String), param } });
    expect(ERROR_CODES).toContain(code);
  });
});

describe('GET /api/v1/maps/geocode', () => {
  it('geocodes a postal code, coordinates and native names', async () => {
    const zip = (await get('/api/v1/maps/geocode?q=10001&countries=US')).body as MapsPlacesResponse;
    expect(zip.results[0]?.formattedAddress).toContain('10001');
    const coords = (await get('/api/v1/maps/geocode?q=48.85,%202.35')).body as MapsPlacesResponse;
    expect(coords.results[0]?.coordinate).toEqual({ latitude: 48.85, longitude: 2.35 });
    const cairo = (
      await get(`/api/v1/maps/geocode?q=${encodeURIComponent('القاهرة')}&countries=EG&lang=ar`)
    ).body as MapsPlacesResponse;
    expect(cairo.results[0]?.countryCode).toBe('EG');
  });

  it('answers an empty list, not an error, when nothing is found', async () => {
    const res = await get('/api/v1/maps/geocode?q=qqqqxxxzzz&countries=FR');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [] });
  });

  it('says when a postcode has no offline data, and suggests what a typo probably meant', async () => {
    const gb = await get(`/api/v1/maps/geocode?q=${encodeURIComponent('SW1A 1AA')}&countries=GB`);
    expect(gb.body).toEqual({
      results: [],
      notice: { code: 'postcode-not-offline', countries: ['GB'] },
    });
    const paris = (await get('/api/v1/maps/geocode?q=75001&countries=FR&lang=fr'))
      .body as MapsPlacesResponse;
    expect(paris.results[0]?.displayLines[0]).toBe('75001');
    const typo = (await get('/api/v1/maps/autocomplete?q=Berln&countries=DE&lang=en'))
      .body as MapsPlacesResponse;
    expect(typo.results).toEqual([]);
    expect(typo.suggestion?.displayLines[0]).toBe('Berlin');
  });

  it('answers a street it cannot place with the town the address names, saying so', async () => {
    const q = encodeURIComponent('Marienplatz 1, München');
    for (const endpoint of ['geocode', 'autocomplete', 'geocode']) {
      // Twice the same geocode: the cached answer keeps its notice.
      const res = await get(`/api/v1/maps/${endpoint}?q=${q}&countries=DE&lang=de`);
      const body = res.body as MapsPlacesResponse;
      expect(body.results[0]?.displayLines[0]).toBe('München');
      expect(body.notice).toEqual({ code: 'street-not-found', countries: ['DE'], town: 'München' });
    }
    const ny = (
      await get(
        `/api/v1/maps/geocode?q=${encodeURIComponent('350 5th Ave, New York')}&countries=US`,
      )
    ).body as MapsPlacesResponse;
    expect(ny.notice?.town).toBe('New York City');
    // A town typed as such: its places, no notice.
    const town = (await get(`/api/v1/maps/geocode?q=M%C3%BCnchen&countries=DE&lang=de`))
      .body as MapsPlacesResponse;
    expect(town.results[0]?.displayLines[0]).toBe('München');
    expect(town.notice).toBeUndefined();
  });
});

describe('GET /api/v1/maps/reverse', () => {
  it('names the nearest place with its country code, in the visitor language', async () => {
    const res = (await get('/api/v1/maps/reverse?lat=48.853&lon=2.349&lang=fr')).body;
    const first = (res as MapsPlacesResponse).results[0];
    expect(first?.countryCode).toBe('FR');
    expect(first?.displayLines[0]).toBe('Paris');
  });

  it.each([
    ['lat=200&lon=1', 'PARAMETER_OUT_OF_RANGE', 'lat'],
    ['lat=1', 'MISSING_PARAMETER', 'lon'],
    ['lat=abc&lon=1', 'INVALID_PARAMETER', 'lat'],
  ])('%s → 400 %s', async (query, code, param) => {
    const res = await get(`/api/v1/maps/reverse?${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code, param });
  });
});

describe('GET /api/v1/maps/eta', () => {
  it('estimates travel time per destination and mode, never cached', async () => {
    const url = '/api/v1/maps/eta?origin=48.85,2.35&destinations=48.86,2.30;48.9,2.4';
    const car = await get(`${url}&mode=automobile`);
    const walk = await get(`${url}&mode=walking`);
    expect(car.headers['cache-control']).toBe('no-store');
    const c = (car.body as MapsEtaResponse).etas;
    const w = (walk.body as MapsEtaResponse).etas;
    expect(c).toHaveLength(2);
    expect(c[0]?.estimate).toBe(true);
    expect(w[0]!.expectedTravelTime).toBeGreaterThan(c[0]!.expectedTravelTime);
  });

  it.each([
    ['', 'MISSING_PARAMETER', 'origin'],
    ['origin=x&destinations=1,1', 'INVALID_PARAMETER', 'origin'],
    ['origin=1,1&destinations=1,1&mode=bike', 'INVALID_PARAMETER', 'mode'],
    ['origin=1,1', 'MISSING_PARAMETER', 'destinations'],
    ['origin=91,1&destinations=1,1', 'INVALID_PARAMETER', 'origin'],
  ])('%s → 400 %s', async (query, code, param) => {
    const res = await get(`/api/v1/maps/eta?${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code, param });
  });
});

describe('answers written by the compiled serialisers', () => {
  it.each([
    `/api/v1/maps/autocomplete?q=${encodeURIComponent('القا')}&countries=EG&lang=ar`,
    `/api/v1/maps/autocomplete?q=${encodeURIComponent('東')}&lang=zh-Hant&limit=20`,
    '/api/v1/maps/geocode?q=48.85,%202.35&lang=fr',
    '/api/v1/maps/reverse?lat=-33.87&lon=151.21&lang=ja',
    '/api/v1/maps/eta?origin=48.85,2.35&destinations=48.86,2.30;48.85,2.35&mode=walking',
  ])('%s: the bytes JSON.stringify would write, every field kept', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(JSON.parse(res.body)));
    const body = res.json() as { results?: object[]; etas?: object[] };
    const first = body.results?.[0] ?? body.etas?.[0];
    expect(Object.keys(first ?? {})).toEqual(
      body.results
        ? ['displayLines', 'coordinate', 'formattedAddress', 'countryCode']
        : ['expectedTravelTime', 'distance', 'estimate'],
    );
  });

  it('answers odd but valid queries (left to the schemas) as before', async () => {
    const res = await get('/api/v1/maps/autocomplete?q=leeds&countries=&lang=&limit=&x=1');
    expect(res.status).toBe(200);
    expect((res.body as MapsPlacesResponse).results[0]?.countryCode).toBe('GB');
    const repeated = await get('/api/v1/maps/autocomplete?q=leeds&q=york');
    expect(repeated.status).toBe(400);
    expect(errorOf(repeated.body).param).toBe('q');
  });
});
