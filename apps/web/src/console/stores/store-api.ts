/**
 * The store screen's requests to the admin API, through the console's client (cookie, CSRF
 * token): read a store (its version as ETag), write it onto the version read (If-Match), remove
 * it, and read its audit log. Answers are read with the API's own schemas.
 */
import {
  adminStoreSchema,
  auditListSchema,
  invalidStoreSchema,
  type AdminStoreAnswer,
} from '@locator/core/admin-answers';
import type { z } from 'zod';
import { CONSOLE_API, type ConsoleClient } from '../api/client';
import { ConsoleApiError } from '../api/errors';
import { problemsFromAnswer, type FieldProblem } from './store-form';

export type AuditEntry = z.output<typeof auditListSchema>['entries'][number];

const storePath = (storeId: string) => `${CONSOLE_API}/stores/${encodeURIComponent(storeId)}`;

/** The store, or undefined when there is none with this id. */
export async function readStore(
  client: ConsoleClient,
  storeId: string,
): Promise<AdminStoreAnswer | undefined> {
  try {
    const res = await client.request(storePath(storeId), { cache: 'no-store' });
    return adminStoreSchema.parse(await res.json());
  } catch (err) {
    if (err instanceof ConsoleApiError && err.status === 404) return undefined;
    throw err;
  }
}

export type WriteOutcome =
  | { kind: 'saved'; store: AdminStoreAnswer }
  | { kind: 'conflict' }
  | { kind: 'exists' }
  | { kind: 'invalid'; problems: FieldProblem[] };

/**
 * Writes the store whole. `version`: the version it was read at (If-Match), so another person's
 * change in between is a conflict instead of being lost. Undefined creates a new store: one with
 * this id is looked for first, and found, it is not written over (`exists`).
 */
export async function writeStore(
  client: ConsoleClient,
  storeId: string,
  row: Record<string, unknown>,
  version: string | undefined,
): Promise<WriteOutcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (version !== undefined) headers['If-Match'] = `"${version}"`;
  else if (await readStore(client, storeId)) return { kind: 'exists' };
  let res: Response;
  try {
    res = await client.request(storePath(storeId), {
      method: 'PUT',
      headers,
      body: JSON.stringify(row),
    });
  } catch (err) {
    if (err instanceof ConsoleApiError && err.status === 412) return { kind: 'conflict' };
    if (err instanceof ConsoleApiError && err.code === 'INVALID_BODY' && err.body) {
      const parsed = invalidStoreSchema.safeParse(err.body);
      if (parsed.success)
        return { kind: 'invalid', problems: problemsFromAnswer(parsed.data.problems) };
    }
    throw err;
  }
  return { kind: 'saved', store: adminStoreSchema.parse(await res.json()) };
}

/** Removes the store at the version read; false when it changed meanwhile. */
export async function removeStore(
  client: ConsoleClient,
  storeId: string,
  version: string,
): Promise<boolean> {
  try {
    await client.request(storePath(storeId), {
      method: 'DELETE',
      headers: { 'If-Match': `"${version}"` },
    });
    return true;
  } catch (err) {
    if (err instanceof ConsoleApiError && err.status === 412) return false;
    throw err;
  }
}

/** The store's audit log entries, newest first. */
export async function readHistory(client: ConsoleClient, storeId: string): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ storeId, limit: '100' });
  const res = await client.request(`${CONSOLE_API}/audit?${query}`, { cache: 'no-store' });
  return auditListSchema.parse(await res.json()).entries;
}
