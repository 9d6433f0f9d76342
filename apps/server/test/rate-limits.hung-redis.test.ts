/**
 * A Redis that hangs (connected, accepting, never answering: a stopped process, a full network
 * buffer) must not cost every rate-limited request the command timeout: after one command times
 * out, the counters leave Redis alone for REDIS_CIRCUIT_MS (counting per process), then ask it
 * once again. Here a local TCP server stands between the counters and the real Redis at
 * 127.0.0.1:6379 (TEST_REDIS_URL); told to hang, it keeps accepting bytes and answers nothing
 * (holding them as a stopped Redis's socket buffer would) until it is resumed. The clock is
 * injected: the circuit's time passes when the test says so.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_CIRCUIT_MS, RateLimitCounters } from '../src/http/rate-limit-counters.js';
import { REDIS_URL, dropRedisKeys, testRedisPrefix } from './helpers/redis.js';

const PREFIX = testRedisPrefix();
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const close of closers) await close();
  await dropRedisKeys(PREFIX);
});

interface HangingServer {
  port: number;
  /** Writes the counters sent while hung. */
  writesWhileHung: number;
  hang(): void;
  resume(): void;
}

/** A TCP server in front of Redis that can hang: accept and hold every byte, answer none. */
async function hangingServer(): Promise<HangingServer> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const held: { upstream: Socket; chunk: Buffer }[] = [];
  let hung = false;
  const state: HangingServer = {
    port: 0,
    writesWhileHung: 0,
    hang: () => {
      hung = true;
    },
    resume: () => {
      hung = false;
      for (const { upstream, chunk } of held.splice(0)) upstream.write(chunk);
    },
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => {
      if (!hung) upstream.write(chunk);
      else {
        state.writesWhileHung += 1;
        held.push({ upstream, chunk });
      }
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as { port: number }).port;
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

describe('a hung Redis', () => {
  it('costs one request the timeout, then is left alone for a while and tried again', async () => {
    let now = Date.UTC(2026, 0, 1);
    const lines: string[] = [];
    const h = await hangingServer();
    const counters = new RateLimitCounters({
      redisUrl: `redis://127.0.0.1:${h.port}`,
      prefix: PREFIX,
      log: (msg) => lines.push(msg),
      now: () => now,
    });
    closers.push(() => counters.close());
    expect(await counters.ready()).toBe(true);
    expect(await counters.incr('admin:key:k', 60_000)).toMatchObject({ current: 1 });

    h.hang();
    // Every request is answered, counted in this process; only the first one asked Redis.
    for (let i = 1; i <= 20; i += 1) {
      expect((await counters.incr('admin:key:k', 60_000)).current).toBe(i);
      expect((await counters.peek('admin:key:k')).current).toBe(i);
    }
    expect(h.writesWhileHung).toBe(1);
    expect(lines.filter((l) => /unreachable/.test(l))).toHaveLength(1);

    // After the circuit's time one request asks again (still hung: one more write, no more).
    now += REDIS_CIRCUIT_MS;
    expect((await counters.incr('admin:key:k', 60_000)).current).toBe(21);
    expect((await counters.incr('admin:key:k', 60_000)).current).toBe(22);
    expect(h.writesWhileHung).toBe(2);

    // Answering again: counting is shared again, where Redis left it.
    h.resume();
    now += REDIS_CIRCUIT_MS;
    expect((await counters.incr('admin:key:k', 60_000)).current).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => /shared again/.test(l))).toHaveLength(1);
  });
});
