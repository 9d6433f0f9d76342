/**
 * What the outbox's two senders share (docs/ARCHITECTURE.md, "Deliveries: the outbox"): the
 * change webhooks' dispatcher (modules/webhooks/dispatcher.ts) and the analytics forwarder
 * (modules/analytics/forward.ts). An attempt's answer is kept (2xx), retried after a back-off (5xx, 408,
 * 429, a time-out or a network error: 1 s doubling, at most 10 minutes, until the retry time
 * runs out) or given up (any other answer). Timers are injected (tests drive the back-off
 * without waiting).
 */

export interface Timers {
  /** `keepAlive`: the process does not exit before the timer fires. */
  setTimeout(fn: () => void, ms: number, keepAlive?: boolean): unknown;
  clearTimeout(handle: unknown): void;
}

/** The process's timers, not keeping it alive unless asked. */
export const realTimers: Timers = {
  setTimeout: (fn, ms, keepAlive = false) => {
    const timer = setTimeout(fn, ms);
    return keepAlive ? timer : timer.unref();
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A sender's figures for the metrics. */
export interface DeliveryStats {
  /** Rows waiting in the outbox (the database's: every process's). */
  queued: number;
  /** Delivered by this process since it started. */
  sent: number;
  /** Given up by this process since it started. */
  failed: number;
  /** Requests this process made. */
  requests: number;
}

/** Whether an attempt that got `status` (undefined: no answer) may succeed when tried again. */
export const retryable = (status: number | undefined): boolean =>
  status === undefined || status >= 500 || status === 408 || status === 429;

/** How long a sender keeps trying (ms), and its back-off (defaults: 1 s doubling to 10 min). */
export interface RetryPolicy {
  retryForMs: number;
  backoffMs?: number | undefined;
  maxBackoffMs?: number | undefined;
}

/**
 * When a failed attempt at a row is tried again, or undefined when it is given up: the answer
 * `status` (undefined: none) is not worth retrying, or the row has waited its retry time.
 */
export function nextAttemptAt(
  row: { createdAt: number; attempts: number },
  status: number | undefined,
  at: number,
  policy: RetryPolicy,
): number | undefined {
  if (!retryable(status) || at - row.createdAt >= policy.retryForMs) return undefined;
  return at + backoff(row.attempts + 1, policy.backoffMs, policy.maxBackoffMs);
}

/**
 * An outbox that cannot be read or written (the database down) is logged once, not at every
 * poll, until it answers again.
 */
export class OutageNote {
  private said = false;

  constructor(
    private readonly what: string,
    private readonly log?: (msg: string) => void,
  ) {}

  failed(err: unknown): void {
    if (!this.said) this.log?.(`${this.what}: outbox not usable (${errorText(err)})`);
    this.said = true;
  }

  answered(): void {
    this.said = false;
  }
}

/** The wait before the next attempt, after `attempts` failed ones (1 s, 2 s, 4 s… 10 min). */
export const backoff = (attempts: number, firstMs = 1000, maxMs = 600_000): number =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);

/** An error in words for a log line or the console (fetch's cause named). */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch's "fetch failed" names the reason (ECONNREFUSED…) in its cause.
  const cause = (err as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
