/**
 * The change webhooks' dispatcher (docs/ARCHITECTURE.md, "Deliveries: the outbox"). Each
 * committed change's events are written, one row per receiver URL, in the change's own
 * transaction (db/outbox.ts, through the change feed); the dispatcher sends each URL's rows in
 * order, one at a time, signed at each attempt:
 * - a row is claimed with a lease before its attempt, so that the processes sharing the
 *   database (the workers, other machines, the import command) never send one at the same time;
 *   a process killed during an attempt leaves a lease that runs out, and the row is tried again;
 * - a 2xx answer delivers it; a 5xx, 408, 429, time-out or network error is tried again after a
 *   back-off (1 s doubling, at most 10 minutes) for WEBHOOK_RETRY_HOURS, and the URL's later
 *   rows wait behind it (the receiver sees the changes in order); another answer, or the last
 *   retry, gives it up: kept in the table as failed, shown in the console, never sent again;
 * - it wakes when this process commits a change, and polls every second for the rows of other
 *   processes and for retries; delivered rows are deleted after a week.
 * Delivery is at least once: a receiver drops an event id it has seen.
 */
import type { ChangeFeed, CommittedChange, OutboxRow } from '../stores/changes.js';
import type { OutboxEntry, OutboxRepository } from '../../db/outbox.js';
import {
  OutageNote,
  errorText,
  nextAttemptAt,
  realTimers,
  type DeliveryStats,
  type Timers,
} from '../../delivery/attempt.js';
import { shownUrl } from './shown-url.js';
import type { WebhookConfig } from './config.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signature, webhookEvents } from './payload.js';

export interface WebhookDispatcherOptions {
  urls: readonly string[];
  secret: string;
  timeoutMs: number;
  maxStores: number;
  /** How long a delivery is retried before it is given up (ms). */
  retryForMs: number;
  /** First back-off; doubles per attempt up to `maxBackoffMs`. Default 1000. */
  backoffMs?: number;
  /** Default 10 minutes. */
  maxBackoffMs?: number;
  /** How often the outbox is read for other processes' rows. Default 1000. */
  pollMs?: number;
  /** Delivered rows are deleted this long after their delivery. Default 7 days. */
  keepDeliveredMs?: number;
  now?: () => number;
  timers?: Timers;
  fetch?: typeof fetch;
  log?: (msg: string) => void;
}

export function webhookOptions(
  c: WebhookConfig,
  log?: (msg: string) => void,
): WebhookDispatcherOptions | undefined {
  if (!c.WEBHOOK_URLS?.length || !c.WEBHOOK_SECRET) return undefined;
  return {
    urls: c.WEBHOOK_URLS,
    secret: c.WEBHOOK_SECRET,
    timeoutMs: c.WEBHOOK_TIMEOUT_MS,
    maxStores: c.WEBHOOK_MAX_STORES,
    retryForMs: c.WEBHOOK_RETRY_HOURS * 3_600_000,
    ...(log ? { log } : {}),
  };
}

/** One URL's sending: one attempt at a time. */
interface Lane {
  url: string;
  running: boolean;
  again: boolean;
  wake: unknown;
  /** Rows waiting, as last counted (all processes'). */
  pending: number;
  sent: number;
  failed: number;
  requests: number;
}

const HOUR = 3_600_000;

export class WebhookDispatcher {
  private readonly lanes: Lane[];
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly fetchImpl: typeof fetch;
  private readonly running = new Set<Promise<void>>();
  private poll: unknown;
  private prunedAt = 0;
  private stopFeed: (() => void) | undefined;
  private stopped = false;
  private readonly outage: OutageNote;

  constructor(
    private readonly o: WebhookDispatcherOptions,
    private readonly outbox: OutboxRepository,
  ) {
    this.now = o.now ?? Date.now;
    this.outage = new OutageNote('webhooks', o.log);
    this.timers = o.timers ?? realTimers;
    this.fetchImpl = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
    this.lanes = o.urls.map((url) => ({
      url,
      running: false,
      again: false,
      wake: undefined,
      pending: 0,
      sent: 0,
      failed: 0,
      requests: 0,
    }));
  }

  /** The configured URLs. */
  get urls(): readonly string[] {
    return this.o.urls;
  }

  /** Every change of the feed writes its deliveries with it, and wakes the dispatcher. */
  follow(feed: ChangeFeed): this {
    const stopRows = feed.writeOutbox((change) => this.rowsFor(change));
    const stopListening = feed.listen(() => this.wake());
    this.stopFeed = () => {
      stopRows();
      stopListening();
    };
    this.schedulePoll();
    this.wake();
    return this;
  }

  /** A change's deliveries: each event (part) for each URL. */
  rowsFor(change: CommittedChange): OutboxRow[] {
    const events = webhookEvents(change, this.o.maxStores);
    return this.o.urls.flatMap((destination) =>
      events.map((e) => ({
        topic: 'webhook' as const,
        eventId: e.id,
        destination,
        body: JSON.stringify(e),
      })),
    );
  }

  /** Sends what is due now, for every URL. */
  wake(): void {
    for (const lane of this.lanes) this.drain(lane);
  }

