/**
 * Rate limits across processes and methods (README "Rate limits"):
 *  - one budget per client per limit whatever the method: HEAD spends GET's budget;
 *  - with REDIS_URL, two app instances (as two processes or machines would) share the counters
 *    in the real Redis at 127.0.0.1:6379 (TEST_REDIS_URL), under a prefix of this test run;
 *  - no address is written to Redis (keys are salted hashes);
 *  - Redis unreachable (a closed port) or going away mid-way (a TCP relay that is shut): every
 *    request is still answered, limits hold per process, one warning per outage, and counting is
 *    shared again when Redis is back.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, fixtureStores } from './helpers/fixtures.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';
import { MemoryCounters, RateLimitCounters } from '../src/http/rate-limit-counters.js';
import { loadSettings } from '../src/settings.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `locator-test-${randomBytes(6).toString('hex')}:`;
const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const AUTOCOMPLETE = '/api/v1/maps/autocomplete?q=manch&countries=GB&lang=en-GB';
const EVENTS = '/api/v1/analytics/events';

let t: TestDb;
let redis: Redis;
const apps: TestApp[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.ping().catch((err: Error) => {
    throw new Error(`Redis is required at ${REDIS_URL} (${err.message}); set TEST_REDIS_URL.`);
  });
});

afterAll(async () => {
  for (const a of apps) {
    await a.app.close();
    await a.services.close();
  }
  for (const close of closers) await close();
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await t.cleanup();
});

/**
 * What a test of sharing gives Redis to answer: on a loaded machine a command can take more
 * than the server's 100 ms, and the request would be counted in memory (as designed).
 */
const SHARING = { redisCommandTimeoutMs: 5000 };

async function appWith(
  settings: Record<string, string>,
  options: { redisCommandTimeoutMs?: number } = {},
): Promise<FastifyInstance> {
  const a = await makeFullApp(t.db, {
    ...options,
    settings: { RATE_LIMIT_SEARCH: '0', RATE_LIMIT_STATS: '0', RATE_LIMIT_MAPS: '0', ...settings },
    analytics: { RATE_LIMIT_EVENTS: '0', ANALYTICS: 'on' },
  });
  apps.push(a);
  await a.services.modules.counters?.ready();
  return a.app;
}

async function sharedApp(settings: Record<string, string>, prefix: string) {
  return appWith({ REDIS_URL, REDIS_PREFIX: prefix, ...settings }, SHARING);
}

const status = async (app: FastifyInstance, method: 'GET' | 'HEAD', url: string, ip?: string) =>
  (await app.inject({ method, url, ...(ip ? { remoteAddress: ip } : {}) })).statusCode;

describe('one budget per client per limit, whatever the method', () => {
  it('HEAD spends the search budget of GET (no budget of its own)', async () => {
    const app = await appWith({ RATE_LIMIT_SEARCH: '3' });
    expect(await status(app, 'GET', SEARCH)).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: SEARCH });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-ratelimit-remaining']).toBe('1');
    expect(await status(app, 'GET', SEARCH)).toBe(200);
    expect(await status(app, 'HEAD', SEARCH)).toBe(429);
    expect(await status(app, 'GET', SEARCH)).toBe(429);
  });

  it('HEAD spends the maps budget of GET', async () => {
    const app = await appWith({ RATE_LIMIT_MAPS: '2' });
    expect(await status(app, 'HEAD', AUTOCOMPLETE)).toBe(200);
    expect(await status(app, 'GET', AUTOCOMPLETE)).toBe(200);
    expect(await status(app, 'GET', AUTOCOMPLETE)).toBe(429);
    expect(await status(app, 'HEAD', AUTOCOMPLETE)).toBe(429);
  });
});

describe('shared in Redis (REDIS_URL)', () => {
  it('two instances share each limit: a client gets it once, not once per instance', async () => {
    const prefix = `${PREFIX}two:`;
    const settings = { RATE_LIMIT_SEARCH: '4', RATE_LIMIT_MAPS: '3' };
    const a = await sharedApp(settings, prefix);
    const b = await sharedApp(settings, prefix);
    expect(await status(a, 'GET', SEARCH)).toBe(200);
    expect(await status(b, 'GET', SEARCH)).toBe(200);
    expect(await status(a, 'HEAD', SEARCH)).toBe(200);
    const last = await b.inject(SEARCH);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    expect(await status(a, 'GET', SEARCH)).toBe(429);
    expect(await status(b, 'HEAD', SEARCH)).toBe(429);
    // Another client, and another limit, have their own budgets.
    expect(await status(b, 'GET', SEARCH, '10.1.2.3')).toBe(200);
    expect(await status(a, 'GET', AUTOCOMPLETE)).toBe(200);
    expect(await status(b, 'GET', AUTOCOMPLETE)).toBe(200);
    expect(await status(a, 'GET', AUTOCOMPLETE)).toBe(200);
    expect(await status(b, 'GET', AUTOCOMPLETE)).toBe(429);
  });

  it('the analytics limit is shared too (its salted key is the same on every instance)', async () => {
    const prefix = `${PREFIX}events:`;
    const limited = await Promise.all(
      [1, 2].map(async () => {
        const x = await makeFullApp(t.db, {
          ...SHARING,
          settings: { REDIS_URL, REDIS_PREFIX: prefix },
          analytics: { RATE_LIMIT_EVENTS: '2', ANALYTICS: 'on' },
        });
        apps.push(x);
        await x.services.modules.counters?.ready();
        return x.app;
      }),
    );
    const post = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: EVENTS,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          events: [{ type: 'pageView', page: 'home', locale: 'en-GB' }],
        }),
      });
    const [x, y] = limited as [FastifyInstance, FastifyInstance];
    expect((await post(x)).statusCode).toBe(204);
    expect((await post(y)).statusCode).toBe(204);
    expect((await post(x)).statusCode).toBe(429);
    expect((await post(y)).statusCode).toBe(429);
  });

  it('writes no address to Redis: keys are salted hashes that expire', async () => {
    const prefix = `${PREFIX}keys:`;
    const app = await sharedApp({ RATE_LIMIT_SEARCH: '5' }, prefix);
    expect(await status(app, 'GET', SEARCH, '203.0.113.77')).toBe(200);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(key).not.toMatch(/203\.0\.113\.77|127\.0\.0\.1/);
    for (const key of keys.filter((k) => k.startsWith(`${prefix}rate:`))) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });
});

