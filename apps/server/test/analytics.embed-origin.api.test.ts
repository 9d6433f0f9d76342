/**
 * Analytics events from an embed on both databases: a batch posted from a page of EMBED_ORIGINS
 * keeps that origin (scheme, host, port only), a batch from any other origin or from the
 * locator's own pages keeps none, and the events are stored either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { createServices } from '../src/compose.js';
import { loadAnalyticsConfig } from '../src/modules/analytics/config.js';
import { loadSecurityConfig } from '../src/http/security.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';

const URL = '/api/v1/analytics/events';
const ALL_TIME = { from: new Date('2000-01-01'), to: new Date('2100-01-01') };
const SHOP = 'https://shop.example.com';
const PARTNER = 'http://127.0.0.1:8080';
const OTHER = 'https://evil.example.net';
/** The locator's own address, listed too: its own pages still keep no embedding origin. */
const OWN = 'https://locator.example.org';

const search = (product: string) => ({
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en-GB',
  product,
  trigger: 'form',
  resultCount: 3,
});

describe.each(DIALECTS)('embedding origin of analytics events on %s', (dialect) => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist' });
    const settings = loadSettings({ DEMO_DATA: 'off' });
    const services = await createServices(env, settings, {
      database: t.db,
      analytics: loadAnalyticsConfig({ RATE_LIMIT_EVENTS: '0' }),
    });
    app = await buildApp({
      env,
      modules: services.modules,
      security: loadSecurityConfig({ EMBED_ORIGINS: `${SHOP} ${PARTNER} ${OWN}` }),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const post = (product: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { events: [search(product), { type: 'click', link: 'website', locale: 'en-GB' }] },
    });

  it('keeps an allowed origin, and no other', async () => {
    const allowed = await post('1', { origin: 'https://Shop.example.com' });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHOP);
    expect((await post('1', { origin: PARTNER })).statusCode).toBe(204);
    const refused = await post('2', { origin: OTHER });
    // Stored all the same (the CORS layer keeps the page from reading the answer), origin not.
    expect(refused.statusCode).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect((await post('3', {})).statusCode).toBe(204);
    const own = await post('4', { origin: OWN, host: 'locator.example.org' });
    expect(own.statusCode).toBe(204);

    const byProduct = await t.db.events.group({
      ...ALL_TIME,
      type: 'search',
      by: ['product', 'embedOrigin'],
    });
    const rows = byProduct.map((g) => `${g.key.product} ${g.key.embedOrigin} ${g.count}`).sort();
    expect(rows).toEqual([`1 ${PARTNER} 1`, `1 ${SHOP} 1`, '2 null 1', '3 null 1', '4 null 1']);
    const clicks = await t.db.events.group({ ...ALL_TIME, type: 'click', by: ['embedOrigin'] });
    expect(Object.fromEntries(clicks.map((g) => [String(g.key.embedOrigin), g.count]))).toEqual({
      [SHOP]: 1,
      [PARTNER]: 1,
      null: 3,
    });
    // Only origins are kept: nothing about the page or the visitor.
    const all = await t.db.events.group({ ...ALL_TIME, by: ['embedOrigin'] });
    for (const g of all) {
      expect([SHOP, PARTNER, null]).toContain(g.key.embedOrigin);
    }
  });
});
