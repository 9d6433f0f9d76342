/** The history's pure parts: who made a change, and what it changed. */
import { diffValues, type FieldChange } from './store-diff';

export type Actor =
  { kind: 'user'; email: string } | { kind: 'key'; id: string } | { kind: 'other'; name: string };

/** The audit log's actor: `user:<email>` (a console account), `key:<id>` (an API key), or else. */
export function actorOf(actor: string): Actor {
  if (actor.startsWith('user:')) return { kind: 'user', email: actor.slice(5) };
  if (actor.startsWith('key:')) return { kind: 'key', id: actor.slice(4) };
  return { kind: 'other', name: actor };
}

/** Derived on every save from the address: never a change of its own. */
const DERIVED = new Set(['addressLines']);

/** What an entry changed, field by field (a creation: every field; a removal: every field gone). */
export function entryChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): FieldChange[] {
  return diffValues(before, after).filter((c) => !DERIVED.has(c.field));
}
