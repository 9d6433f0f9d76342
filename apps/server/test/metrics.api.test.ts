/**
 * Prometheus metrics (src/metrics/): the metrics port answers the text format after a few
 * searches (request counts and latency histogram per route pattern and status, searches by
 * channel and country, the store index, the database), /metrics on the public port is guarded
 * by METRICS_TOKEN (404 without one configured, 401 with a wrong one, 200 with the right one),
 * and bad settings are configuration errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { register } from 'prom-client';
import { buildApp } from '../src/app.js';
import { createServices, type Services } from '../src/compose.js';
import { ConfigError, loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { startMetricsServer, type MetricsServer } from '../src/metrics/server.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, fixtureStores } from './helpers/fixtures.js';
import { localesDir } from './helpers/app.js';

const TOKEN = 'metrics-token-of-the-test';
const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const SEARCH_ROUTE = '/api/v1/grlui/:countryCode/:lang/:channel';

let t: TestDb;
let services: Services;
let guarded: FastifyInstance;
let open: FastifyInstance;
let server: MetricsServer;

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const e = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist', ...env });
  const app = await buildApp({ env: e, modules: services.modules, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
  const env = loadEnv({ LOG_LEVEL: 'silent' });
  const settings = loadSettings({ DEMO_DATA: 'off', LOCALES_DIR: localesDir() });
  services = await createServices(env, settings, { database: t.db });
  guarded = await appWith({ METRICS_TOKEN: TOKEN });
  open = await appWith({});
  server = await startMetricsServer('127.0.0.1', 0, () => register.metrics());
});

afterAll(async () => {
  await server.close();
  await guarded.close();
  await open.close();
  await services.close();
  await t.cleanup();
});

/** The value of a sample line `name{labels} value` (labels as written), or undefined. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/**
 * Lines that are neither empty, a comment (# HELP/# TYPE) nor `name{labels} number`: none.
 * Prometheus reads NaN in any case (prom-client writes `Nan`).
 */
function malformed(text: string): string[] {
  const sampleLine =
    /^[a-zA-Z_:][\w:]*(\{([a-zA-Z_]\w*="([^"\\]|\\.)*",?)*\})? (-?[\d.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;
  return text
    .trimEnd()
    .split('\n')
    .filter(
      (l) => l !== '' && !/^# (HELP|TYPE) [a-zA-Z_:][\w:]* .+$/.test(l) && !sampleLine.test(l),
    );
}

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe('the metrics port', () => {
  it('counts searches, their latency per route and status, and describes the store index', async () => {
    const before = await scrape();
    const labels = `route="${SEARCH_ROUTE}",method="GET",status="200"`;
    const count = (text: string, name: string, l: string) => sample(text, name, l) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await open.inject(SEARCH)).statusCode).toBe(200);
    expect((await open.inject('/api/v1/grlui/uk/en/nochannel?lat=1&lon=1')).statusCode).toBe(404);
    const after = await scrape();
    expect(malformed(after)).toEqual([]);
    expect(
      count(after, 'locator_http_requests_total', labels) -
        count(before, 'locator_http_requests_total', labels),
    ).toBe(3);
    expect(
      count(after, 'locator_http_request_duration_seconds_count', labels) -
        count(before, 'locator_http_request_duration_seconds_count', labels),
    ).toBe(3);
    expect(after).toContain(`locator_http_request_duration_seconds_bucket{le="+Inf",${labels}}`);
    expect(after).toContain('# TYPE locator_http_request_duration_seconds histogram');
    expect(
      count(after, 'locator_searches_total', 'channel="sales",country="uk"') -
        count(before, 'locator_searches_total', 'channel="sales",country="uk"'),
    ).toBe(3);
    // An unknown channel is answered 404 and never becomes a label.
    expect(after).not.toContain('nochannel');
    expect(sample(after, 'locator_stores', '')).toBeUndefined();
    expect(after).toMatch(new RegExp(`^locator_stores ${fixtureStores().length}$`, 'm'));
    expect(after).toMatch(/^locator_database_up 1$/m);
    expect(after).toMatch(/^locator_store_index_age_seconds \d/m);
    expect(after).toMatch(/^locator_store_index_build_seconds \d/m);
    expect(after).toMatch(/^locator_data_version \d+$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds\{worker="0"\} /m);
    expect(after).not.toMatch(/^locator_redis_up /m);
  });

  it('answers 404 on any other path', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  });
});

describe('/metrics on the public port', () => {
  it('is not there without METRICS_TOKEN (404), whatever the token sent', async () => {
    expect((await open.inject('/metrics')).statusCode).toBe(404);
    const withToken = await open.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a missing or wrong token (401) and answers the right one', async () => {
    expect((await guarded.inject('/metrics')).statusCode).toBe(401);
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ', TOKEN]) {
      const res = await guarded.inject({ url: '/metrics', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const ok = await guarded.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(malformed(ok.body)).toEqual([]);
    expect(ok.body).toContain('locator_http_requests_total');
  });
});

describe('settings', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadEnv(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('a bad METRICS_PORT or METRICS_TOKEN is a configuration error', () => {
    expect(problems({ METRICS_PORT: 'x' })).toEqual([
      'METRICS_PORT: must be a port number from 1 to 65535',
    ]);
    expect(problems({ METRICS_PORT: '0' })).toEqual([
      'METRICS_PORT: must be a port number from 1 to 65535',
    ]);
    expect(problems({ METRICS_PORT: '70000' })).toEqual([
      'METRICS_PORT: must be a port number from 1 to 65535',
    ]);
    expect(problems({ METRICS_PORT: '8080', PORT: '8080' })).toEqual([
      'METRICS_PORT: must differ from PORT (the metrics are never served on the public port unguarded)',
    ]);
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: must be 16 to 200 visible ASCII characters',
    ]);
    expect(loadEnv({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
  });
});

describe.each(DIALECTS)('the store gauges on %s', (dialect) => {
  it('read the stores, the data version and the database from the database in use', async () => {
    const d = await openTestDb(dialect);
    await d.db.stores.replaceAll(fixtureStores());
    const own = await createServices(
      loadEnv({ LOG_LEVEL: 'silent' }),
      loadSettings({ DEMO_DATA: 'off', LOCALES_DIR: localesDir() }),
      { database: d.db },
    );
    try {
      const text = await register.metrics();
      expect(text).toMatch(new RegExp(`^locator_stores ${fixtureStores().length}$`, 'm'));
      const version = Number(await d.db.stores.readVersion());
      expect(text).toMatch(new RegExp(`^locator_data_version ${version}$`, 'm'));
      expect(text).toMatch(/^locator_database_up 1$/m);
    } finally {
      await own.close();
      await d.cleanup();
    }
  });
});
