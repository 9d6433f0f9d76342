/**
 * Embedding (docs/EMBEDDING.md): EMBED_ORIGINS validated at start-up; unset, /embed/ answers
 * 404 and nobody else may read anything; set, exactly those origins get cross-origin answers on
 * the public paths (no credentials, preflight cached a day), another origin's preflight is
 * refused, and the iframe page may be framed by those origins only. The real app over both
 * databases, with a small built web app holding the element script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { ConfigError, loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { createServices } from '../src/compose.js';
import { loadSecurityConfig } from '../src/http/security.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, config, testStores } from './helpers/fixtures.js';
import { localesDir } from './helpers/app.js';

const SHOP = 'https://shop.example.com';
const OTHER = 'https://evil.example.net';
const SEARCH = `/api/v1/grlui/uk/en/sales?pt=all&lat=${LONDON.lat}&lon=${LONDON.lon}&maxrad=100&maxResult=5`;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-embed-dist-'));
  mkdirSync(join(dir, 'embed/v1/assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dir, 'embed/v1/locator.js'), 'export {};\n');
  return dir;
}

async function embedApp(t: TestDb, dist: string, origins: string): Promise<FastifyInstance> {
  const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: dist });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    LOCALES_DIR: localesDir(),
    RATE_LIMIT_SEARCH: '0',
  });
  const services = await createServices(env, settings, { database: t.db });
  const app = await buildApp({
    env,
    modules: services.modules,
    security: loadSecurityConfig({ EMBED_ORIGINS: origins }),
    logger: false,
  });
  await app.ready();
  return app;
}

describe('EMBED_ORIGINS', () => {
  it('is off by default, and lower-cases and de-duplicates the origins', () => {
    expect(loadSecurityConfig({}).EMBED_ORIGINS).toEqual([]);
    expect(
      loadSecurityConfig({
        EMBED_ORIGINS: 'https://Shop.example.com, http://127.0.0.1:8080 https://shop.example.com',
      }).EMBED_ORIGINS,
    ).toEqual(['https://shop.example.com', 'http://127.0.0.1:8080']);
  });

  it('refuses what is not an origin, naming each bad entry', () => {
    let error: unknown;
    try {
      loadSecurityConfig({ EMBED_ORIGINS: 'https://ok.example.com * https://x.example.com/path' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^EMBED_ORIGINS\.1: must be http\(s\) origins/m);
    expect(problems).toMatch(/^EMBED_ORIGINS\.2: /m);
  });
});

describe.each(DIALECTS)('embedding on %s', (dialect) => {
  let t: TestDb;
  let dist: string;
  let on: FastifyInstance;
  let off: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 50));
    dist = webDist();
    on = await embedApp(t, dist, SHOP);
    off = await embedApp(t, dist, '');
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await t?.cleanup();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('unset: no element script, no frame page, no cross-origin answer', async () => {
    const script = await off.inject({ url: '/embed/v1/locator.js', headers: { origin: SHOP } });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await off.inject('/embed/v1/frame')).statusCode).toBe(404);
    const search = await off.inject({ url: SEARCH, headers: { origin: SHOP } });
    expect(search.statusCode).toBe(200);
    expect(search.headers['access-control-allow-origin']).toBeUndefined();
    expect(search.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers an allowed origin on the public paths, without credentials', async () => {
    for (const url of [
      SEARCH,
      '/api/v1/grlui/uk/en/globalmatrix',
      '/locales/commons-en_US.json',
      '/embed/v1/locator.js',
    ]) {
      const res = await on.inject({ url, headers: { origin: SHOP } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(SHOP);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(res.headers.vary), url).toMatch(/Origin/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });

  it('gives another origin nothing to read, and no cross-origin answer off the public paths', async () => {
    const res = await on.inject({ url: SEARCH, headers: { origin: OTHER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const admin = await on.inject({ url: '/api/v1/admin/stores', headers: { origin: SHOP } });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an allowed preflight 204, cached a day; refuses another origin 403', async () => {
    const ok = await on.inject({
      method: 'OPTIONS',
      url: '/api/v1/maps/autocomplete?q=lon',
      headers: { origin: SHOP, 'access-control-request-method': 'GET' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-max-age': '86400',
    });
    const refused = await on.inject({
      method: 'OPTIONS',
      url: SEARCH,
      headers: { origin: OTHER, 'access-control-request-method': 'GET' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the frame page to be framed by the allowed origins only', async () => {
    const res = await on.inject(
      '/embed/v1/frame?country=ae&lang=ar&place=%22%3E%3Cscript%3E&lat=25.2&lon=55.27&x=1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toMatch(
      new RegExp(`frame-ancestors ${SHOP}(;|$)`),
    );
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(res.body).toContain('<html lang="ar-AE" dir="rtl">');
    expect(res.body).toContain('<store-locator country="ae" lang="ar" lat="25.2" lon="55.27">');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain(`data-locator-frame="${SHOP}"`);
    // Other pages still may not be framed.
    const page = await on.inject('/uk/en/');
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
  });
});