  /** Per URL: rows waiting (all processes'), and this process's sends. */
  stats(): Record<string, DeliveryStats> {
    return Object.fromEntries(
      this.lanes.map((l) => [
        l.url,
        { queued: l.pending, sent: l.sent, failed: l.failed, requests: l.requests },
      ]),
    );
  }

  /** Resolves when no attempt is running (tests, and the stop). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /**
   * Waits up to `deadlineMs` for every URL's rows to be delivered or given up (the import
   * command before it exits); answers whether none is left waiting.
   */
  async settle(deadlineMs: number): Promise<boolean> {
    const until = this.now() + deadlineMs;
    for (;;) {
      this.wake();
      await this.idle();
      const heads = await Promise.all(this.lanes.map((l) => this.outbox.head(l.url)));
      const next = heads.filter((h): h is OutboxEntry => h !== undefined);
      if (next.length === 0) return true;
      // Read again at the next due time, or sooner: a lease another process holds ends early
      // when its attempt does.
      const now = this.now();
      if (now >= until) return false;
      const due = Math.min(...next.map((h) => Math.max(h.nextAttemptAt, h.leaseUntil)));
      const wait = Math.min(due - now, this.o.pollMs ?? 1000, until - now);
      await new Promise<void>((r) => this.timers.setTimeout(r, Math.max(0, wait), true));
    }
  }

  /**
   * Stops: no new attempt; the one running ends (its time-out bounds it). Answers a log line per
   * URL with what this process sent and what is still waiting in the outbox.
   */
  async close(): Promise<string[]> {
    this.stopped = true;
    this.stopFeed?.();
    this.timers.clearTimeout(this.poll);
    for (const lane of this.lanes) this.timers.clearTimeout(lane.wake);
    await this.idle();
    await this.count().catch(() => undefined);
    return this.lanes
      .filter((l) => l.sent + l.failed + l.pending > 0)
      .map((l) => {
        const failed = l.failed ? `, ${l.failed} given up` : '';
        const waiting = l.pending
          ? `; ${l.pending} waiting in the outbox, sent when a server runs with this webhook`
          : '';
        return `Webhook ${new URL(l.url).host}: ${l.sent} delivered${failed}${waiting}`;
      });
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.poll = this.timers.setTimeout(() => {
      this.wake();
      this.housekeeping().finally(() => this.schedulePoll());
    }, this.o.pollMs ?? 1000);
  }

  private async housekeeping(): Promise<void> {
    try {
      await this.count();
      const now = this.now();
      if (now - this.prunedAt >= HOUR) {
        this.prunedAt = now;
        await this.outbox.prune(now - (this.o.keepDeliveredMs ?? 7 * 24 * HOUR));
      }
    } catch (err) {
      // Counted and pruned at a later poll; said once until the outbox answers again.
      this.outage.failed(err);
    }
  }

  private async count(): Promise<void> {
    for (const lane of this.lanes) lane.pending = await this.outbox.waiting(lane.url);
  }

  private drain(lane: Lane): void {
    if (this.stopped) return;
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = true;
    lane.again = false;
    const run: Promise<void> = this.send(lane)
      .then(
        () => this.outage.answered(),
        // The database is unavailable: the rows wait; the next poll tries again.
        (err: unknown) => this.outage.failed(err),
      )
      .finally(() => {
        lane.running = false;
        this.running.delete(run);
        if (lane.again) this.drain(lane);
      });
    this.running.add(run);
  }

  /** Sends the URL's rows in order while they are due. */
  private async send(lane: Lane): Promise<void> {
    while (!this.stopped) {
      const head = await this.outbox.head(lane.url);
      if (!head) return;
      const now = this.now();
      const due = Math.max(head.nextAttemptAt, head.leaseUntil);
      if (due > now) {
        this.timers.clearTimeout(lane.wake);
        lane.wake = this.timers.setTimeout(() => this.drain(lane), due - now);
        return;
      }
      // The lease covers the attempt's time-out; another process's claim wins: read again.
      if (await this.outbox.claim(head.seq, now, now + this.o.timeoutMs + 5000)) {
        await this.attempt(lane, head);
      }
    }
  }

  private async attempt(lane: Lane, row: OutboxEntry): Promise<void> {
    lane.requests += 1;
    let status: number | undefined;
    let error: string | undefined;
    try {
      const res = await this.fetchImpl(lane.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'locator-webhooks',
          [EVENT_ID_HEADER]: row.eventId,
          [SIGNATURE_HEADER]: signature(this.o.secret, Math.floor(this.now() / 1000), row.body),
        },
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      // The error may name the URL: written as the console shows it.
      error = errorText(err).replaceAll(lane.url, shownUrl(lane.url));
    }
    const at = this.now();
    const outcome = { at, statusCode: status ?? null, error: error ?? null };
    if (status !== undefined && status >= 200 && status < 300) {
      lane.sent += 1;
      await this.outbox.delivered(row.seq, outcome);
      return;
    }
    const next = nextAttemptAt(row, status, at, this.o);
    if (next !== undefined) {
      await this.outbox.retry(row.seq, outcome, next);
      return;
    }
    lane.failed += 1;
    await this.outbox.failed(row.seq, outcome);
    const why = status === undefined ? error : `HTTP ${status}`;
    this.o.log?.(
      `Webhook ${new URL(lane.url).host}: event ${row.eventId} given up after ` +
        `${row.attempts + 1} attempts (${why})`,
    );
  }
}
