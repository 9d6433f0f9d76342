/**
 * The change webhooks from the console (admin role, read only): each configured URL with its
 * delivery counts and its last deliveries and failures, read from the webhook outbox
 * (db/outbox.ts): every process's, across restarts. No webhooks configured: an empty list.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebhookDeliveryAnswer, WebhookListAnswer } from '@locator/core/console-webhooks';
import type { OutboxEntry, OutboxRepository } from '../../db/outbox.js';
import { shownUrl } from '../webhooks/shown-url.js';
import type { ConsoleSessions } from './sessions.js';
import { requireSession } from './guard.js';
import { listWebhooksSchema } from './webhook-schemas.js';

/** Deliveries and failures listed per URL at most. */
export const DELIVERY_LIST_LIMIT = 50;

/** What the route reads: the configured URLs and the outbox. */
export interface WebhookView {
  urls: readonly string[];
  outbox: OutboxRepository;
}

function typeOf(body: string): string {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'stores.changed';
  } catch {
    return 'stores.changed';
  }
}

function delivery(e: OutboxEntry): WebhookDeliveryAnswer {
  return {
    eventId: e.eventId,
    event: typeOf(e.body),
    at: new Date(e.lastAttemptAt ?? e.createdAt).toISOString(),
    outcome: e.state === 'pending' ? 'retrying' : e.state,
    statusCode: e.lastStatus,
    error: e.lastError,
    attempts: Math.max(1, e.attempts),
  };
}

export async function webhookList(view: WebhookView | undefined): Promise<WebhookListAnswer> {
  if (!view) return { recordLimit: DELIVERY_LIST_LIMIT, webhooks: [] };
  return {
    recordLimit: DELIVERY_LIST_LIMIT,
    webhooks: await Promise.all(
      view.urls.map(async (url) => {
        // One snapshot: the counts agree with the lists.
        const { counts, recent, failures } = await view.outbox.report(url, DELIVERY_LIST_LIMIT);
        return {
          url: shownUrl(url),
          counts: { queued: counts.pending, delivered: counts.delivered, failed: counts.failed },
          deliveries: recent.map(delivery),
          failures: failures.map(delivery),
        };
      }),
    ),
  };
}

export function registerWebhookRoutes(
  app: FastifyInstance,
  base: string,
  sessions: ConsoleSessions,
  view: WebhookView | undefined,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${base}/webhooks`,
      { schema: listWebhooksSchema, preHandler: requireSession(sessions, 'admin') },
      async () => webhookList(view),
    );
}
