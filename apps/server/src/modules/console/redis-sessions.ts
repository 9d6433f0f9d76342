/**
 * Console sessions kept in Redis (with REDIS_URL): every worker and machine that shares the Redis
 * and REDIS_PREFIX knows every session, and Redis forgets a session at the end of its lifetime
 * by itself. Keys: `<prefix>console:session:<token hash>` (the session, JSON, expiring with
 * the session's absolute lifetime) and `<prefix>console:account:<id>` (the set of an account's
 * session hashes, for sign-out everywhere). Unlike the rate limits, sessions never fall back to
 * memory: while Redis cannot be reached, console requests answer 503 DATABASE_UNAVAILABLE.
 */
import { ApiError } from '@locator/core';
import { Redis } from 'ioredis';
import type { ConsoleSession } from './account-repository.js';
import type { SessionStore } from './sessions.js';

/** Longest wait for a Redis command (ms). */
const COMMAND_TIMEOUT_MS = 1000;

export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    /** A session's absolute lifetime (ms): Redis drops it then. */
    private readonly lifetimeMs: number,
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      connectionName: 'locator-console-sessions',
    });
    // Failed commands answer 503 (below); reconnection happens in the background.
    this.redis.on('error', () => undefined);
  }

  private sessionKey = (idHash: string) => `${this.prefix}console:session:${idHash}`;
  private accountKey = (id: string) => `${this.prefix}console:account:${id}`;

  private async call<T>(fn: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      return await fn(this.redis);
    } catch {
      throw new ApiError('DATABASE_UNAVAILABLE', 'The session store (Redis) is unavailable.');
    }
  }

  async createSession(s: ConsoleSession): Promise<void> {
    await this.call((r) =>
      r
        .multi()
        .set(this.sessionKey(s.idHash), JSON.stringify(s), 'PX', this.lifetimeMs)
        .sadd(this.accountKey(s.accountId), s.idHash)
        .pexpire(this.accountKey(s.accountId), this.lifetimeMs)
        .exec(),
    );
  }

  async findSession(idHash: string): Promise<ConsoleSession | undefined> {
    const text = await this.call((r) => r.get(this.sessionKey(idHash)));
    return text === null ? undefined : (JSON.parse(text) as ConsoleSession);
  }

  async touchSession(idHash: string, lastSeenAt: number): Promise<void> {
    const session = await this.findSession(idHash);
    if (!session) return;
    await this.call((r) =>
      r.set(this.sessionKey(idHash), JSON.stringify({ ...session, lastSeenAt }), 'KEEPTTL', 'XX'),
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    const session = await this.findSession(idHash);
    await this.call((r) => {
      const m = r.multi().del(this.sessionKey(idHash));
      if (session) m.srem(this.accountKey(session.accountId), idHash);
      return m.exec();
    });
  }

  async deleteAccountSessions(accountId: string): Promise<number> {
    const hashes = await this.call((r) => r.smembers(this.accountKey(accountId)));
    if (hashes.length === 0) return 0;
    const ended = await this.call((r) =>
      r.del(...hashes.map(this.sessionKey), this.accountKey(accountId)),
    );
    return Math.max(0, ended - 1);
  }

  close(): void {
    this.redis.disconnect();
  }
}
