/**
 * POST /api/v1/analytics/events on both databases: validation, storage (nothing personal,
 * positions rounded), the location-search statistic in the same store, the per-client limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { loadAnalyticsConfig } from '../src/modules/analytics/config.js';
import { createServices } from '../src/compose.js';
import { loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { buildApp } from '../src/app.js';
import { clientKeyer } from '../src/modules/analytics/routes.js';
import { EVENT_COLUMNS } from '../src/db/types.js';

const URL = '/api/v1/analytics/events';
const ALL_TIME = { from: new Date('2000-01-01'), to: new Date('2100-01-01') };

const view = {
  type: 'pageView',
  page: 'results',
  locale: 'en-GB',
  country: 'uk',
  channel: 'sales',
};
const search = {
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en-GB',
  product: '1',
  carrier: 'EE',
  trigger: 'form',
  dropOff: false,
  resultCount: 0,
  latitude: 53.48095,
  longitude: -2.23743,
};
const click = {
  type: 'click',
  link: 'directions',
  locale: 'en-GB',
  channel: 'sales',
  country: 'GB',
  product: 'all',
  storeId: 'GB-1',
};

/** An app with its own analytics settings (rate limit, on/off). */
async function appWith(t: TestDb, analytics: Record<string, string>): Promise<TestApp> {
  const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist' });
  const settings = loadSettings({ DEMO_DATA: 'off' });
  const services = await createServices(env, settings, {
    database: t.db,
    analytics: loadAnalyticsConfig(analytics),
  });
  const app = await buildApp({ env, modules: services.modules, logger: false });
  await app.ready();
  return { app, services };
}

