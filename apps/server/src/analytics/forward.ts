/**
 * Forwarding of stored events to an external analytics service, off the request path: events go
 * into a bounded in-memory queue (the oldest are dropped when it is full) and a single sender
 * drains it in batches, with a time-out per request and retries with exponential back-off.
 * A slow or failing service never slows the locator: `enqueue` is synchronous and O(batch).
 *
 * Kinds:
 * - webhook: POST {"events": [ForwardEvent…]} per batch (Authorization: Bearer <token> if set).
 * - plausible: the Plausible events API (POST /api/event), one request per event, a few at a
 *   time: {name, url, domain, props}. Visitors are not identified (no IP or user agent of the
 *   visitor is known), so Plausible's unique-visitor figures are meaningless; counts are right.
 */
import type { EventRecord } from '../db/types.js';

/** An event as forwarded: the stored fields, null ones left out, time as ISO 8601. */
export type ForwardEvent = { at: string; type: string } & Partial<
  Record<Exclude<keyof EventRecord, 'at' | 'type'>, string | number | boolean>
>;

export function toForwardEvent(r: EventRecord): ForwardEvent {
  const out: ForwardEvent = { at: r.at.toISOString(), type: r.type };
  for (const [k, v] of Object.entries(r)) {
    if (k === 'at' || k === 'type' || v === null) continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export interface ForwarderOptions {
  url: string;
  kind: 'webhook' | 'plausible';
  /** Plausible site domain. */
  domain?: string | undefined;
  /** Webhook bearer token. */
  token?: string | undefined;
  batchSize: number;
  maxQueue: number;
  /** Longest wait before a partial batch is sent. */
  intervalMs: number;
  timeoutMs: number;
  retries: number;
  /** First back-off; doubles per retry. Default 1000. */
  backoffMs?: number;
  fetch?: typeof fetch;
  log?: (msg: string) => void;
}

export interface ForwarderStats {
  queued: number;
  sent: number;
  /** Dropped because the queue was full. */
  dropped: number;
  /** Given up after the last retry, or refused by the service (4xx). */
  failed: number;
  requests: number;
}

class PermanentError extends Error {}

const PLAUSIBLE_NAMES: Record<string, string> = {
  pageView: 'pageview',
  search: 'Search',
  click: 'Link click',
  locationSearch: 'Location search',
};

const PLAUSIBLE_CONCURRENCY = 4;

export class Forwarder {
  private queue: ForwardEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closing = false;
  private readonly fetchImpl: typeof fetch;
  private readonly counts = { sent: 0, dropped: 0, failed: 0, requests: 0 };

  constructor(private readonly o: ForwarderOptions) {
    this.fetchImpl = o.fetch ?? ((...a) => fetch(...a));
  }

  /** Queues events; never blocks, never throws. */
  enqueue(events: readonly ForwardEvent[]): void {
    if (this.closing || events.length === 0) return;
    this.queue.push(...events);
    const over = this.queue.length - this.o.maxQueue;
    if (over > 0) {
      this.queue.splice(0, over);
      if (this.counts.dropped === 0) this.log(`analytics forward queue full: dropping oldest`);
      this.counts.dropped += over;
    }
    if (this.queue.length >= this.o.batchSize) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.o.intervalMs).unref();
  }

  stats(): ForwarderStats {
    return { queued: this.queue.length, ...this.counts };
  }

  /** Sends everything queued (waits for the sender to go idle). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.running) {
      this.kick();
      await this.running;
    }
  }

  /** Stops taking events, then tries to send what is queued within `deadlineMs`. */
  async close(deadlineMs = 3000): Promise<void> {
    this.closing = true;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush(),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, deadlineMs).unref();
      }),
    ]);
    clearTimeout(timeout);
    clearTimeout(this.timer);
    this.queue = [];
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || this.queue.length === 0) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.queue.length > 0 && !this.closing) {
        this.timer ??= setTimeout(() => this.kick(), this.o.intervalMs).unref();
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.o.batchSize);
      await this.sendWithRetries(batch);
      // A partial batch waits for more unless the sender is closing.
      if (this.queue.length < this.o.batchSize && !this.closing) return;
    }
  }

  private async sendWithRetries(batch: ForwardEvent[]): Promise<void> {
    let pending = batch;
    const backoff = this.o.backoffMs ?? 1000;
    for (let attempt = 0; ; attempt += 1) {
      let problem: unknown;
      try {
        const { retry, refused } = await this.send(pending);
        this.counts.failed += refused;
        this.counts.sent += pending.length - retry.length - refused;
        if (refused > 0) this.log(`analytics forward: ${refused} events refused by the service`);
        pending = retry;
        if (pending.length === 0) return;
      } catch (err) {
        problem = err;
      }
      if (problem instanceof PermanentError || attempt >= this.o.retries || this.closing) {
        this.counts.failed += pending.length;
        const why = problem === undefined ? 'service errors' : errorText(problem);
        this.log(`analytics forward failed (${pending.length} events): ${why}`);
        return;
      }
      await new Promise((r) => setTimeout(r, backoff * 2 ** attempt).unref());
    }
  }

  /**
   * Sends a batch. Webhook: all or nothing (throws). Plausible: per event; answers the events
   * to retry and how many the service refused (4xx).
   */
  private async send(batch: ForwardEvent[]): Promise<{ retry: ForwardEvent[]; refused: number }> {
    if (this.o.kind === 'webhook') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (this.o.token) headers.Authorization = `Bearer ${this.o.token}`;
      await this.post(JSON.stringify({ events: batch }), headers);
      return { retry: [], refused: 0 };
    }
    const retry: ForwardEvent[] = [];
    let refused = 0;
    for (let i = 0; i < batch.length; i += PLAUSIBLE_CONCURRENCY) {
      const slice = batch.slice(i, i + PLAUSIBLE_CONCURRENCY);
      const results = await Promise.allSettled(
        slice.map((e) =>
          this.post(JSON.stringify(this.plausibleBody(e)), {
            'Content-Type': 'application/json',
            'User-Agent': 'locator-analytics-forwarder',
          }),
        ),
      );
      results.forEach((r, j) => {
        if (r.status === 'fulfilled') return;
        if (r.reason instanceof PermanentError) refused += 1;
        else retry.push(slice[j] as ForwardEvent);
      });
    }
    return { retry, refused };
  }

  private plausibleBody(e: ForwardEvent): Record<string, unknown> {
    const { at: _at, type, ...rest } = e;
    const path =
      type === 'pageView'
        ? `/${[rest.country, rest.locale, rest.page].filter(Boolean).join('/')}`
        : `/${[rest.country, rest.channel].filter(Boolean).join('/')}`;
    return {
      name: PLAUSIBLE_NAMES[type] ?? type,
      url: `https://${this.o.domain ?? 'localhost'}${path.toLowerCase()}`,
      domain: this.o.domain,
      // Plausible's custom properties are strings.
      props: Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
    };
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

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
