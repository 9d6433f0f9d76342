/**
 * A vendor style with a key, configured as a deployment would (environment → loadConfiguration):
 * the web app is told to load the vendor's style with `{key}`, /mapKitToken answers the key,
 * and the host page's Content-Security-Policy lets the map reach the vendor's origin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createServices } from '../src/compose.js';
import { loadConfiguration } from '../src/settings.js';
import { localesDir } from './helpers/app.js';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { directives } from './helpers/csp.js';

const STYLE_URL = 'https://tiles.vendor.example:8443/styles/v1/streets.json?key={key}';

async function appWith(t: TestDb, environment: Record<string, string>): Promise<FastifyInstance> {
  const { env, settings, basemap, security } = loadConfiguration({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent/web-dist',
    DEMO_DATA: 'off',
    LOCALES_DIR: localesDir(),
    ...environment,
  });
  const services = await createServices(env, settings, { database: t.db });
  const app = await buildApp({
    env,
    modules: services.modules,
    preloadConfig: services.preloadConfig,
    pages: services.pages,
    basemap,
    security,
    logger: false,
  });
  await app.ready();
  return app;
}

describe('vendor map style with a key', () => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb('sqlite');
    app = await appWith(t, {
      MAP_STYLE: 'vendor',
      MAP_STYLE_URL: STYLE_URL,
      MAPS_PROVIDER: 'maplibre',
      MAP_TOKEN: 'vendor-key-7',
    });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('config.json sends the vendor style, which needs the key, with our style as fallback', async () => {
    const res = await app.inject('/basemap/config.json?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'vendor',
      style: STYLE_URL,
      token: true,
      fallbackStyle: '/basemap/style.json?lang=en',
    });
  });

  it('/mapKitToken answers the key, never cached', async () => {
    const res = await app.inject('/mapKitToken');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('vendor-key-7');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('the page’s policy allows the vendor’s origin for the map, and nothing else outside', async () => {
    const res = await app.inject('/uk/en/');
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://tiles.vendor.example:8443']);
    expect(d.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tiles.vendor.example:8443',
    ]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('worker-src')).toEqual(["'self'"]);
  });

  it('with the embedded maps provider the key stays empty: the web app keeps our style', async () => {
    const t2 = await openTestDb('sqlite');
    const embedded = await appWith(t2, {
      MAP_STYLE: 'vendor',
      MAP_STYLE_URL: STYLE_URL,
      MAP_TOKEN: 'vendor-key-7',
    });
    expect((await embedded.inject('/mapKitToken')).body).toBe('');
    await embedded.close();
    await t2.cleanup();
  });
});
