/**
 * Delivery of JSON POSTs to an outside service, off the request path: the analytics forwarder
 * (analytics/forward.ts). Items go into a bounded
 * in-memory queue — when it is full the oldest are dropped, counted, and a warning is logged
 * with the count — and a single sender drains it in batches, each POST with a time-out, retried
 * with exponential back-off after a 5xx, 408, 429 or network error (other 4xx are not retried).
 * A slow or dead service never slows the locator: `enqueue` is synchronous and O(batch).
 * Timers are injected (tests drive the back-off without waiting).
 */

export interface Timers {
  /** `keepAlive`: the process does not exit before the timer fires (close()'s deadline). */
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

/** A refusal by the service (4xx other than 408 and 429): not retried. */
export class PermanentError extends Error {}

/** POSTs a body; throws on a failure (PermanentError when retrying cannot help). */
export type Post = (body: string, headers: Record<string, string>) => Promise<void>;

/** What a batch's send left: items to retry, and how many the service refused. */
export interface SendOutcome<T> {
  retry: T[];
  refused: number;
}

/** A queue's settings (the analytics forwarder takes these as they are). */
export interface QueueSettings {
  url: string;
  batchSize: number;
  maxQueue: number;
  /** Longest wait before a partial batch is sent. */
  intervalMs: number;
  timeoutMs: number;
  /** Attempts after the first failure. */
  retries: number;
  /** First back-off; doubles per retry. Default 1000. */
  backoffMs?: number;
  fetch?: typeof fetch;
  log?: (msg: string) => void;
  timers?: Timers;
}

export interface DeliveryOptions<T> extends QueueSettings {
  /** For log lines: "analytics forward", "webhook hooks.example.com". */
  name: string;
  /** What the items are called in log lines: "events", "changes". */
  noun: string;
  /**
   * Sends a batch with `post`: all or nothing (throws), or per item (answers the items to retry
   * and how many were refused).
   */
  send(batch: T[], post: Post): Promise<SendOutcome<T> | void>;
}

export interface DeliveryStats {
  queued: number;
  sent: number;
  /** Dropped because the queue was full. */
  dropped: number;
  /** Given up after the last retry, or refused by the service (4xx). */
  failed: number;
  /** Still queued or being sent when close() gave up waiting. */
  abandoned: number;
  requests: number;
}

export class DeliveryQueue<T> {
  private queue: T[] = [];
  private timer: unknown;
  private running: Promise<void> | undefined;
  private inFlight = 0;
  /** The batch being sent. */
  private sending: readonly T[] = [];
  /** What close() gave up on: still queued or being sent at its deadline. */
  private left: readonly T[] = [];
  /** close() was called: no new items; retries go on until its deadline. */
  private closing = false;
  /** close()'s deadline passed: nothing more is attempted. */
  private stopped = false;
  /** Items dropped since the queue was last empty (a warning was logged at the first). */
  private droppedInStreak = 0;
  private readonly fetchImpl: typeof fetch;
  private readonly timers: Timers;
  private readonly counts = { sent: 0, dropped: 0, failed: 0, abandoned: 0, requests: 0 };

  constructor(private readonly o: DeliveryOptions<T>) {
    this.fetchImpl = o.fetch ?? ((...a) => fetch(...a));
    this.timers = o.timers ?? realTimers;
  }

  /** Queues items; never blocks, never throws. */
  enqueue(items: readonly T[]): void {
    if (this.closing || items.length === 0) return;
    this.queue.push(...items);
    const over = this.queue.length - this.o.maxQueue;
    if (over > 0) {
      this.queue.splice(0, over);
      this.counts.dropped += over;
      if (this.droppedInStreak === 0) {
        this.log(
          `${this.o.name} queue full (${this.o.maxQueue} ${this.o.noun}): dropping the oldest; ` +
            `${this.counts.dropped} dropped since start`,
        );
      }
      this.droppedInStreak += over;
    }
    if (this.queue.length >= this.o.batchSize) this.kick();
    else this.schedule();
  }

