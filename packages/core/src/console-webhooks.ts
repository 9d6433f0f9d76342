/**
 * The console's webhooks screen contract (admin role), shared by the server (which validates and
 * documents it) and the console (which reads it): the configured change webhook URLs, never the
 * secret, each with its delivery counts and its recent deliveries and failures, read from the
 * webhook outbox the database keeps (every process's deliveries, across restarts).
 */
import { z } from 'zod';

export const webhookDeliverySchema = z
  .object({
    /** The event's id (Locator-Webhook-Id), shared by its attempts. */
    eventId: z.string(),
    /** The event's type ("stores.changed"). */
    event: z.string(),
    /** When the last attempt ended (ISO 8601). */
    at: z.string(),
    /** delivered; retrying (a retry is due); failed (given up, or refused with a 4xx). */
    outcome: z.enum(['delivered', 'retrying', 'failed']),
    /** The receiver's HTTP status of the last attempt; null when it did not answer. */
    statusCode: z.number().int().nullable(),
    /** Why the last attempt failed without an answer (time-out, connection refused…). */
    error: z.string().nullable(),
    /** Attempts so far (the first one included). */
    attempts: z.number().int().min(1),
  })
  .meta({ id: 'WebhookDelivery', description: "One change event's delivery to one URL." });
export type WebhookDeliveryAnswer = z.infer<typeof webhookDeliverySchema>;

export const webhookStatusSchema = z
  .object({
    /** The URL as configured, with any user name, password and query values hidden. */
    url: z.string(),
    counts: z.object({
      /** Waiting to be sent (a retry due later included). */
      queued: z.number().int(),
      /** Delivered in the last week (delivered deliveries are kept a week). */
      delivered: z.number().int(),
      /** Given up after WEBHOOK_RETRY_HOURS, or refused by the receiver; kept. */
      failed: z.number().int(),
    }),
    /** The most recent deliveries, newest first. */
    deliveries: z.array(webhookDeliverySchema),
    /** The most recent failed deliveries, newest first (kept apart, so they outlast successes). */
    failures: z.array(webhookDeliverySchema),
  })
  .meta({
    id: 'WebhookStatus',
    description: 'A configured webhook URL and its recent deliveries.',
  });
export type WebhookStatusAnswer = z.infer<typeof webhookStatusSchema>;

export const webhookListSchema = z
  .object({
    /** How many deliveries and failures are listed per URL at most. */
    recordLimit: z.number().int(),
    /** Every configured URL; empty when WEBHOOK_URLS is not set. */
    webhooks: z.array(webhookStatusSchema),
  })
  .meta({
    id: 'WebhookList',
    description:
      'The change webhook URLs (WEBHOOK_URLS) and their recent deliveries, as recorded by the ' +
      'process that answers: in memory, lost on restart.',
  });
export type WebhookListAnswer = z.infer<typeof webhookListSchema>;
