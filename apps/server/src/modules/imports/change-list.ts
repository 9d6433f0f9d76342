/**
 * The report's list of what an import changes (or would change): the stores created, the
 * stores updated with each import column that differs (before → after, in the file's own terms:
 * the export's row mapping, export.ts), and the stores removed. The database lists at most
 * CHANGE_LIST_LIMIT stores of each kind, read in the writing transaction before the change.
 */
import type { Catalogue } from '../../config/schema.js';
import type { StoreRecord } from '../../db/types.js';
import type { ListedChanges } from '../stores/writes.js';
import { rowMaker } from './export.js';
import { IMPORT_COLUMNS } from './row.js';

/** Most stores of each kind the report lists (the counts are always complete). */
export const CHANGE_LIST_LIMIT = 5000;

export interface ListedStore {
  storeId: string;
  title: string;
  country: string;
  /** The row of the file (absent for removed stores). */
  line?: number;
}

export interface FieldChange {
  column: string;
  before: string;
  after: string;
}

export interface ChangeList {
  /** The most stores of each kind listed. */
  limit: number;
  created: ListedStore[];
  updated: (ListedStore & { fields: FieldChange[] })[];
  removed: ListedStore[];
}

/** The listed changes in the file's columns. */
export function changeList(
  listed: ListedChanges,
  records: readonly StoreRecord[],
  lines: ReadonlyMap<string, number>,
  catalogue: Catalogue,
): ChangeList {
  const toRow = rowMaker(catalogue);
  const byId = new Map(records.map((r) => [r.storeId, r]));
  const lineOf = (storeId: string) => {
    const line = lines.get(storeId);
    return line === undefined ? {} : { line };
  };
  const created: ListedStore[] = [];
  for (const id of listed.created) {
    const r = byId.get(id);
    if (r)
      created.push({ storeId: id, title: toRow(r).title ?? '', country: r.country, ...lineOf(id) });
  }
  const updated = listed.updated.flatMap((b) => {
    const r = byId.get(b.storeId);
    if (!r) return [];
    const before = toRow(b);
    const after = toRow(r);
    const fields = IMPORT_COLUMNS.filter((c) => (before[c] ?? '') !== (after[c] ?? '')).map(
      (column) => ({ column, before: before[column] ?? '', after: after[column] ?? '' }),
    );
    return [
      {
        storeId: b.storeId,
        title: after.title ?? '',
        country: r.country,
        ...lineOf(b.storeId),
        fields,
      },
    ];
  });
  const removed = listed.removed.map((b) => ({
    storeId: b.storeId,
    title: toRow(b).title ?? '',
    country: b.country,
  }));
  return { limit: CHANGE_LIST_LIMIT, created, updated, removed };
}
