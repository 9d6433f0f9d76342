/**
 * The change webhooks from the console (admin role, read only): each configured URL with its
 * delivery counts and the recent deliveries and failures this process recorded
 * (webhooks/delivery-record.ts). No webhooks configured: an empty list.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebhookListAnswer } from '@locator/core/console-webhooks';
import { DELIVERY_RECORD_LIMIT, shownUrl } from '../webhooks/delivery-record.js';
import type { WebhookSender } from '../webhooks/sender.js';
import type { ConsoleSessions } from './sessions.js';
import { requireSession } from './guard.js';
import { listWebhooksSchema } from './webhook-schemas.js';

/** What the route reads of the process's webhook sender. */
export type WebhookView = Pick<WebhookSender, 'urls' | 'stats' | 'record'>;

export function webhookList(sender: WebhookView | undefined): WebhookListAnswer {
  if (!sender) return { recordLimit: DELIVERY_RECORD_LIMIT, webhooks: [] };
  const stats = sender.stats();
  return {
    recordLimit: sender.record.limit,
    webhooks: sender.urls.map((url) => {
      const s = stats[url];
      return {
        url: shownUrl(url),
        counts: {
          queued: s?.queued ?? 0,
          delivered: s?.sent ?? 0,
          failed: s?.failed ?? 0,
          dropped: s?.dropped ?? 0,
        },
        deliveries: sender.record.deliveries(url),
        failures: sender.record.failures(url),
      };
    }),
  };
}

export function registerWebhookRoutes(
  app: FastifyInstance,
  base: string,
  sessions: ConsoleSessions,
  sender: WebhookView | undefined,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${base}/webhooks`,
      { schema: listWebhooksSchema, preHandler: requireSession(sessions, 'admin') },
      async () => webhookList(sender),
    );
}
