/**
 * What differs between two versions of a store, field by field: the conflict view (theirs and
 * yours, as columns) and the history (a document before and after a change).
 */

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A value as the screen shows it: text as it is, lists joined by "; ", others as JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.map(shownValue).join('; ');
  }
  return JSON.stringify(value);
}

/**
 * The fields whose shown value differs, in the order of `fields` (when given) and then of their
 * first appearance; a missing field reads as empty.
 */
export function diffValues(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  fields?: readonly string[],
): FieldChange[] {
  const keys = new Set<string>(fields ?? []);
  if (!fields) {
    for (const k of Object.keys(before ?? {})) keys.add(k);
    for (const k of Object.keys(after ?? {})) keys.add(k);
  }
  const changes: FieldChange[] = [];
  for (const field of keys) {
    const b = shownValue(before?.[field]);
    const a = shownValue(after?.[field]);
    if (b !== a) changes.push({ field, before: b, after: a });
  }
  return changes;
}
