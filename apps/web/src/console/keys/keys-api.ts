/** The console's requests for API keys (admin role): list, create (the secret once), revoke. */
import {
  apiKeyListSchema,
  createdKeySchema,
  type createKeyBodySchema,
} from '@locator/core/console-api';
import type { z } from 'zod';
import { CONSOLE_API, type ConsoleClient } from '../api/client';

export type ApiKey = z.infer<typeof apiKeyListSchema>['keys'][number];
export type CreatedKey = z.infer<typeof createdKeySchema>;
export type KeyScope = z.infer<typeof createKeyBodySchema>['scope'];

export async function listKeys(client: ConsoleClient): Promise<ApiKey[]> {
  const res = await client.request(`${CONSOLE_API}/keys`);
  return apiKeyListSchema.parse(await res.json()).keys;
}

export async function createKey(
  client: ConsoleClient,
  name: string,
  scope: KeyScope,
): Promise<CreatedKey> {
  const res = await client.request(`${CONSOLE_API}/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, scope }),
  });
  return createdKeySchema.parse(await res.json());
}

export async function revokeKey(client: ConsoleClient, id: string): Promise<void> {
  await client.request(`${CONSOLE_API}/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
