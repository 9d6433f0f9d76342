/**
 * Failed console sign-ins slowed down (src/modules/console/sign-in-throttle.ts) on an injected clock:
 * lock-outs that double from 1 s to 15 minutes, per account and per client.
 */
import { describe, expect, it } from 'vitest';
import { RateLimitCounters } from '../src/http/rate-limit-counters.js';
import { FREE_FAILURES, SignInThrottle, lockMs } from '../src/modules/console/sign-in-throttle.js';

describe('console sign-in throttle', () => {
  it('locks out for twice as long after each failure beyond the allowance, at most 15 minutes', () => {
    expect([5, 6, 7, 8, 9].map((n) => lockMs(n, 5))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(lockMs(40, 5)).toBe(15 * 60_000);
    expect(lockMs(0, 5)).toBe(0);
  });

  it('locks a client out after its own allowance, whatever the accounts', async () => {
    let clock = 0;
    const throttle = new SignInThrottle(new RateLimitCounters({ now: () => clock }));
    for (let i = 0; i < FREE_FAILURES.client; i++) {
      expect(await throttle.blocked('10.0.0.9', `user${i}@example.com`)).toBeUndefined();
      await throttle.failed('10.0.0.9', `user${i}@example.com`);
    }
    expect(await throttle.blocked('10.0.0.9', 'other@example.com')).toBeUndefined();
    await throttle.failed('10.0.0.9', 'other@example.com');
    expect(await throttle.blocked('10.0.0.9', 'new@example.com')).toBe(1);
    expect(await throttle.blocked('10.0.0.10', 'new@example.com')).toBeUndefined();
    clock += 1000;
    expect(await throttle.blocked('10.0.0.9', 'new@example.com')).toBeUndefined();
    // The window is 15 minutes: then every allowance is whole again.
    clock += 15 * 60_000;
    await throttle.failed('10.0.0.9', 'new@example.com');
    expect(await throttle.blocked('10.0.0.9', 'new@example.com')).toBeUndefined();
  });
});
