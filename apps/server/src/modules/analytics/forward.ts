/**
 * Forwarding of stored events to an external analytics service, off the request path, through
 * the outbox (db/outbox.ts, topic `analytics`): each event to forward is a row written in the
 * same transaction as the event, so a crash, a restart or a service that is down loses none.
 * Every process with forwarding configured sends the due rows every ANALYTICS_FORWARD_INTERVAL_MS,
 * in batches, claiming each row with a lease first (two processes never send one at once);
 * a delivered row is deleted (the event stays in the events table); a failed attempt is retried
 * with back-off (delivery/attempt.ts) for ANALYTICS_FORWARD_RETRY_HOURS; a refused event, or
 * one past its retry time, is kept as failed for a week. Delivery is at least once: each event
 * carries an `id` a receiver drops when it has seen it.
 *
 * Kinds:
 * - webhook: POST {"events": [ForwardEvent…]} per batch (Authorization: Bearer <token> if set).
 * - plausible: the Plausible events API (POST /api/event), one request per event, a few at a
 *   time: {name, url, domain, props}. Visitors are not identified (no IP or user agent of the
 *   visitor is known), so Plausible's unique-visitor figures are meaningless; counts are right.
 *   Plausible has no event id: a retried event whose first attempt did arrive counts twice.
 */
import { randomUUID } from 'node:crypto';
import type { EventRecord } from '../../db/types.js';
import type { OutboxEntry, OutboxRepository, OutboxRow } from '../../db/outbox.js';
import {
  OutageNote,
  errorText,
  nextAttemptAt,
  realTimers,
  type DeliveryStats,
  type Timers,
} from '../../delivery/attempt.js';

/** An event as forwarded: its id, the stored fields, null ones left out, time as ISO 8601. */
export type ForwardEvent = { id?: string; at: string; type: string } & Partial<
  Record<Exclude<keyof EventRecord, 'at' | 'type'>, string | number | boolean>
>;

export function toForwardEvent(r: EventRecord, id?: string): ForwardEvent {
  const out: ForwardEvent = { ...(id ? { id } : {}), at: r.at.toISOString(), type: r.type };
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
  /** How often due rows are sent. */
  intervalMs: number;
  timeoutMs: number;
  /** How long an event is retried before it is given up (ms). */
  retryForMs: number;
  /** First back-off (default 1000), doubling up to `maxBackoffMs` (default 10 minutes). */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
  timers?: Timers;
  fetch?: typeof fetch;
  log?: (msg: string) => void;
}

export type ForwarderStats = DeliveryStats;

const PLAUSIBLE_NAMES: Record<string, string> = {
  pageView: 'pageview',
  search: 'Search',
  click: 'Link click',
  locationSearch: 'Location search',
};

const PLAUSIBLE_CONCURRENCY = 4;
const WEEK = 7 * 24 * 3_600_000;

/** An attempt's outcome: the status answered, or the error. */
interface Answer {
  status?: number;
  error?: string;
}

export class Forwarder {
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly fetchImpl: typeof fetch;
  private readonly counts = { queued: 0, sent: 0, failed: 0, requests: 0 };
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = false;
  private prunedAt = 0;
  private readonly outage: OutageNote;

  constructor(
    private readonly o: ForwarderOptions,
    private readonly outbox: OutboxRepository,
  ) {
    this.now = o.now ?? Date.now;
    this.outage = new OutageNote('analytics forward', o.log);
    this.timers = o.timers ?? realTimers;
    this.fetchImpl = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  }

  /** The outbox rows of events to store: written with them (EventRepository.insertMany). */
  rowsFor(records: readonly EventRecord[]): OutboxRow[] {
    return records.map((r) => {
      const id = randomUUID();
      return {
        topic: 'analytics',
        eventId: id,
        destination: this.o.url,
        body: JSON.stringify(toForwardEvent(r, id)),
      };
    });
  }