describe.each(DIALECTS)('analytics events endpoint on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    a.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as string,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    a = await makeApp(t.db, { RATE_LIMIT_STATS: '0' });
  });
  afterAll(async () => {
    await a.app.close();
    await t.cleanup();
  });

  it('stores a batch: country as configured, locale as en_GB, position rounded to ~1 km', async () => {
    const before = await t.db.events.count();
    const res = await post({ events: [view, search, click] }, {}, '203.0.113.7');
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await t.db.events.count()).toBe(before + 3);
    const rows = await t.db.events.group({
      ...ALL_TIME,
      type: 'search',
      by: [
        'country',
        'locale',
        'channel',
        'product',
        'carrier',
        'trigger',
        'dropOff',
        'resultCount',
        'latitude',
        'longitude',
      ],
    });
    expect(rows).toEqual([
      {
        key: {
          country: 'GB',
          locale: 'en_GB',
          channel: 'sales',
          product: '1',
          carrier: 'EE',
          trigger: 'form',
          dropOff: false,
          resultCount: 0,
          latitude: 53.48,
          longitude: -2.24,
        },
        count: 1,
      },
    ]);
    const views = await t.db.events.group({
      ...ALL_TIME,
      type: 'pageView',
      by: ['country', 'page'],
    });
    expect(views).toEqual([{ key: { country: 'GB', page: 'results' }, count: 1 }]);
    const clicks = await t.db.events.group({
      ...ALL_TIME,
      type: 'click',
      by: ['link', 'storeId', 'product'],
    });
    expect(clicks).toEqual([
      { key: { link: 'directions', storeId: 'GB-1', product: 'all' }, count: 1 },
    ]);
  });

  it('keeps nothing about the visitor: no address, agent, cookie or free text column', async () => {
    await post(
      { events: [view] },
      { 'user-agent': 'Secret/1.0', cookie: 'id=42' },
      '198.51.100.23',
    );
    // Every column of every stored event, as the report sees them.
    const all = await t.db.events.group({
      ...ALL_TIME,
      by: [...EVENT_COLUMNS],
    });
    const text = JSON.stringify(all);
    for (const secret of ['198.51.100.23', '203.0.113.7', 'Secret', 'id=42', '53.48095']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 400 INVALID_BODY naming the field of the first problem', async () => {
    const before = await t.db.events.count();
    const error = async (payload: unknown, param: string | undefined) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_BODY');
      expect(res.json().error.param).toBe(param);
    };
    await error({ events: [{ ...search, type: 'purchase' }] }, 'events.0.type');
    await error({ events: [view, { ...search, channel: 'repairs' }] }, 'events.1.channel');
    await error({ events: [{ ...search, country: 'zz' }] }, 'events.0.country');
    await error({ events: [{ ...view, locale: 'english' }] }, 'events.0.locale');
    await error({ events: [{ ...search, product: 'Phone' }] }, 'events.0.product');
    await error({ events: [{ ...click, link: 'mailto' }] }, 'events.0.link');
    await error({ events: [{ ...search, resultCount: -1 }] }, 'events.0.resultCount');
    await error({ events: [{ ...view, page: 'admin' }] }, 'events.0.page');
    await error({ events: [{ ...search, latitude: 91 }] }, 'events.0.latitude');
    await error({ events: [{ ...click, url: 'https://example.com/?saddr=home' }] }, 'events.0');
    await error({ events: [] }, 'events');
    await error({ events: Array.from({ length: 51 }, () => view) }, 'events');
    await error({ events: [view], ip: '1.2.3.4' }, undefined);
    const bad = await post('{"events":', { 'content-type': 'application/json' });
    expect(bad.json().error.code).toBe('INVALID_BODY');
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await post({ events: [view], pad: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    // One bad event rejects the whole batch: nothing was stored.
    expect(await t.db.events.count()).toBe(before);
  });

  it('keeps the location-search statistic (PRODUCT.md#location-search-statistic) in the same store, rounded', async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/grlui/locationSearch',
      payload: {
        channel: 'service',
        country: 'uk',
        locale: 'en_GB',
        latitude: 51.50735,
        longitude: -0.12776,
        product: 'Phone',
        searchedLocation: '10 Downing Street, London',
      },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.events.group({
      ...ALL_TIME,
      type: 'locationSearch',
      by: ['channel', 'country', 'locale', 'product', 'latitude', 'longitude'],
    });
    expect(rows).toEqual([
      {
        key: {
          channel: 'service',
          country: 'GB',
          locale: 'en_GB',
          product: 'Phone',
          latitude: 51.51,
          longitude: -0.13,
        },
        count: 1,
      },
    ]);
    expect(await t.db.statistics.count()).toBe(1);
  });

  it('limits requests per client (429 RATE_LIMITED with Retry-After); others go on', async () => {
    const limited = await appWith(t, { RATE_LIMIT_EVENTS: '2' });
    const send = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: URL,
        payload: { events: [view] },
        remoteAddress: ip,
      });
    expect((await send('192.0.2.1')).statusCode).toBe(204);
    expect((await send('192.0.2.1')).statusCode).toBe(204);
    const third = await send('192.0.2.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('192.0.2.2')).statusCode).toBe(204);
    await limited.app.close();
  });

  it('validates but keeps nothing when ANALYTICS=off', async () => {
    const off = await appWith(t, { ANALYTICS: 'off' });
    const before = await t.db.events.count();
    const ok = await off.app.inject({ method: 'POST', url: URL, payload: { events: [view] } });
    expect(ok.statusCode).toBe(204);
    const bad = await off.app.inject({
      method: 'POST',
      url: URL,
      payload: { events: [{ ...view, page: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.events.count()).toBe(before);
    await off.app.close();
  });

  it('deletes events past the retention period', async () => {
    const old = new Date('2001-01-01T00:00:00Z');
    await t.db.events.insertMany([
      {
        at: old,
        type: 'pageView',
        channel: null,
        country: null,
        locale: 'en_US',
        product: null,
        carrier: null,
        link: null,
        page: 'home',
        trigger: null,
        dropOff: null,
        resultCount: null,
        beyondRadius: false,
        latitude: null,
        longitude: null,
        storeId: null,
        embedOrigin: null,
      },
    ]);
    const before = await t.db.events.count();
    const kept = await appWith(t, { ANALYTICS_RETENTION_DAYS: '30' });
    expect(await t.db.events.count()).toBe(before - 1);
    await kept.app.close();
  });
});

describe('rate-limit key', () => {
  it('is a salted hash of the address that changes every day', () => {
    let now = Date.parse('2026-11-01T10:00:00Z');
    const key = clientKeyer(() => now);
    const a = key('192.0.2.1');
    expect(a).not.toContain('192');
    expect(key('192.0.2.1')).toBe(a);
    expect(key('192.0.2.2')).not.toBe(a);
    now += 86_400_000;
    expect(key('192.0.2.1')).not.toBe(a);
  });
});
