/**
 * Failed admin authentication, throttled: a client (address) that failed ADMIN_AUTH_FAILURES
 * times in 15 minutes, or a key id that failed five times as often (from any clients), gets 429
 * AUTHENTICATION_THROTTLED with Retry-After (seconds until the window ends) for every admin
 * request until the window ends — a right key included, so that guessing gains nothing. The
 * counters are the rate limits' (../../http/rate-limit-counters.ts): shared by every process and
 * machine with REDIS_URL, per process without. A successful authentication counts nothing.
 */
import type { RateLimitCounters } from '../../http/rate-limit-counters.js';

/** The throttle's window (ms). */
export const AUTH_WINDOW_MS = 15 * 60_000;
/** A key id may fail this many times the per-client allowance. */
const PER_KEY_FACTOR = 5;

export class AuthThrottle {
  constructor(
    private readonly counters: RateLimitCounters,
    /** Failures per client per window; 0: never throttled. */
    private readonly failures: number,
  ) {}

  /** Seconds until `client` (or `keyId`) may try again; undefined when it may now. */
  async blocked(client: string, keyId: string | undefined): Promise<number | undefined> {
    if (this.failures <= 0) return undefined;
    const checks = [this.counters.peek(`admin-auth:client:${client}`)];
    if (keyId) checks.push(this.counters.peek(`admin-auth:key:${keyId}`));
    const [byClient, byKey] = await Promise.all(checks);
    let wait = 0;
    if (byClient!.current >= this.failures) wait = byClient!.ttl;
    if (byKey && byKey.current >= this.failures * PER_KEY_FACTOR) wait = Math.max(wait, byKey.ttl);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /** Counts a failed authentication of `client` (and of `keyId` when the token named one). */
  async failed(client: string, keyId: string | undefined): Promise<void> {
    if (this.failures <= 0) return;
    await Promise.all([
      this.counters.incr(`admin-auth:client:${client}`, AUTH_WINDOW_MS),
      ...(keyId ? [this.counters.incr(`admin-auth:key:${keyId}`, AUTH_WINDOW_MS)] : []),
    ]);
  }
}
