import { describe, expect, it, vi } from 'vitest';
import { OutageNote, backoff, nextAttemptAt } from '../src/delivery/attempt.js';

const HOUR = 3_600_000;
const policy = { retryForMs: 24 * HOUR };

describe('an outbox sender’s next attempt', () => {
  it('backs off 1 s doubling to 10 minutes', () => {
    expect([1, 2, 3, 4, 10, 11, 50].map((n) => backoff(n))).toEqual([
      1000, 2000, 4000, 8000, 512_000, 600_000, 600_000,
    ]);
  });

  it('retries no answer, 5xx, 408 and 429 after the back-off', () => {
    const row = { createdAt: 0, attempts: 2 };
    for (const status of [undefined, 500, 503, 408, 429])
      expect(nextAttemptAt(row, status, 10_000, policy)).toBe(10_000 + 4000);
  });

  it('gives up any other answer at once', () => {
    for (const status of [301, 400, 404, 410, 422])
      expect(nextAttemptAt({ createdAt: 0, attempts: 0 }, status, 1, policy)).toBeUndefined();
  });

  it('gives up once the row has waited its retry time', () => {
    const row = { createdAt: 0, attempts: 200 };
    expect(nextAttemptAt(row, 503, 24 * HOUR - 1, policy)).toBe(24 * HOUR - 1 + 600_000);
    expect(nextAttemptAt(row, 503, 24 * HOUR, policy)).toBeUndefined();
  });

  it('says an outbox outage once until it answers again', () => {
    const log = vi.fn();
    const note = new OutageNote('webhooks', log);
    note.failed(new Error('database is locked'));
    note.failed(new Error('database is locked'));
    expect(log.mock.calls).toEqual([['webhooks: outbox not usable (database is locked)']]);
    note.answered();
    note.failed(new Error('gone'));
    expect(log).toHaveBeenCalledTimes(2);
  });
});
