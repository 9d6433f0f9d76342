/**
 * Forwarding to an external analytics service through the outbox, against a real local HTTP
 * receiver started by the test and a real database: batches with event ids, retries with
 * back-off (the clock driven by the test), giving up, two processes sharing the outbox, a
 * hanging service not slowing the locator, the Plausible body, and the start-up validation of
 * the settings.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Forwarder,
  type ForwardEvent,
  type ForwarderOptions,
} from '../src/modules/analytics/forward.js';
import { loadAnalyticsConfig } from '../src/modules/analytics/config.js';
import { ConfigError } from '../src/env.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import type { EventRecord } from '../src/db/types.js';
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

const HOUR = 3_600_000;

/** A stored search event (resultCount: its number in the test). */
const event = (i: number): EventRecord => ({
  at: new Date('2026-11-02T10:00:00.000Z'),
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en_GB',
  product: 'all',
  carrier: null,
  link: null,
  page: null,
  trigger: null,
  dropOff: null,
  resultCount: i,
  beyondRadius: false,
  latitude: null,
  longitude: null,
  storeId: null,
  embedOrigin: null,
});

const dbs: TestDb[] = [];
afterEach(async () => {
  for (const t of dbs.splice(0)) await t.cleanup();
});
const database = async () => {
  const t = await openTestDb('sqlite');
  dbs.push(t);
  return t;
};

const options = (url: string, over: Partial<ForwarderOptions> = {}): ForwarderOptions => ({
  url,
  kind: 'webhook',
  batchSize: 2,
  intervalMs: 20,
  timeoutMs: 1000,
  retryForMs: 24 * HOUR,
  ...over,
});

/** A forwarder on the test's database, its clock at `clock.now`. */
const forwarder = (
  t: TestDb,
  url: string,
  over: Partial<ForwarderOptions> = {},
  clock = { now: Date.now() },
) => new Forwarder(options(url, { now: () => clock.now, ...over }), t.db.forwardOutbox);

/** Stores events as the analytics service does: with their outbox rows. */
const store = (t: TestDb, f: Forwarder, records: EventRecord[]) =>
  t.db.events.insertMany(records, f.rowsFor(records));

const sentEvents = (rx: Receiver) =>
  rx.received.flatMap((r) => (r.body as { events: ForwardEvent[] }).events);

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('forwarder (webhook)', () => {
  it('sends the stored events in batches of batchSize, with ids and the token', async () => {
    const t = await database();
    const rx = await receiver();
    const f = forwarder(t, rx.url, { token: 's3cret' });
    await store(t, f, [event(1), event(2), event(3), event(4), event(5)]);
    await f.flush();
    const batches = rx.received.map((r) => (r.body as { events: ForwardEvent[] }).events);
    expect(batches.map((b) => b.map((e) => e.resultCount))).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches[0]![0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      at: '2026-11-02T10:00:00.000Z',
      type: 'search',
      channel: 'sales',
      country: 'GB',
      locale: 'en_GB',
      product: 'all',
      resultCount: 1,
      beyondRadius: false,
    });
    expect(new Set(sentEvents(rx).map((e) => e.id)).size).toBe(5);
    expect(rx.received[0]?.headers.authorization).toBe('Bearer s3cret');
    expect(rx.received[0]?.headers['content-type']).toBe('application/json');
    expect(f.stats()).toMatchObject({ sent: 5, failed: 0, queued: 0, requests: 3 });
    // Delivered rows are deleted; the events stay stored.
    expect(await t.db.forwardOutbox.counts(rx.url)).toEqual({
      pending: 0,
      delivered: 0,
      failed: 0,
    });
    expect(await t.db.events.count('search')).toBe(5);
  });

  it('retries server errors with back-off (1 s, then 2 s), the same event each time', async () => {
    const t = await database();
    const rx = await receiver();
    rx.plan = [500, 503];
    const clock = { now: Date.now() };
    const f = forwarder(t, rx.url, { batchSize: 10 }, clock);
    await store(t, f, [event(1)]);
    await f.flush();
    clock.now += 999;
    await f.flush(); // not due yet
    expect(rx.received.map((r) => r.status)).toEqual([500]);
    clock.now += 1;
    await f.flush();
    clock.now += 1999;
    await f.flush(); // not due yet
    clock.now += 1;
    await f.flush();
    expect(rx.received.map((r) => r.status)).toEqual([500, 503, 204]);
    expect(new Set(sentEvents(rx).map((e) => e.id)).size).toBe(1);
    expect(f.stats()).toMatchObject({ sent: 1, failed: 0, requests: 3 });
  });

  it('gives up at once on a 4xx, and on errors after its retry hours; the next events go', async () => {
    const t = await database();
    const rx = await receiver();
    const logs: string[] = [];
    rx.plan = [400];
    const clock = { now: Date.now() };
    const f = forwarder(
      t,
      rx.url,
      { batchSize: 10, retryForMs: 2 * HOUR, log: (m) => logs.push(m) },
      clock,
    );
    await store(t, f, [event(1), event(2)]);
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 0, failed: 2, requests: 1 });
    expect(logs).toContain('analytics forward: 2 events given up (HTTP 400)');
    rx.plan = [500, 500, 500];
    await store(t, f, [event(3)]);
    await f.flush();
    clock.now += HOUR;
    await f.flush();
    expect(f.stats()).toMatchObject({ failed: 2, requests: 3 });
    clock.now += HOUR + 1000;
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 0, failed: 3, requests: 4 });
    expect(logs).toContain('analytics forward: 1 events given up (HTTP 500)');
    // Kept as failed; the next event goes through normally.
    expect(await t.db.forwardOutbox.counts(rx.url)).toEqual({
      pending: 0,
      delivered: 0,
      failed: 3,
    });
    await store(t, f, [event(4)]);
    await f.flush();
    expect(f.stats()).toMatchObject({ sent: 1, failed: 3 });
  });

  it('never blocks while the service hangs; the hanging attempt is retried after its time-out', async () => {
    const t = await database();
    const rx = await receiver();
    rx.plan = ['hang'];
    const clock = { now: Date.now() };
    const f = forwarder(t, rx.url, { batchSize: 5, timeoutMs: 300 }, clock);
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) await store(t, f, [event(i)]);
    expect(performance.now() - started).toBeLessThan(1000);
    const sending = f.flush();
    // The first batch hangs until its time-out; storing goes on meanwhile.
    await store(t, f, [event(20)]);
    await sending;
    clock.now += 1000;
    await f.flush();
    expect(
      sentEvents(rx)
        .map((e) => e.resultCount)
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });

  it('two processes share the outbox: each event is forwarded once', async () => {
    const t = await database();
    const other = openSqlite(t.file!);
    const rx = await receiver();
    const a = forwarder(t, rx.url, { batchSize: 5 });
    const b = new Forwarder(options(rx.url, { batchSize: 5 }), other.forwardOutbox);
    await store(
      t,
      a,
      Array.from({ length: 20 }, (_, i) => event(i)),
    );
    await Promise.all([a.flush(), b.flush()]);
    const ids = sentEvents(rx).map((e) => e.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(a.stats().sent + b.stats().sent).toBe(20);
    await other.close();
  });

  it('close() lets the attempt running end; what is left is sent after a restart', async () => {
    const t = await database();
    const rx = await receiver();
    rx.plan = ['hang'];
    const clock = { now: Date.now() };
    const f = forwarder(t, rx.url, { batchSize: 1, timeoutMs: 200 }, clock).start();
    await store(t, f, [event(1)]);
    await until(() => f.stats().requests === 1);
    const started = performance.now();
    await f.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await t.db.forwardOutbox.counts(rx.url)).toMatchObject({ pending: 1 });
    clock.now += 1000;
    const restarted = forwarder(t, rx.url, {}, clock);
    await restarted.flush();
    expect(sentEvents(rx).map((e) => e.resultCount)).toEqual([1]);
  });
});

