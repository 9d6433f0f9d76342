/**
 * Security headers: the Content-Security-Policy of the host page and its scripts (no
 * inline or evaluated script), the data policy of API answers, Strict-Transport-Security and
 * upgrade-insecure-requests only over HTTPS, the map's configured origins in the policy, and the
 * other hardening headers on every response. The real app (buildApp) with a small built web app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadEnv, ConfigError } from '../src/env.js';
import { loadBasemapConfig } from '../src/modules/basemap/config.js';
import {
  DATA_CONTENT_SECURITY_POLICY,
  loadSecurityConfig,
  mapOrigins,
  registerSecurityHeaders,
} from '../src/http/security.js';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { directives } from './helpers/csp.js';

const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function expectCommonHeaders(res: LightMyRequestResponse): void {
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'geolocation=(self), camera=(), microphone=()',
  });
}

/** A built web app in miniature: index.html, a module script, the map worker, a translation. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-security-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'locales'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-a1.js'), 'export const x = 1;\n');
  writeFileSync(join(dir, 'assets', 'maplibre-gl-worker-b2.mjs'), 'self.onmessage = () => {};\n');
  writeFileSync(join(dir, 'assets', 'index-c3.css'), 'body { margin: 0 }\n');
  writeFileSync(join(dir, 'locales', 'commons-en_US.json'), '{"hello":"Hello"}');
  return dir;
}

describe('security headers of the app', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = webDist();
    app = await buildApp({
      // The TLS proxy is on loopback (inject's address): its X-Forwarded-Proto is believed.
      env: loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: dist, TRUST_PROXY: 'loopback' }),
      basemap: loadBasemapConfig({}),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the page policy with the host page: no inline or evaluated script', async () => {
    const res = await app.inject('/uk/en/sales');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<script type="application/json" id="locator-boot">');
    expectCommonHeaders(res);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toBe(PAGE_POLICY);
    const d = directives(policy);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    for (const [name, values] of d) {
      expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain('*');
    }
    // Plain HTTP (localhost): no HSTS, and no upgrade of our own http:// requests.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends the page policy with scripts, since a worker takes its own script’s policy', async () => {
    for (const path of ['/assets/index-a1.js', '/assets/maplibre-gl-worker-b2.mjs']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/javascript/);
      expect(res.headers['content-security-policy'], path).toBe(PAGE_POLICY);
      expectCommonHeaders(res);
    }
  });

  it('sends the data policy with API answers, tiles, translations and stylesheets', async () => {
    for (const path of [
      '/healthz',
      '/api/v1/nothing',
      '/basemap/config.json?lang=en',
      '/basemap/style.json?lang=en',
      '/basemap/style.json?lang=<script>',
      '/locales/commons-en_US.json',
      '/assets/index-c3.css',
    ]) {
      const res = await app.inject(path);
      expect(res.headers['content-type'], path).not.toMatch(/html|javascript/);
      expect(res.headers['content-security-policy'], path).toBe(DATA_CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res);
    }
  });

  it('adds HSTS and upgrade-insecure-requests behind a TLS proxy (X-Forwarded-Proto: https)', async () => {
    const page = await app.inject({ url: '/uk/en/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toBe(
      `${PAGE_POLICY}; upgrade-insecure-requests`,
    );
    const api = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(api.headers['content-security-policy']).toBe(DATA_CONTENT_SECURITY_POLICY);
  });

  it('ignores X-Forwarded-Proto and X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const direct = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist' }),
      logger: false,
    });
    direct.get('/whoami', (request) => ({ ip: request.ip, protocol: request.protocol }));
    const res = await direct.inject({
      url: '/whoami',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    await direct.close();
    expect(res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const proxied = await buildApp({
      env: loadEnv({
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent/web-dist',
        TRUST_PROXY: '127.0.0.1',
      }),
      logger: false,
    });
    proxied.get('/whoami', (request) => ({ ip: request.ip, protocol: request.protocol }));
    const behind = await proxied.inject({
      url: '/whoami',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    await proxied.close();
    expect(behind.json()).toEqual({ ip: '203.0.113.9', protocol: 'https' });
  });

  it('rejects a TRUST_PROXY that is not off or a list of addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: must be "off"/);
  });

  it('sends the headers with errors too', async () => {
    // A page path answers GET and HEAD only.
    const res = await app.inject({ method: 'POST', url: '/uk/en/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectCommonHeaders(res);
    expect(res.headers['content-security-policy']).toBe(DATA_CONTENT_SECURITY_POLICY);
  });
});

describe('the map’s origins in the policy', () => {
  const vendor = loadBasemapConfig({
    MAP_STYLE: 'vendor',
    MAP_STYLE_URL: 'https://Maps.Example.com:8443/styles/streets/style.json?key={key}',
  });

  it('adds the vendor style’s origin, and the extra origins, to connect-src and img-src', async () => {
    const app = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist' }),
      basemap: vendor,
      logger: false,
    });
    const res = await app.inject('/de/de/');
    await app.close();
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://maps.example.com:8443']);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://maps.example.com:8443']);
    expect(d.get('script-src')).toEqual(["'self'"]);

    const security = loadSecurityConfig({
      CSP_EXTRA_ORIGINS:
        'https://tiles.example.net, https://maps.example.com:8443  http://GLYPHS.example.org',
    });
    expect(mapOrigins(vendor, security)).toEqual([
      'https://maps.example.com:8443',
      'https://tiles.example.net',
      'http://glyphs.example.org',
    ]);
  });

  it('has no other origin for the embedded or PMTiles basemaps, whatever MAP_STYLE_URL says', () => {
    const none = loadSecurityConfig({});
    expect(mapOrigins(loadBasemapConfig({}), none)).toEqual([]);
    expect(
      mapOrigins(loadBasemapConfig({ MAP_STYLE_URL: 'https://maps.example.com/style.json' }), none),
    ).toEqual([]);
  });
});

describe('security settings', () => {
  it('defaults to a year of HSTS and no extra origins', () => {
    expect(loadSecurityConfig({})).toEqual({
      HSTS_MAX_AGE: 31536000,
      CSP_EXTRA_ORIGINS: [],
      EMBED_ORIGINS: [],
    });
  });

  it('turns HSTS off with 0 and sets the policy from the given settings', async () => {
    const app = Fastify({ logger: false, trustProxy: true });
    registerSecurityHeaders(app, {
      basemap: loadBasemapConfig({}),
      security: loadSecurityConfig({
        HSTS_MAX_AGE: '0',
        CSP_EXTRA_ORIGINS: 'https://tiles.example.net',
      }),
    });
    app.get('/', (_req, reply) => reply.type('text/html').send('<p>x</p>'));
    const res = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    await app.close();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://tiles.example.net']);
    expect(d.has('upgrade-insecure-requests')).toBe(true);
  });

  it('lists every bad setting', () => {
    let error: unknown;
    try {
      loadSecurityConfig({
        HSTS_MAX_AGE: '-1',
        CSP_EXTRA_ORIGINS: "https://ok.example.com 'unsafe-inline' https://x.example.com/path",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^HSTS_MAX_AGE: /m);
    expect(problems).toMatch(/^CSP_EXTRA_ORIGINS\.1: must be http\(s\) origins/m);
    expect(problems).toMatch(/^CSP_EXTRA_ORIGINS\.2: /m);
  });
});

describe('security headers of a search answer (SQLite)', () => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
    await t.db.stores.replaceAll(testStores(config(), 50));
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('sends the data policy and the common headers with the hot search answer', async () => {
    const res = await a.app.inject(
      `/api/v1/grlui/uk/en/sales?pt=all&lat=${LONDON.lat}&lon=${LONDON.lon}&maxrad=100&maxResult=5`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-security-policy']).toBe(DATA_CONTENT_SECURITY_POLICY);
    expectCommonHeaders(res);
  });
});
