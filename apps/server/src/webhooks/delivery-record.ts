/**
 * What the console's webhooks screen shows of each URL's deliveries: the last `limit` change
 * events attempted and, apart, the last `limit` that failed, newest first. Kept in this process's
 * memory only (bounded; lost on restart; another worker or the import command keeps its own):
 * the delivery queue itself is in memory, so no persistent record exists to read instead.
 */
import type { WebhookDeliveryAnswer } from '@locator/core/console-webhooks';

export const DELIVERY_RECORD_LIMIT = 50;

/** How an attempt ended. */
export interface AttemptResult {
  /** The receiver's HTTP status; undefined when it did not answer. */
  statusCode?: number | undefined;
  /** Why it did not answer (or why it was refused). */
  error?: string | undefined;
  outcome: WebhookDeliveryAnswer['outcome'];
}

class Bounded {
  readonly items: WebhookDeliveryAnswer[] = [];
  constructor(private readonly limit: number) {}
  /** Puts the delivery first, replacing the one of the same event. */
  put(d: WebhookDeliveryAnswer): void {
    const i = this.items.findIndex((x) => x.eventId === d.eventId);
    if (i >= 0) this.items.splice(i, 1);
    this.items.unshift(d);
    this.items.length = Math.min(this.items.length, this.limit);
  }
}

export class DeliveryRecord {
  private readonly urls = new Map<string, { recent: Bounded; failures: Bounded }>();
  private readonly attempts = new Map<string, number>();

  constructor(
    readonly limit = DELIVERY_RECORD_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt of an event to a URL; answers the attempts so far. */
  attempt(url: string, eventId: string): number {
    const key = `${url} ${eventId}`;
    const n = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, n);
    return n;
  }

  /** Records how the event's last attempt to the URL ended. */
  settle(url: string, event: { id: string; type: string }, result: AttemptResult): void {
    const key = `${url} ${event.id}`;
    const delivery: WebhookDeliveryAnswer = {
      eventId: event.id,
      event: event.type,
      at: new Date(this.now()).toISOString(),
      outcome: result.outcome,
      statusCode: result.statusCode ?? null,
      error: result.error ?? null,
      attempts: this.attempts.get(key) ?? 1,
    };
    const lists = this.of(url);
    lists.recent.put(delivery);
    if (result.outcome === 'failed') lists.failures.put(delivery);
    // Settled events are no longer counted (keeps the map bounded).
    if (result.outcome !== 'retrying') this.attempts.delete(key);
  }

  deliveries(url: string): WebhookDeliveryAnswer[] {
    return [...this.of(url).recent.items];
  }

  failures(url: string): WebhookDeliveryAnswer[] {
    return [...this.of(url).failures.items];
  }

  private of(url: string) {
    let lists = this.urls.get(url);
    if (!lists) {
      lists = { recent: new Bounded(this.limit), failures: new Bounded(this.limit) };
      this.urls.set(url, lists);
    }
    return lists;
  }
}

/** A URL as the console shows it: no user name or password, query values hidden. */
export function shownUrl(raw: string): string {
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  for (const name of new Set(url.searchParams.keys())) url.searchParams.set(name, '…');
  return url.toString().replaceAll('%E2%80%A6', '…');
}
