/**
 * Forwarding to an external analytics service, against a real local HTTP receiver started by
 * the test: batching, retries, the bounded queue, a hanging service not slowing the locator,
 * the Plausible body, and the start-up validation of the settings.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Forwarder, type ForwardEvent, type ForwarderOptions } from '../src/analytics/forward.js';
import { loadAnalyticsConfig } from '../src/analytics/config.js';
import { ConfigError } from '../src/env.js';
import { DIALECTS, openTestDb } from './helpers/databases.js';
import { createServices } from '../src/compose.js';
import { loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { buildApp } from '../src/app.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
  /** The status answered. */
  status: number;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Status (or 'hang') for the next requests, in order; then 204. */
  plan: (number | 'hang')[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function receiver(): Promise<Receiver> {
  const r: Receiver = {
    url: '',
    received: [],
    plan: [],
    close: async () => undefined,
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const step = r.plan.shift() ?? 204;
      if (step === 'hang') return; // never answers
      r.received.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        at: Date.now(),
        status: step,
      });
      res.writeHead(step).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/collect`;
  return r;
}

const event = (i: number): ForwardEvent => ({
  at: '2026-11-02T10:00:00.000Z',
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en_GB',
  product: 'all',
  resultCount: i,
});

const options = (url: string, over: Partial<ForwarderOptions> = {}): ForwarderOptions => ({
  url,
  kind: 'webhook',
  batchSize: 2,
  maxQueue: 100,
  intervalMs: 20,
  timeoutMs: 1000,
  retries: 3,
  backoffMs: 10,
  ...over,
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('forwarder (webhook)', () => {
  it('sends batches of batchSize, a partial batch after the interval, with the token', async () => {
    const rx = await receiver();
    const f = new Forwarder(options(rx.url, { token: 's3cret', intervalMs: 50 }));
    f.enqueue([event(1), event(2), event(3), event(4), event(5)]);
    await until(() => f.stats().sent === 5);
    const batches = rx.received.map((r) => (r.body as { events: ForwardEvent[] }).events);
    expect(batches.map((b) => b.map((e) => e.resultCount))).toEqual([[1, 2], [3, 4], [5]]);
    expect(rx.received[0]?.headers.authorization).toBe('Bearer s3cret');
    expect(rx.received[0]?.headers['content-type']).toBe('application/json');
    expect(f.stats()).toMatchObject({ sent: 5, failed: 0, dropped: 0, queued: 0, requests: 3 });
    await f.close();
  });

  it('retries server errors with back-off, then succeeds', async () => {
    const rx = await receiver();
    rx.plan = [500, 503];
    const f = new Forwarder(options(rx.url, { batchSize: 10 }));
    f.enqueue([event(1)]);
    await f.flush();
    expect(rx.received.map((r) => r.body)).toEqual([
      { events: [event(1)] },
      { events: [event(1)] },
      { events: [event(1)] },
    ]);
    const gaps = [rx.received[1]!.at - rx.received[0]!.at, rx.received[2]!.at - rx.received[1]!.at];
    // Back-off doubles: about 10 ms, then 20 ms.
    expect(gaps[0]).toBeGreaterThanOrEqual(9);
    expect(gaps[1]).toBeGreaterThanOrEqual(19);
    expect(f.stats()).toMatchObject({ sent: 1, failed: 0, requests: 3 });
    await f.close();
  });

  it('gives up after the last retry, and at once on a 4xx refusal', async () => {
    const rx = await receiver();
    const logs: string[] = [];
    rx.plan = [500, 500, 500, 500, 400];
    const f = new Forwarder(
      options(rx.url, { batchSize: 10, retries: 3, log: (m) => logs.push(m) }),
    );
    f.enqueue([event(1), event(2)]);
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 0, failed: 2, requests: 4 });
    f.enqueue([event(3)]);
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 0, failed: 3, requests: 5 });
    expect(logs.some((l) => l.includes('HTTP 500'))).toBe(true);
    expect(logs.some((l) => l.includes('HTTP 400'))).toBe(true);
    // The next batch goes through normally.
    f.enqueue([event(4)]);
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 1, failed: 3 });
    await f.close();
  });

  it('bounds the queue (oldest dropped) and never blocks while the service hangs', async () => {
    const rx = await receiver();
    rx.plan = ['hang'];
    const f = new Forwarder(
      options(rx.url, { batchSize: 5, maxQueue: 10, timeoutMs: 300, retries: 0 }),
    );
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) f.enqueue([event(i)]);
    expect(performance.now() - started).toBeLessThan(50);
    // 5 in flight (hanging), at most 10 queued, the rest dropped.
    expect(f.stats().queued).toBe(10);
    expect(f.stats().dropped).toBe(85);
    await until(() => f.stats().failed === 5);
    await f.flush();
    // The newest events were kept and sent.
    const sent = rx.received.flatMap((r) => (r.body as { events: ForwardEvent[] }).events);
    expect(sent.map((e) => e.resultCount)).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
    await f.close();
  });

  it('close() gives up within its deadline', async () => {
    const rx = await receiver();
    rx.plan = ['hang', 'hang'];
    const f = new Forwarder(options(rx.url, { batchSize: 1, timeoutMs: 10_000 }));
    f.enqueue([event(1)]);
    const started = performance.now();
    await f.close(100);
    expect(performance.now() - started).toBeLessThan(1000);
    f.enqueue([event(2)]);
    expect(f.stats().queued).toBe(0);
  });
});

describe('forwarder (plausible)', () => {
  it('posts one Plausible event per stored event, string props, and retries the failed ones', async () => {
    const rx = await receiver();
    rx.plan = [204, 500];
    const f = new Forwarder(
      options(rx.url, { kind: 'plausible', domain: 'locator.example.com', batchSize: 3 }),
    );
    f.enqueue([
      {
        at: '2026-11-02T10:00:00.000Z',
        type: 'pageView',
        locale: 'en_GB',
        country: 'GB',
        page: 'home',
      },
      event(0),
      {
        at: '2026-11-02T10:00:01.000Z',
        type: 'click',
        link: 'phone',
        channel: 'sales',
        locale: 'en_GB',
      },
    ]);
    await f.flush();
    // Three events, one of them failed once and was sent again.
    expect(rx.received).toHaveLength(4);
    const accepted = rx.received.filter((r) => r.status === 204);
    const bodies = accepted.map((r) => r.body as { name: string });
    expect(bodies.map((b) => b.name).sort()).toEqual(['Link click', 'Search', 'pageview']);
    const byName = Object.fromEntries(bodies.map((b) => [b.name, b]));
    expect(byName.pageview).toEqual({
      name: 'pageview',
      url: 'https://locator.example.com/gb/en_gb/home',
      domain: 'locator.example.com',
      props: { locale: 'en_GB', country: 'GB', page: 'home' },
    });
    expect(byName.Search).toMatchObject({
      url: 'https://locator.example.com/gb/sales',
      props: { resultCount: '0', product: 'all' },
    });
    expect(byName['Link click']).toMatchObject({ props: { link: 'phone' } });
    expect(rx.received[0]?.headers['user-agent']).toBe('locator-analytics-forwarder');
    expect(f.stats()).toMatchObject({ sent: 3, failed: 0, requests: 4 });
    await f.close();
  });
});

describe('forwarding settings', () => {
  it('lists every problem at start-up', () => {
    let error: unknown;
    try {
      loadAnalyticsConfig({
        ANALYTICS: 'maybe',
        ANALYTICS_FORWARD_URL: 'ftp://x',
        ANALYTICS_FORWARD_KIND: 'plausible',
        ANALYTICS_FORWARD_RETRIES: '99',
        RATE_LIMIT_EVENTS: '-1',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'ANALYTICS',
      'RATE_LIMIT_EVENTS',
      'ANALYTICS_FORWARD_URL',
      'ANALYTICS_FORWARD_RETRIES',
      'ANALYTICS_FORWARD_DOMAIN',
    ]);
  });

  it('defaults: stored, no forwarding', () => {
    expect(loadAnalyticsConfig({})).toMatchObject({
      ANALYTICS: 'on',
      RATE_LIMIT_EVENTS: 60,
      ANALYTICS_FORWARD_KIND: 'webhook',
      ANALYTICS_FORWARD_QUEUE: 5000,
    });
    expect(loadAnalyticsConfig({}).ANALYTICS_FORWARD_URL).toBeUndefined();
  });
});

describe.each(DIALECTS)('the locator forwards what it stores (%s)', (dialect) => {
  it('answers at once while the service hangs, and forwards events and the statistic', async () => {
    const rx = await receiver();
    rx.plan = ['hang'];
    const t = await openTestDb(dialect);
    const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/web-dist' });
    const services = await createServices(env, loadSettings({ DEMO_DATA: 'off' }), {
      database: t.db,
      analytics: loadAnalyticsConfig({
        ANALYTICS_FORWARD_URL: rx.url,
        ANALYTICS_FORWARD_BATCH: '2',
        ANALYTICS_FORWARD_INTERVAL_MS: '20',
        ANALYTICS_FORWARD_TIMEOUT_MS: '400',
        ANALYTICS_FORWARD_RETRIES: '1',
      }),
    });
    const app = await buildApp({ env, api: services.api, logger: false });
    const view = { type: 'pageView', page: 'home', locale: 'en-GB' };
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { events: [view, view] },
    });
    expect(res.statusCode).toBe(204);
    expect(performance.now() - started).toBeLessThan(300);
    const stat = await app.inject({
      method: 'POST',
      url: '/api/v1/grlui/locationSearch',
      payload: {
        channel: 'sales',
        country: 'de',
        locale: 'de_DE',
        latitude: 52.52437,
        longitude: 13.41053,
        product: 'All Products',
        searchedLocation: 'Berlin',
      },
    });
    expect(stat.statusCode).toBe(204);
    await until(() => rx.received.length >= 2);
    const forwarded = rx.received.flatMap((r) => (r.body as { events: ForwardEvent[] }).events);
    // The hanging first attempt is retried after its time-out: nothing lost.
    expect(forwarded.map((e) => e.type)).toEqual(['pageView', 'pageView', 'locationSearch']);
    expect(forwarded[2]).toMatchObject({ country: 'DE', latitude: 52.52, longitude: 13.41 });
    expect(forwarded[2]).not.toHaveProperty('searchedLocation');
    await app.close();
    await services.close();
    await t.cleanup().catch(() => undefined);
  });
});
