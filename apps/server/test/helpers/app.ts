/** Builds the real app (buildApp) over a test database with the data-layer services. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadEnv } from '../../src/env.js';
import { loadSettings } from '../../src/settings.js';
import { createServices, type Services } from '../../src/compose.js';
import type { Database } from '../../src/db/types.js';
import type { WebhookConfig } from '../../src/modules/webhooks/config.js';
import type { SsoConfig } from '../../src/modules/console/sso/config.js';
import type { AnalyticsConfig } from '../../src/modules/analytics/config.js';

/** A translations folder: commons in en_US, fr (language only), de_DE; pages only in en_US. */
export function localesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-locales-'));
  const files: Record<string, object> = {
    'commons-en_US.json': { hello: 'Hello' },
    'commons-fr.json': { hello: 'Bonjour' },
    'commons-de_DE.json': { hello: 'Hallo' },
    'pages-en_US.json': { title: 'Locator' },
  };
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
}

export async function makeApp(
  db: Database,
  settings: Record<string, string> = {},
  env: Record<string, string> = {},
  options: {
    webhooks?: WebhookConfig;
    analytics?: AnalyticsConfig;
    log?: (msg: string) => void;
    now?: () => number;
    sso?: SsoConfig | null;
  } = {},
): Promise<TestApp> {
  const e = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist', ...env });
  const s = loadSettings({ DEMO_DATA: 'off', LOCALES_DIR: localesDir(), ...settings });
  const services = await createServices(e, s, { database: db, ...options });
  const app = await buildApp({
    env: e,
    modules: services.modules,
    preloadConfig: services.preloadConfig,
    pages: services.pages,
    logger: false,
  });
  await app.ready();
  return { app, services };
}