  stats(): DeliveryStats {
    return { queued: this.queue.length, ...this.counts };
  }

  /** The items close() gave up on (still queued or being sent at its deadline). */
  abandonedItems(): readonly T[] {
    return this.left;
  }

  /** Sends everything queued (waits for the sender to go idle). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.running) {
      this.kick();
      await this.running;
    }
  }

  /**
   * Stops taking items, then tries to send what is queued (retries included) within
   * `deadlineMs`; what is still queued or being sent then is counted as abandoned.
   */
  async close(deadlineMs = 3000): Promise<DeliveryStats> {
    this.closing = true;
    let deadline: unknown;
    const done = await Promise.race([
      this.flush().then(() => true),
      new Promise<false>((resolve) => {
        // Kept alive: a process closing (the import command) waits for its deliveries.
        deadline = this.timers.setTimeout(() => resolve(false), deadlineMs, true);
      }),
    ]);
    this.timers.clearTimeout(deadline);
    this.timers.clearTimeout(this.timer);
    this.stopped = true;
    if (!done) {
      this.counts.abandoned += this.queue.length + this.inFlight;
      this.left = [...this.sending, ...this.queue];
    }
    this.queue = [];
    if (this.counts.dropped > 0) {
      this.log(`${this.o.name}: ${this.counts.dropped} ${this.o.noun} dropped (queue full)`);
    }
    return this.stats();
  }

  private schedule(): void {
    this.timer ??= this.timers.setTimeout(() => this.kick(), this.o.intervalMs);
  }

  private kick(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || this.queue.length === 0) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.queue.length > 0 && !this.closing) this.schedule();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.o.batchSize);
      if (this.queue.length === 0 && this.droppedInStreak > 0) {
        this.log(`${this.o.name}: ${this.droppedInStreak} ${this.o.noun} dropped while full`);
        this.droppedInStreak = 0;
      }
      this.inFlight = batch.length;
      this.sending = batch;
      await this.sendWithRetries(batch);
      this.inFlight = 0;
      this.sending = [];
      // A partial batch waits for more unless the sender is closing.
      if (this.queue.length < this.o.batchSize && !this.closing) return;
    }
  }

  private async sendWithRetries(batch: T[]): Promise<void> {
    let pending = batch;
    const backoff = this.o.backoffMs ?? 1000;
    const post: Post = (body, headers) => this.post(body, headers);
    for (let attempt = 0; ; attempt += 1) {
      let outcome: SendOutcome<T> | undefined;
      let problem: unknown;
      try {
        outcome = (await this.o.send(pending, post)) ?? { retry: [], refused: 0 };
      } catch (err) {
        problem = err;
      }
      // Past close()'s deadline these items are counted as abandoned already.
      if (this.stopped) return;
      if (outcome) {
        const { retry, refused } = outcome;
        this.counts.failed += refused;
        this.counts.sent += pending.length - retry.length - refused;
        if (refused > 0) this.log(`${this.o.name}: ${refused} ${this.o.noun} refused`);
        pending = retry;
        if (pending.length === 0) return;
      }
      if (problem instanceof PermanentError || attempt >= this.o.retries) {
        this.counts.failed += pending.length;
        const why = problem === undefined ? 'service errors' : errorText(problem);
        this.log(`${this.o.name} failed (${pending.length} ${this.o.noun}): ${why}`);
        return;
      }
      await new Promise<void>((resolve) => {
        this.timers.setTimeout(resolve, backoff * 2 ** attempt);
      });
      if (this.stopped) return;
    }
  }

  private async post(body: string, headers: Record<string, string>): Promise<void> {
    this.counts.requests += 1;
    const res = await this.fetchImpl(this.o.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.o.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return;
    const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
    const msg = `HTTP ${res.status}`;
    throw retryable ? new Error(msg) : new PermanentError(msg);
  }

  private log(msg: string): void {
    this.o.log?.(msg);
  }
}

/** An error in words for a log line or the console (fetch's cause named). */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch's "fetch failed" names the reason (ECONNREFUSED…) in its cause.
  const cause = (err as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
