/**
 * The change webhooks: every change the database's change feed announces (db/store-changes.ts)
 * is POSTed, signed, to each configured URL through its own bounded delivery queue
 * (delivery/queue.ts: retries with back-off, the oldest dropped when full), so one slow or dead
 * receiver holds back neither the others nor the write. Each process sends the changes it
 * committed itself: the server its admin API writes, the import command its import (waiting
 * up to WEBHOOK_EXIT_WAIT_MS for the deliveries before it exits).
 */
import type { ChangeFeed, CommittedChange } from '../db/store-changes.js';
import {
  DeliveryQueue,
  PermanentError,
  errorText,
  type DeliveryStats,
  type Timers,
} from '../delivery/queue.js';
import { DeliveryRecord, shownUrl } from './delivery-record.js';
import type { WebhookConfig } from './config.js';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signature,
  webhookEvents,
  type WebhookEvent,
} from './payload.js';

export interface WebhookSenderOptions {
  urls: readonly string[];
  secret: string;
  maxQueue: number;
  timeoutMs: number;
  retries: number;
  maxStores: number;
  /** First back-off; doubles per retry. Default 1000. */
  backoffMs?: number;
  /** The signature's clock (ms since the epoch). */
  now?: () => number;
  timers?: Timers;
  fetch?: typeof fetch;
  log?: (msg: string) => void;
  /** Where each URL's recent deliveries are kept for the console (default: a new one). */
  record?: DeliveryRecord;
}

export function webhookOptions(
  c: WebhookConfig,
  log?: (msg: string) => void,
): WebhookSenderOptions | undefined {
  if (!c.WEBHOOK_URLS?.length || !c.WEBHOOK_SECRET) return undefined;
  return {
    urls: c.WEBHOOK_URLS,
    secret: c.WEBHOOK_SECRET,
    maxQueue: c.WEBHOOK_QUEUE,
    timeoutMs: c.WEBHOOK_TIMEOUT_MS,
    retries: c.WEBHOOK_RETRIES,
    maxStores: c.WEBHOOK_MAX_STORES,
    ...(log ? { log } : {}),
  };
}

export class WebhookSender {
  private readonly queues: Map<string, DeliveryQueue<WebhookEvent>>;
  private stop: (() => void) | undefined;
  /** Each URL's recent deliveries and failures (this process's, in memory). */
  readonly record: DeliveryRecord;

  constructor(private readonly o: WebhookSenderOptions) {
    const now = o.now ?? Date.now;
    const record = (this.record = o.record ?? new DeliveryRecord(undefined, now));
    const fetchImpl = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
    this.queues = new Map(
      o.urls.map((url) => {
        // One delivery at a time per URL: the status of its last answer.
        let status: number | undefined;
        const fetchSeen: typeof fetch = async (...a) => {
          status = undefined;
          const res = await fetchImpl(...a);
          status = res.status;
          return res;
        };
        const queue = new DeliveryQueue<WebhookEvent>({
          url,
          name: `webhook ${new URL(url).host}`,
          noun: 'changes',
          batchSize: 1,
          maxQueue: o.maxQueue,
          intervalMs: 0,
          timeoutMs: o.timeoutMs,
          retries: o.retries,
          ...(o.backoffMs !== undefined ? { backoffMs: o.backoffMs } : {}),
          ...(o.timers ? { timers: o.timers } : {}),
          fetch: fetchSeen,
          ...(o.log ? { log: o.log } : {}),
          send: async ([event], post) => {
            const body = JSON.stringify(event);
            const attempts = record.attempt(url, event!.id);
            try {
              await post(body, {
                'Content-Type': 'application/json',
                'User-Agent': 'locator-webhooks',
                [EVENT_ID_HEADER]: event!.id,
                [SIGNATURE_HEADER]: signature(o.secret, Math.floor(now() / 1000), body),
              });
            } catch (err) {
              const last = err instanceof PermanentError || attempts > o.retries;
              record.settle(url, event!, {
                outcome: last ? 'failed' : 'retrying',
                statusCode: status,
                // The error may name the URL: shown as the console shows it.
                error:
                  status === undefined ? errorText(err).replaceAll(url, shownUrl(url)) : undefined,
              });
              throw err;
            }
            record.settle(url, event!, { outcome: 'delivered', statusCode: status });
          },
        });
        return [url, queue] as const;
      }),
    );
  }

  /** The configured URLs. */
  get urls(): readonly string[] {
    return this.o.urls;
  }

  /** Sends every change the feed announces from now on. */
  follow(feed: ChangeFeed): this {
    this.stop = feed.listen((change) => this.enqueue(change));
    return this;
  }

  /** Queues a committed change for every URL; never blocks, never throws. */
  enqueue(change: CommittedChange): void {
    const events = webhookEvents(change, this.o.maxStores);
    for (const queue of this.queues.values()) queue.enqueue(events);
  }

  /** Per URL. */
  stats(): Record<string, DeliveryStats> {
    return Object.fromEntries([...this.queues].map(([url, q]) => [url, q.stats()]));
  }

  /** Sends everything queued. */
  async flush(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.flush()));
  }

  /**
   * Stops following, then tries to deliver what is queued within `deadlineMs`; per URL, with
   * the ids of the events it gave up on.
   */
  async close(deadlineMs = 3000): Promise<Record<string, ClosedDelivery>> {
    this.stop?.();
    const closed = await Promise.all(
      [...this.queues].map(async ([url, q]) => {
        const stats = await q.close(deadlineMs);
        const abandonedIds = q.abandonedItems().map((e) => e.id);
        return [url, { ...stats, abandonedIds }] as const;
      }),
    );
    return Object.fromEntries(closed);
  }
}

export interface ClosedDelivery extends DeliveryStats {
  /** The events still queued or being sent when the sender stopped waiting. */
  abandonedIds: string[];
}

/**
 * The log lines of a sender's close, per URL that had changes: how many were delivered and
 * not, and the ids of the events still queued at the stop (a receiver can ask for those
 * stores again; the audit log has the changes).
 */
export function deliveryLines(closed: Record<string, ClosedDelivery>): string[] {
  const lines: string[] = [];
  for (const [url, s] of Object.entries(closed)) {
    const lost = s.failed + s.abandoned + s.dropped;
    if (s.sent + lost === 0) continue;
    const host = new URL(url).host;
    const waited = s.abandoned ? ` (${s.abandoned} still being retried after the wait)` : '';
    const ids = s.abandonedIds.length ? `; not sent at the stop: ${s.abandonedIds.join(', ')}` : '';
    lines.push(
      `Webhook ${host}: ${s.sent} delivered${lost ? `, ${lost} not delivered` : ''}${waited}${ids}`,
    );
  }
  return lines;
}