describe('forwarder (plausible)', () => {
  it('posts one Plausible event per stored event, string props, and retries the failed ones', async () => {
    const t = await database();
    const rx = await receiver();
    rx.plan = [204, 500];
    const clock = { now: Date.now() };
    const f = forwarder(
      t,
      rx.url,
      { kind: 'plausible', domain: 'locator.example.com', batchSize: 3 },
      clock,
    );
    await store(t, f, [
      {
        ...event(0),
        type: 'pageView',
        channel: null,
        product: null,
        page: 'home',
        resultCount: null,
      },
      event(0),
      {
        ...event(0),
        type: 'click',
        country: null,
        product: null,
        link: 'phone',
        resultCount: null,
      },
    ]);
    await f.flush();
    clock.now += 1000;
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
      props: { locale: 'en_GB', country: 'GB', page: 'home', beyondRadius: 'false' },
    });
    expect(byName.Search).toMatchObject({
      url: 'https://locator.example.com/gb/sales',
      props: { resultCount: '0', product: 'all' },
    });
    expect(byName['Link click']).toMatchObject({ props: { link: 'phone' } });
    expect(rx.received[0]?.headers['user-agent']).toBe('locator-analytics-forwarder');
    expect(f.stats()).toMatchObject({ sent: 3, failed: 0, requests: 4 });
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
        ANALYTICS_FORWARD_RETRY_HOURS: '0',
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
      'ANALYTICS_FORWARD_RETRY_HOURS',
      'ANALYTICS_FORWARD_DOMAIN',
    ]);
  });

  it('defaults: stored, no forwarding', () => {
    expect(loadAnalyticsConfig({})).toMatchObject({
      ANALYTICS: 'on',
      RATE_LIMIT_EVENTS: 60,
      ANALYTICS_FORWARD_KIND: 'webhook',
      ANALYTICS_FORWARD_RETRY_HOURS: 24,
    });
    expect(loadAnalyticsConfig({}).ANALYTICS_FORWARD_URL).toBeUndefined();
  });
});

/** How long the hanging service holds a forward (its time-out). */
const HANG_MS = 1500;

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
        ANALYTICS_FORWARD_TIMEOUT_MS: String(HANG_MS),
      }),
    });
    const app = await buildApp({ env, modules: services.modules, logger: false });
    const view = { type: 'pageView', page: 'home', locale: 'en-GB' };
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { events: [view, view] },
    });
    expect(res.statusCode).toBe(204);
    // Long before the hanging request's time-out (a bound of 300 ms failed at 319 ms on a loaded
    // machine; storing never waits for the service).
    expect(performance.now() - started).toBeLessThan(HANG_MS / 2);
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
    // The hanging first attempt is retried after its time-out and the back-off: nothing lost.
    // (Forwarding keeps no order: the statistic may come first.)
    expect(forwarded.map((e) => e.type).sort()).toEqual(['locationSearch', 'pageView', 'pageView']);
    const statistic = forwarded.find((e) => e.type === 'locationSearch');
    expect(statistic).toMatchObject({ country: 'DE', latitude: 52.52, longitude: 13.41 });
    expect(statistic).not.toHaveProperty('searchedLocation');
    await app.close();
    await services.close();
    await t.cleanup().catch(() => undefined);
  });
});
