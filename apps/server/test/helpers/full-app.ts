/**
 * The whole app as main.ts builds it — API, maps endpoints on the embedded engine, basemap,
 * host page and (optionally) the built web app — over a test database. helpers/app.ts builds
 * the API alone.
 */
import { loadEmbeddedProvider, type MapsProvider } from '@locator/geo';
import { buildApp } from '../../src/app.js';
import { loadEnv } from '../../src/env.js';
import { loadSettings } from '../../src/settings.js';
import { createServices } from '../../src/compose.js';
import { loadAnalyticsConfig } from '../../src/modules/analytics/config.js';
import { loadBasemapConfig } from '../../src/modules/basemap/config.js';
import type { Database } from '../../src/db/types.js';
import { localesDir, type TestApp } from './app.js';

let engine: Promise<MapsProvider> | undefined;

/** The embedded maps engine, loaded once per test file. */
export function embeddedMaps(): Promise<MapsProvider> {
  return (engine ??= loadEmbeddedProvider());
}

export interface FullAppOptions {
  /** settings.ts variables (default: no demo data, the helper's small translations folder). */
  settings?: Record<string, string>;
  /** env.ts variables (default: silent log, no built web app). */
  env?: Record<string, string>;
  /** modules/analytics/config.ts variables. */
  analytics?: Record<string, string>;
  /** modules/basemap/config.ts variables (default: the embedded basemap). */
  basemap?: Record<string, string>;
  /** The rate limits' wait for a Redis command (default: the server's, 100 ms). */
  redisCommandTimeoutMs?: number;
}

export async function makeFullApp(db: Database, options: FullAppOptions = {}): Promise<TestApp> {
  const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist', ...options.env });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    LOCALES_DIR: localesDir(),
    ...options.settings,
  });
  const maps = await embeddedMaps();
  const services = await createServices(env, settings, {
    database: db,
    analytics: loadAnalyticsConfig({ ...options.analytics }),
    maps,
    ...(options.redisCommandTimeoutMs
      ? { redisCommandTimeoutMs: options.redisCommandTimeoutMs }
      : {}),
  });
  const app = await buildApp({
    env,
    modules: services.modules,
    maps,
    basemap: loadBasemapConfig({ ...options.basemap }),
    preloadConfig: services.preloadConfig,
    pages: services.pages,
    logger: false,
  });
  await app.ready();
  return { app, services };
}
