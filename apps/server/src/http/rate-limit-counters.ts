/**
 * Where the per-client rate-limit counters live (README "Rate limits").
 *
 * - Without REDIS_URL: in this process's memory (the single-process default); with several
 *   worker processes (WORKERS), in the memory of the cluster's primary, which every worker of
 *   the machine asks (./machine-counters.ts). Several machines then each count for themselves.
 * - With REDIS_URL: in Redis, shared by every process and machine that uses the same Redis and
 *   REDIS_PREFIX, so a client gets each limit once, whichever process answers it.
 *
 * One counter per client per limit, whatever the method or route: the store of every route
 * (GET and its automatic HEAD, or the four maps endpoints) counts under the limit's own name and
 * the client's key, never under the route, so HEAD spends GET's budget instead of having its own.
 *
 * A Redis outage never fails a request: while Redis cannot be reached (not connected, or a
 * command fails or takes longer than 100 ms) the counters fall back to this process's memory, and
 * one warning is logged per outage; when Redis is back, counting is shared again (logged once).
 * A Redis that hangs (connected, never answering) costs one request the timeout, not every
 * request: after a failed command Redis is not asked again for 10 s (a circuit breaker), then
 * one request tries it again. Windows are fixed: a counter starts at a client's first request
 * and expires one window later.
 *
 * No address reaches Redis: a key there is a hash of the client's key with a random salt that
 * all processes share for a day (created by the first of them, `<prefix>rate-salt:<day>`, kept
 * two days), enough to count requests and useless to identify anyone.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface Counter {
  /** Requests in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** INCR with the window's expiry set by the first request; {count, ms left}. */
