/**
 * Per-client rate limits: store search (RATE_LIMIT_SEARCH), the location-search
 * statistic (RATE_LIMIT_STATS) and the maps endpoints (RATE_LIMIT_MAPS, one budget over
 * autocomplete, geocode, reverse and ETA). Beyond the limit: 429 with the catalogue's
 * RATE_LIMITED body and a Retry-After header. The API and the maps endpoints each register
 * @fastify/rate-limit in their own encapsulated plugin; these tests also show the two instances
 * count separately and do not clash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CATALOGUE } from '@locator/core';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, fixtureStores } from './helpers/fixtures.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';
import { loadSettings } from '../src/settings.js';

const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const AUTOCOMPLETE = '/api/v1/maps/autocomplete?q=manch&countries=GB&lang=en-GB';
const STATISTIC = {
  channel: 'sales',
  country: 'uk',
  locale: 'en_GB',
  latitude: 51.5,
  longitude: -0.12,
  product: '',
  searchedLocation: '',
};

let t: TestDb;
const apps: TestApp[] = [];

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
});
afterAll(async () => {
  for (const a of apps) await a.app.close();
  await t.cleanup();
});

async function appWith(settings: Record<string, string>): Promise<TestApp['app']> {
  const a = await makeFullApp(t.db, {
    settings: { RATE_LIMIT_SEARCH: '0', RATE_LIMIT_STATS: '0', RATE_LIMIT_MAPS: '0', ...settings },
    analytics: { RATE_LIMIT_EVENTS: '0' },
  });
  apps.push(a);
  return a.app;
}

/** The 429 of the catalogue: RATE_LIMITED body, Retry-After in whole seconds within the minute. */
function expectRateLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.statusCode).toBe(ERROR_CATALOGUE.RATE_LIMITED.status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests; retry in /),
    },
  });
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  it('search: 429 RATE_LIMITED with Retry-After beyond RATE_LIMIT_SEARCH; other clients go on', async () => {
    const app = await appWith({ RATE_LIMIT_SEARCH: '3' });
    for (let i = 0; i < 3; i += 1) expect((await app.inject(SEARCH)).statusCode).toBe(200);
    expectRateLimited(await app.inject(SEARCH));
    // Invalid searches count too (the limit runs before the query is read).
    expectRateLimited(await app.inject('/api/v1/grlui/uk/en/sales?lat=x'));
    expect((await app.inject({ url: SEARCH, remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    // Configuration is not limited.
    expect((await app.inject('/api/v1/grlui/uk/en/globalmatrix')).statusCode).toBe(200);
  });

  it('statistics: 429 RATE_LIMITED with Retry-After beyond RATE_LIMIT_STATS', async () => {
    const app = await appWith({ RATE_LIMIT_STATS: '2' });
    const post = (remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/grlui/locationSearch',
        payload: STATISTIC,
        remoteAddress,
      });
    expect((await post()).statusCode).toBe(204);
    expect((await post()).statusCode).toBe(204);
    expectRateLimited(await post());
    expect((await post('10.0.0.3')).statusCode).toBe(204);
  });

  it('autocomplete: 429 RATE_LIMITED with Retry-After beyond RATE_LIMIT_MAPS', async () => {
    const app = await appWith({ RATE_LIMIT_MAPS: '4' });
    for (let i = 0; i < 4; i += 1) expect((await app.inject(AUTOCOMPLETE)).statusCode).toBe(200);
    expectRateLimited(await app.inject(AUTOCOMPLETE));
    expect((await app.inject({ url: AUTOCOMPLETE, remoteAddress: '10.0.0.4' })).statusCode).toBe(
      200,
    );
  });

  it('maps: one budget per client over autocomplete, geocode, reverse and ETA', async () => {
    const app = await appWith({ RATE_LIMIT_MAPS: '4' });
    const urls = [
      AUTOCOMPLETE,
      '/api/v1/maps/geocode?q=leeds&countries=GB',
      '/api/v1/maps/reverse?lat=48.853&lon=2.349&lang=fr',
      '/api/v1/maps/eta?origin=48.85,2.35&destinations=48.86,2.30',
    ];
    for (const url of urls) expect((await app.inject(url)).statusCode).toBe(200);
    for (const url of urls) expectRateLimited(await app.inject(url));
  });

  it('the API and maps limiters count separately (two plugin instances, no clash)', async () => {
    const app = await appWith({ RATE_LIMIT_SEARCH: '2', RATE_LIMIT_MAPS: '2' });
    expect((await app.inject(AUTOCOMPLETE)).statusCode).toBe(200);
    expect((await app.inject(AUTOCOMPLETE)).statusCode).toBe(200);
    expectRateLimited(await app.inject(AUTOCOMPLETE));
    // The maps budget is spent; the search budget is untouched, and the other way round.
    expect((await app.inject(SEARCH)).statusCode).toBe(200);
    expect((await app.inject(SEARCH)).statusCode).toBe(200);
    expectRateLimited(await app.inject(SEARCH));
    expectRateLimited(await app.inject(AUTOCOMPLETE));
    // Each counted a request once: x-ratelimit-remaining counts down by one.
    const fresh = { remoteAddress: '10.0.0.5' };
    const first = await app.inject({ url: AUTOCOMPLETE, ...fresh });
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('0 turns a limit off', async () => {
    const app = await appWith({});
    for (let i = 0; i < 30; i += 1) {
      expect((await app.inject(AUTOCOMPLETE)).statusCode).toBe(200);
      expect((await app.inject(SEARCH)).statusCode).toBe(200);
    }
    expect((await app.inject(AUTOCOMPLETE)).headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('RATE_LIMIT_MAPS setting', () => {
  it('defaults to 600 a minute and accepts 0', () => {
    expect(loadSettings({}).RATE_LIMIT_MAPS).toBe(600);
    expect(loadSettings({ RATE_LIMIT_MAPS: '0' }).RATE_LIMIT_MAPS).toBe(0);
  });

  it('rejects a negative or non-numeric value, naming the variable', () => {
    expect(() => loadSettings({ RATE_LIMIT_MAPS: '-1' })).toThrow(/RATE_LIMIT_MAPS/);
    expect(() => loadSettings({ RATE_LIMIT_MAPS: 'lots' })).toThrow(/RATE_LIMIT_MAPS/);
  });
});