/** A TCP relay to Redis that can be shut (an outage) and opened again on the same port. */
async function relay(): Promise<{ port: number; shut(): Promise<void>; open(): Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const shut = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  };
  await open();
  closers.push(async () => {
    if (server?.listening) await shut();
  });
  return { port, shut, open };
}

/** A port on loopback with nothing listening. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('a Redis outage degrades to per-process counting, never to errors', () => {
  it('Redis unreachable from the start: every request is answered, the limit holds per process', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const app = await appWith({ RATE_LIMIT_SEARCH: '3', REDIS_URL: url, REDIS_PREFIX: PREFIX });
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push(await status(app, 'GET', SEARCH));
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });

  it('a start-up still connecting counts in memory without a warning; unreachable: one', async () => {
    const lines: string[] = [];
    const starting = new RateLimitCounters({
      redisUrl: REDIS_URL,
      prefix: `${PREFIX}start:`,
      log: (msg) => lines.push(msg),
    });
    closers.push(() => starting.close());
    expect((await starting.incr('k', 60_000)).current).toBe(1);
    expect(await starting.ready()).toBe(true);
    expect(lines).toEqual([]);

    const away = new RateLimitCounters({
      redisUrl: `redis://127.0.0.1:${await closedPort()}`,
      log: (msg) => lines.push(msg),
    });
    closers.push(() => away.close());
    expect(await away.ready(1500)).toBe(false);
    for (let i = 1; i <= 5; i += 1) expect((await away.incr('k', 60_000)).current).toBe(i);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^rate limits: Redis is unreachable \(.*ECONNREFUSED.*\); counting per process/,
    );
  });

  it('logs one warning per outage, and shares again once Redis is back', async () => {
    const r = await relay();
    const lines: string[] = [];
    const counters = new RateLimitCounters({
      redisUrl: `redis://127.0.0.1:${r.port}`,
      prefix: `${PREFIX}outage:`,
      log: (msg) => lines.push(msg),
    });
    closers.push(() => counters.close());
    const other = new RateLimitCounters({ redisUrl: REDIS_URL, prefix: `${PREFIX}outage:` });
    closers.push(() => other.close());
    expect(await counters.ready()).toBe(true);
    expect(await other.ready()).toBe(true);

    expect((await counters.incr('search:client', 60_000)).current).toBe(1);
    expect((await other.incr('search:client', 60_000)).current).toBe(2);

    await r.shut();
    // Every call answers from memory while Redis is away; one warning in all.
    for (let i = 1; i <= 20; i += 1) {
      expect((await counters.incr('search:client', 60_000)).current).toBe(i);
    }
    expect(lines.filter((l) => /unreachable/.test(l))).toHaveLength(1);

    await r.open();
    expect(await counters.ready(5000)).toBe(true);
    expect((await counters.incr('search:client', 60_000)).current).toBe(3);
    expect(lines.filter((l) => /reachable again/.test(l))).toHaveLength(1);
    expect(lines).toHaveLength(2);
  });
});

describe('memory counters', () => {
  it('count in fixed windows and stay within their capacity', () => {
    let now = 1_000;
    const m = new MemoryCounters(() => now, 3);
    expect(m.incr('a', 100)).toEqual({ current: 1, ttl: 100 });
    now += 40;
    expect(m.incr('a', 100)).toEqual({ current: 2, ttl: 60 });
    now += 60;
    expect(m.incr('a', 100)).toEqual({ current: 1, ttl: 100 });
    m.incr('b', 100);
    m.incr('c', 100);
    m.incr('d', 100);
    expect(m.size).toBe(3);
    // The oldest ("a") made room; "d" counts on.
    expect(m.incr('d', 100).current).toBe(2);
    expect(m.incr('a', 100).current).toBe(1);
  });
});

describe('REDIS_URL and REDIS_PREFIX settings', () => {
  it('default to memory counters under "locator:"', () => {
    const s = loadSettings({});
    expect(s.REDIS_URL).toBeUndefined();
    expect(s.REDIS_PREFIX).toBe('locator:');
  });

  it('reject what is not a redis URL or a plain prefix, naming the variable', () => {
    expect(() => loadSettings({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => loadSettings({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
    expect(loadSettings({ REDIS_URL: 'rediss://cache:6380/2' }).REDIS_URL).toBe(
      'rediss://cache:6380/2',
    );
  });
});
