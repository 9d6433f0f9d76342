/** The console's request for the change webhooks and their recent deliveries (admin role). */
import { webhookListSchema, type WebhookListAnswer } from '@locator/core/console-webhooks';
import { CONSOLE_API, type ConsoleClient } from '../api/client';

export async function listWebhooks(client: ConsoleClient): Promise<WebhookListAnswer> {
  const res = await client.request(`${CONSOLE_API}/webhooks`);
  return webhookListSchema.parse(await res.json());
}