  /** Sends the due rows every interval from now on. */
  start(): this {
    const tick = () => {
      this.timer = this.timers.setTimeout(() => {
        void this.flush().finally(() => {
          if (!this.stopped) tick();
        });
      }, this.o.intervalMs);
    };
    tick();
    return this;
  }

  stats(): ForwarderStats {
    return { ...this.counts };
  }

  /** Sends every row due now (in batches); resolves when done. */
  async flush(): Promise<void> {
    this.running ??= this.sendDue().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  /** Stops; an attempt running ends (its time-out bounds it). What is left waits in the outbox. */
  async close(): Promise<void> {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
    await this.running;
  }

  private async sendDue(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) break;
        const now = this.now();
        const rows = await this.outbox.due(this.o.url, now, this.o.batchSize);
        const lease = now + this.o.timeoutMs * this.rounds(rows.length) + 5000;
        const mine: OutboxEntry[] = [];
        for (const row of rows) if (await this.outbox.claim(row.seq, now, lease)) mine.push(row);
        if (mine.length > 0) await this.send(mine);
        if (rows.length < this.o.batchSize || mine.length === 0) break;
      }
      await this.housekeeping();
      this.outage.answered();
    } catch (err) {
      // The database is unavailable: the rows wait for the next interval.
      this.outage.failed(err);
    }
  }

  /** Requests one after the other for a batch: 1 for a webhook, more for Plausible. */
  private rounds(n: number): number {
    return this.o.kind === 'webhook' ? 1 : Math.max(1, Math.ceil(n / PLAUSIBLE_CONCURRENCY));
  }

  private async housekeeping(): Promise<void> {
    this.counts.queued = await this.outbox.waiting(this.o.url);
    const now = this.now();
    if (now - this.prunedAt < 3_600_000) return;
    this.prunedAt = now;
    await this.outbox.prune(now, now - WEEK);
  }

  private async send(rows: OutboxEntry[]): Promise<void> {
    if (this.o.kind === 'webhook') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (this.o.token) headers.Authorization = `Bearer ${this.o.token}`;
      const answer = await this.post(`{"events":[${rows.map((r) => r.body).join(',')}]}`, headers);
      await this.settle(rows, answer);
      return;
    }
    for (let i = 0; i < rows.length; i += PLAUSIBLE_CONCURRENCY) {
      const slice = rows.slice(i, i + PLAUSIBLE_CONCURRENCY);
      await Promise.all(
        slice.map(async (row) => {
          const body = JSON.stringify(this.plausibleBody(JSON.parse(row.body) as ForwardEvent));
          const answer = await this.post(body, {
            'Content-Type': 'application/json',
            'User-Agent': 'locator-analytics-forwarder',
          });
          await this.settle([row], answer);
        }),
      );
    }
  }

  private async post(body: string, headers: Record<string, string>): Promise<Answer> {
    this.counts.requests += 1;
    try {
      const res = await this.fetchImpl(this.o.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    } catch (err) {
      return { error: errorText(err) };
    }
  }

  /** Writes the rows' outcome: deleted when delivered, retried, or given up. */
  private async settle(rows: OutboxEntry[], a: Answer): Promise<void> {
    const at = this.now();
    if (a.status !== undefined && a.status >= 200 && a.status < 300) {
      this.counts.sent += rows.length;
      await this.outbox.remove(rows.map((r) => r.seq));
      return;
    }
    const outcome = { at, statusCode: a.status ?? null, error: a.error ?? null };
    let givenUp = 0;
    for (const row of rows) {
      const next = nextAttemptAt(row, a.status, at, this.o);
      if (next !== undefined) await this.outbox.retry(row.seq, outcome, next);
      else {
        givenUp += 1;
        await this.outbox.failed(row.seq, outcome);
      }
    }
    if (givenUp === 0) return;
    this.counts.failed += givenUp;
    const why = a.status === undefined ? a.error : `HTTP ${a.status}`;
    this.o.log?.(`analytics forward: ${givenUp} events given up (${why})`);
  }

  private plausibleBody(e: ForwardEvent): Record<string, unknown> {
    const { id: _id, at: _at, type, ...rest } = e;
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
}
