/**
 * Forwarding of stored events to an external analytics service, off the request path, through
 * a bounded delivery queue (delivery/queue.ts: the oldest dropped when full, batches, a
 * time-out per request, retries with exponential back-off).
 *
 * Kinds:
 * - webhook: POST {"events": [ForwardEvent…]} per batch (Authorization: Bearer <token> if set).
 * - plausible: the Plausible events API (POST /api/event), one request per event, a few at a
 *   time: {name, url, domain, props}. Visitors are not identified (no IP or user agent of the
 *   visitor is known), so Plausible's unique-visitor figures are meaningless; counts are right.
 */
import type { EventRecord } from '../db/types.js';
import {
  DeliveryQueue,
  PermanentError,
  type DeliveryStats,
  type Post,
  type QueueSettings,
  type SendOutcome,
} from '../delivery/queue.js';

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

export interface ForwarderOptions extends QueueSettings {
  kind: 'webhook' | 'plausible';
  /** Plausible site domain. */
  domain?: string | undefined;
  /** Webhook bearer token. */
  token?: string | undefined;
}

export type ForwarderStats = DeliveryStats;

const PLAUSIBLE_NAMES: Record<string, string> = {
  pageView: 'pageview',
  search: 'Search',
  click: 'Link click',
  locationSearch: 'Location search',
};

const PLAUSIBLE_CONCURRENCY = 4;

export class Forwarder {
  private readonly queue: DeliveryQueue<ForwardEvent>;

  constructor(private readonly o: ForwarderOptions) {
    this.queue = new DeliveryQueue({
      ...o,
      name: 'analytics forward',
      noun: 'events',
      send: (batch, post) => this.send(batch, post),
    });
  }

  /** Queues events; never blocks, never throws. */
  enqueue(events: readonly ForwardEvent[]): void {
    this.queue.enqueue(events);
  }

  stats(): ForwarderStats {
    return this.queue.stats();
  }

  /** Sends everything queued (waits for the sender to go idle). */
  async flush(): Promise<void> {
    await this.queue.flush();
  }

  /** Stops taking events, then tries to send what is queued within `deadlineMs`. */
  async close(deadlineMs = 3000): Promise<void> {
    await this.queue.close(deadlineMs);
  }

  /**
   * Sends a batch. Webhook: all or nothing (throws). Plausible: per event; answers the events
   * to retry and how many the service refused (4xx).
   */
  private async send(batch: ForwardEvent[], post: Post): Promise<SendOutcome<ForwardEvent>> {
    if (this.o.kind === 'webhook') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (this.o.token) headers.Authorization = `Bearer ${this.o.token}`;
      await post(JSON.stringify({ events: batch }), headers);
      return { retry: [], refused: 0 };
    }
    const retry: ForwardEvent[] = [];
    let refused = 0;
    for (let i = 0; i < batch.length; i += PLAUSIBLE_CONCURRENCY) {
      const slice = batch.slice(i, i + PLAUSIBLE_CONCURRENCY);
      const results = await Promise.allSettled(
        slice.map((e) =>
          post(JSON.stringify(this.plausibleBody(e)), {
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
}
