/**
 * Failed console sign-ins, slowed down per account and per client: the first FREE_FAILURES
 * failures in 15 minutes cost nothing; from then on each further failure locks that account (or
 * client) out for twice as long as the one before — 1 s, 2 s, 4 s … up to 15 minutes. While
 * locked, a sign-in answers 429 SIGN_IN_THROTTLED with Retry-After before the password is
 * checked, so a right guess answers as a wrong one would. A successful sign-in counts nothing.
 * The counters are the rate limits' (../../http/rate-limit-counters.ts): shared by every process and
 * machine with REDIS_URL. An account is counted under a hash of its email address.
 */
import { createHash } from 'node:crypto';
import type { RateLimitCounters } from '../../http/rate-limit-counters.js';

const WINDOW_MS = 15 * 60_000;
/** Failures per account, and per client, before each further one locks it out. */
export const FREE_FAILURES = { account: 5, client: 20 } as const;
const MAX_LOCK_MS = WINDOW_MS;

/** The lock-out after the n-th failure in the window (0: none). */
export function lockMs(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(MAX_LOCK_MS, 1000 * 2 ** Math.min(failures - free - 1, 20));
}

const accountKey = (email: string) =>
  `console-sign-in:account:${createHash('sha256').update(email).digest('hex')}`;
const clientKey = (client: string) => `console-sign-in:client:${client}`;

export class SignInThrottle {
  constructor(private readonly counters: RateLimitCounters) {}

  /** Seconds until a sign-in for `email` from `client` may be tried; undefined: now. */
  async blocked(client: string, email: string): Promise<number | undefined> {
    const locks = await Promise.all([
      this.counters.peek(`${accountKey(email)}:lock`),
      this.counters.peek(`${clientKey(client)}:lock`),
    ]);
    const wait = Math.max(...locks.map((l) => (l.current > 0 ? l.ttl : 0)));
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /** Counts a failed sign-in; locks the account or client out when it is over its allowance. */
  async failed(client: string, email: string): Promise<void> {
    await Promise.all(
      (
        [
          [accountKey(email), FREE_FAILURES.account],
          [clientKey(client), FREE_FAILURES.client],
        ] as const
      ).map(async ([key, free]) => {
        const { current } = await this.counters.incr(key, WINDOW_MS);
        const lock = lockMs(current, free);
        if (lock > 0) await this.counters.incr(`${key}:lock`, lock);
      }),
    );
  }
}
