/**
 * What a change webhook sends (server README "Change webhooks"): one JSON event per committed
 * change (a large one in parts of at most WEBHOOK_MAX_STORES store ids), signed like Stripe's
 * and GitHub's webhooks: `Locator-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" with the shared secret>`, made at each attempt, so a receiver can refuse old
 * or replayed deliveries by the timestamp and duplicates by the event id.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { ChangedStore, CommittedChange } from '../stores/changes.js';

export const SIGNATURE_HEADER = 'Locator-Signature';
export const EVENT_ID_HEADER = 'Locator-Webhook-Id';

export interface WebhookEvent {
  /** Unique per event (part): receivers drop an id they have seen (a retried delivery). */
  id: string;
  type: 'stores.changed';
  /** The change's id, shared by its parts. */
  changeId: string;
  /** When the change was committed (ISO 8601). */
  committedAt: string;
  /** The stores' change counter after the commit: a later change has a larger one. */
  dataVersion: string;
  operation: CommittedChange['operation'];
  /** An import's mode ("upsert", "sync"); null for one-store writes. */
  mode: string | null;
  /** The API key that made the change ("key:<id>"); null for the import command. */
  actor: string | null;
  /** This part (from 1) and how many the change has. */
  part: number;
  parts: number;
  /** The whole change's counts. */
  counts: { created: number; updated: number; deleted: number };
  /** This part's stores. */
  stores: ChangedStore[];
}

/** The events of a committed change, at most `maxStores` stores each. */
export function webhookEvents(change: CommittedChange, maxStores: number): WebhookEvent[] {
  const counts = { created: 0, updated: 0, deleted: 0 };
  for (const s of change.stores) counts[s.kind] += 1;
  const changeId = randomUUID();
  const parts = Math.max(1, Math.ceil(change.stores.length / maxStores));
  return Array.from({ length: parts }, (_, i) => ({
    id: parts === 1 ? changeId : `${changeId}.${i + 1}`,
    type: 'stores.changed',
    changeId,
    committedAt: change.at.toISOString(),
    dataVersion: change.dataVersion,
    operation: change.operation,
    mode: change.mode ?? null,
    actor: change.actor,
    part: i + 1,
    parts,
    counts,
    stores: change.stores.slice(i * maxStores, (i + 1) * maxStores),
  }));
}

/** The Locator-Signature header's value for a body sent at `unixSeconds`. */
export function signature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