const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** A counter's {count, ms left} without counting; {0, 0} when there is none. */
const PEEK_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {current, ttl}`;

/** Longest wait for a Redis command (ms) before the request is counted in memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;
/** How long Redis is not asked after a failed command (ms). */
export const REDIS_CIRCUIT_MS = 10_000;

/** Most counters kept in memory; beyond it, expired ones go first, then the oldest. */
const MEMORY_CAPACITY = 100_000;

/** Fixed-window counters in this process's memory. */
export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = MEMORY_CAPACITY,
  ) {}

  incr(key: string, windowMs: number): Counter {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      if (!entry && this.windows.size >= this.capacity) this.evict(now);
      entry = { count: 0, endsAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.endsAt - now };
  }

  /** The current window of `key` without counting a request (current 0 when none). */
  peek(key: string): Counter {
    const entry = this.windows.get(key);
    const now = this.now();
    if (!entry || entry.endsAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.count, ttl: entry.endsAt - now };
  }

  get size(): number {
    return this.windows.size;
  }

  private evict(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
    // Map order is insertion order: the oldest windows first.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.capacity) break;
      this.windows.delete(key);
    }
  }
}

export interface RateLimitCountersOptions {
  /** redis:// or rediss:// URL; absent: memory only. */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key (default "locator:"); counters are under `<prefix>rate:`. */
  prefix?: string;
  /** Longest wait for Redis before a request is counted in memory instead (ms). */
  commandTimeoutMs?: number;
  /** How long Redis is left alone after a failed command (ms). */
  circuitMs?: number;
  log?: (msg: string) => void;
  now?: () => number;
  /**
   * Without REDIS_URL, in a cluster's worker: the primary's counters, shared by the machine's
   * workers (./machine-counters.ts); a request it does not answer in time counts here.
   */
  machine?: MachineCounting | undefined;
}

/** Counters kept elsewhere that may not answer (undefined: count in this process). */
export interface MachineCounting {
  incr(key: string, windowMs: number): Promise<Counter | undefined>;
  peek(key: string): Promise<Counter | undefined>;
}

type WindowCommand = (key: string, windowMs: number) => Promise<[number, number]>;
type PeekCommand = (key: string) => Promise<[number, number]>;
type CountingRedis = Redis & { locatorWindow: WindowCommand; locatorPeek: PeekCommand };

export class RateLimitCounters {
  /**
   * True when the counters are meant to be shared (REDIS_URL set, or a cluster's worker): the
   * keys are then hashed with a salt every process shares, where they are kept.
   */
  readonly shared: boolean;
  private readonly memory: MemoryCounters;
  private readonly machine: MachineCounting | undefined;
  private readonly redis: CountingRedis | undefined;
  private readonly prefix: string;
  private readonly log: (msg: string) => void;
  /** True from the first failure of an outage until Redis answers again. */
  private degraded = false;
  /** Until when Redis is not asked (after a failed command). */
  private circuitOpenUntil = 0;
  private readonly circuitMs: number;
  private readonly now: () => number;
  private salt: { day: number; value: string } | undefined;

  constructor(options: RateLimitCountersOptions = {}) {
    this.now = options.now ?? Date.now;
    this.memory = new MemoryCounters(this.now);
    this.prefix = options.prefix ?? 'locator:';
    this.log = options.log ?? (() => undefined);
    this.circuitMs = options.circuitMs ?? REDIS_CIRCUIT_MS;
    this.machine = options.redisUrl === undefined ? options.machine : undefined;
    this.shared = options.redisUrl !== undefined || this.machine !== undefined;
    if (options.redisUrl === undefined) return;
    const redis = new Redis(options.redisUrl, {
      // Fail at once while disconnected (counted in memory meanwhile), reconnect in the
      // background at most every 2 s.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      connectionName: 'locator-rate-limits',
    });
    redis.defineCommand('locatorWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    redis.defineCommand('locatorPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
    redis.on('error', (err: Error) => this.outage(err.message));
    redis.on('ready', () => {
      this.circuitOpenUntil = 0;
      if (!this.degraded) return;
      this.degraded = false;
      this.log('rate limits: Redis is reachable again; counting is shared again');
    });
    this.redis = redis as CountingRedis;
  }

  /** Counts one request of `key` in a window of `windowMs`; never rejects. */
  async incr(key: string, windowMs: number): Promise<Counter> {
    if (this.machine)
      return (await this.machine.incr(key, windowMs)) ?? this.memory.incr(key, windowMs);
    const shared = await this.withRedis(async (redis, hashed) => {
      const [current, ttl] = await redis.locatorWindow(hashed(key), windowMs);
      return { current, ttl };
    });
    // Not connected yet, reconnecting, or the circuit is open: counted here. The warning comes
    // from the connection's own error (a refused or lost connection) or a failed command, not
    // from a start-up still in progress.
    return shared ?? this.memory.incr(key, windowMs);
  }

  /** The current window of `key` without counting (current 0 when none); never rejects. */
  async peek(key: string): Promise<Counter> {
    if (this.machine) return (await this.machine.peek(key)) ?? this.memory.peek(key);
    const shared = await this.withRedis(async (redis, hashed) => {
      const [current, ttl] = await redis.locatorPeek(hashed(key));
      return { current, ttl };
    });
    return shared ?? this.memory.peek(key);
  }

  /**
   * Runs `command` on Redis when it is connected and the circuit is closed; undefined (count in
   * memory) otherwise, or when the command fails or times out (the circuit then opens).
   */
  private async withRedis(
    command: (redis: CountingRedis, hashed: (key: string) => string) => Promise<Counter>,
  ): Promise<Counter | undefined> {
    const redis = this.redis;
    if (!redis || redis.status !== 'ready' || this.now() < this.circuitOpenUntil) return undefined;
    try {
      const salt = await this.dailySalt(redis);
      const hashed = (key: string) =>
        `${this.prefix}rate:${createHash('sha256').update(salt).update(key).digest('base64url').slice(0, 22)}`;
      const counter = await command(redis, hashed);
      if (this.degraded) {
        this.degraded = false;
        this.log('rate limits: Redis answers again; counting is shared again');
      }
      return counter;
    } catch (err) {
      this.circuitOpenUntil = this.now() + this.circuitMs;
      this.outage((err as Error).message);
      return undefined;
    }
  }

  /**
   * A store class for @fastify/rate-limit that counts under `limit` (one name per limit, e.g.
   * "api" or "maps"): every route's child store is the same store, so the key alone (client and
   * group) chooses the counter, not the route or the method.
   */
  store(limit: string): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const counters = this;
    const store: FastifyRateLimitStore = {
      incr(key, callback, timeWindow) {
        void counters.incr(`${limit}:${key}`, timeWindow).then((c) => callback(null, c));
      },
      child: () => store,
    };
    return class {
      constructor() {
        return store;
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }

  /** Today's salt shared by every process (the first one to ask creates it). */
  private async dailySalt(redis: Redis): Promise<string> {
    const day = Math.floor(this.now() / 86_400_000);
    if (this.salt?.day === day) return this.salt.value;
    const key = `${this.prefix}rate-salt:${day}`;
    await redis.set(key, randomBytes(16).toString('base64url'), 'EX', 2 * 86_400, 'NX');
    const value = await redis.get(key);
    if (value === null) throw new Error('the shared salt vanished');
    this.salt = { day, value };
    return value;
  }

  /** Redis answers (connected, circuit closed); undefined without REDIS_URL. */
  redisUp(): boolean | undefined {
    if (!this.redis) return undefined;
    return this.redis.status === 'ready' && this.now() >= this.circuitOpenUntil;
  }

  /** Waits until Redis is connected (true) or `ms` have passed (false); true without Redis. */
  async ready(ms = 2000): Promise<boolean> {
    const redis = this.redis;
    if (!redis) return true;
    if (redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        resolve(false);
      }, ms);
      const onReady = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      redis.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    this.redis.disconnect();
  }

  private outage(reason: string): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log(
      `rate limits: Redis is unreachable (${reason}); counting per process until it is back`,
    );
  }
}
