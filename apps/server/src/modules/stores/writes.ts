/**
 * Store writes by content (the import's modes): the change set is planned inside the writing
 * transaction against every stored store's content hash, so a dry run, the removal threshold
 * and the write all see the same stores. One writer serves both databases
 * (./change-writer.ts).
 */
import { createHash } from 'node:crypto';
import type { StoreRecord } from './record.js';
import type { ChangedStore, CommittedChange } from './changes.js';

/** "sync": the records are the whole truth (stores absent from them are removed); "upsert": add and change only. */
export type WriteMode = 'sync' | 'upsert';

export interface StoreChangeSet {
  mode: WriteMode;
  records: readonly StoreRecord[];
  /** Stores of this source are removed too, and do not count towards the threshold ("demo"). */
  replaceSource?: string;
  /**
   * The largest share (0–1) of the other stored stores a sync may remove; more refuses the
   * whole change. Infinity allows any removal.
   */
  maxRemovalShare: number;
  /** Plan and count only; nothing is written. */
  dryRun: boolean;
  /** When given, every store written or removed is recorded in the audit log with this actor. */
  actor?: string;
  /** The import file's name, recorded with the time of a written change (`imports`). */
  fileName?: string;
  /**
   * When given, the result lists up to this many stores of each kind (created, updated,
   * removed), the updated and removed ones with their stored document before the change.
   */
  listLimit?: number;
}

/** A stored store as it was before the change. */
export interface StoredBefore {
  storeId: string;
  country: string;
  doc: string;
}

/** The stores a change creates, updates and removes (the first `listLimit` of each kind). */
export interface ListedChanges {
  created: string[];
  updated: StoredBefore[];
  removed: StoredBefore[];
}

export interface StoreChangeResult {
  added: number;
  changed: number;
  unchanged: number;
  /** Stores removed (or that would be): absent from a sync, or of the replaced source. */
  removed: number;
  /** Stores that count towards the removal threshold (not of the replaced source). */
  removedCounted: number;
  /** Stores stored before the change that count towards the threshold. */
  existingCounted: number;
  /** True when the removal threshold refused the change: nothing written. */
  refused: boolean;
  /** True when the change was written (not a dry run, not refused). */
  written: boolean;
  /** With StoreChangeSet.listLimit: the stores changed, read before the change. */
  listed?: ListedChanges;
}

export interface StoreWriteRepository {
  /** Plans and (unless a dry run or refused) applies the change set in one transaction. */
  applyChanges(set: StoreChangeSet): Promise<StoreChangeResult>;
}

export interface StoredState {
  hash: string;
  source: string;
}

export interface StorePlan {
  result: Omit<StoreChangeResult, 'written'>;
  /** Records to insert or update (new or different content). */
  upserts: StoreRecord[];
  /** store ids to delete. */
  removals: string[];
  /** Every store the change creates, updates or deletes. */
  changes: ChangedStore[];
}

/** What the change set does to the stored stores (by store id and content hash). */
export function planChanges(
  stored: ReadonlyMap<string, StoredState>,
  set: StoreChangeSet,
): StorePlan {
  const upserts: StoreRecord[] = [];
  const changes: ChangedStore[] = [];
  const incoming = new Set<string>();
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const r of set.records) {
    incoming.add(r.storeId);
    const before = stored.get(r.storeId);
    if (!before) added += 1;
    else if (before.hash === r.hash && before.source === r.source) {
      unchanged += 1;
      continue;
    } else changed += 1;
    upserts.push(r);
    changes.push({ storeId: r.storeId, kind: before ? 'updated' : 'created' });
  }
  const removals: string[] = [];
  let removedCounted = 0;
  let existingCounted = 0;
  for (const [id, s] of stored) {
    const replaced = set.replaceSource !== undefined && s.source === set.replaceSource;
    if (!replaced) existingCounted += 1;
    if (incoming.has(id)) continue;
    if (replaced) removals.push(id);
    else if (set.mode === 'sync') {
      removals.push(id);
      removedCounted += 1;
    }
  }
  for (const storeId of removals) changes.push({ storeId, kind: 'deleted' });
  const refused = removedCounted > 0 && removedCounted > set.maxRemovalShare * existingCounted;
  return {
    result: {
      added,
      changed,
      unchanged,
      removed: removals.length,
      removedCounted,
      existingCounted,
      refused,
    },
    upserts,
    removals,
    changes,
  };
}

/** The change feed's entry for a written change set (store-changes.ts). */
export function committedImport(
  set: StoreChangeSet,
  plan: StorePlan,
  dataVersion: string,
): CommittedChange {
  return {
    operation: 'import',
    mode: set.mode,
    actor: set.actor ?? null,
    dataVersion,
    at: new Date(),
    stores: plan.changes,
  };
}

/**
 * The `imports` row of a written change set: a hash of its content (the same content imported
 * again replaces the row's time), its file name and row count. The store pages' sitemaps give
 * the last one's time as lastmod.
 */
export function importEntry(set: StoreChangeSet): { id: string; fileName: string; rows: number } {
  const h = createHash('sha256').update(set.mode);
  for (const r of set.records) h.update(`\n${r.storeId}\t${r.hash}`);
  return { id: h.digest('hex'), fileName: set.fileName ?? '', rows: set.records.length };
}

/** The updated and removed store ids to list (StoreChangeSet.listLimit), whose documents are read. */
export function idsToList(plan: StorePlan, limit: number): { created: string[]; read: string[] } {
  const created: string[] = [];
  const updated: string[] = [];
  const removed: string[] = [];
  for (const c of plan.changes) {
    const list = c.kind === 'created' ? created : c.kind === 'updated' ? updated : removed;
    if (list.length < limit) list.push(c.storeId);
  }
  return { created, read: [...updated, ...removed] };
}

/** The listed changes, from the ids of idsToList and the documents read before the change. */
export function listedChanges(
  plan: StorePlan,
  limit: number,
  before: ReadonlyMap<string, { country: string; doc: string }>,
): ListedChanges {
  const listed: ListedChanges = { created: [], updated: [], removed: [] };
  for (const c of plan.changes) {
    if (c.kind === 'created') {
      if (listed.created.length < limit) listed.created.push(c.storeId);
      continue;
    }
    const list = c.kind === 'updated' ? listed.updated : listed.removed;
    const b = before.get(c.storeId);
    if (b && list.length < limit) list.push({ storeId: c.storeId, ...b });
  }
  return listed;
}
