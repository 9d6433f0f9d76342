/**
 * The change webhooks: every change the database's change feed announces (db/store-changes.ts)
 * is POSTed, signed, to each configured URL through its own bounded delivery queue
 * (delivery/queue.ts: retries with back-off, the oldest dropped when full), so one slow or dead
 * receiver holds back neither the others nor the write. Each process sends the changes it
 * committed itself: the server its admin API writes, the import command its import (waiting
 * up to WEBHOOK_EXIT_WAIT_MS for the deliveries before it exits).
 */
import type { ChangeFeed, CommittedChange } from '../db/store-changes.js';
import { DeliveryQueue, type DeliveryStats, type Timers } from '../delivery/queue.js';
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

  constructor(private readonly o: WebhookSenderOptions) {
    const now = o.now ?? Date.now;
    this.queues = new Map(
      o.urls.map((url) => [
        url,
        new DeliveryQueue<WebhookEvent>({
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
          ...(o.fetch ? { fetch: o.fetch } : {}),
          ...(o.log ? { log: o.log } : {}),
          send: async ([event], post) => {
            const body = JSON.stringify(event);
            await post(body, {
              'Content-Type': 'application/json',
              'User-Agent': 'locator-webhooks',
              [EVENT_ID_HEADER]: event!.id,
              [SIGNATURE_HEADER]: signature(o.secret, Math.floor(now() / 1000), body),
            });
          },
        }),
      ]),
    );
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

  /** Stops following, then tries to deliver what is queued within `deadlineMs`; per URL. */
  async close(deadlineMs = 3000): Promise<Record<string, DeliveryStats>> {
    this.stop?.();
    const closed = await Promise.all(
      [...this.queues].map(async ([url, q]) => [url, await q.close(deadlineMs)] as const),
    );
    return Object.fromEntries(closed);
  }
}
