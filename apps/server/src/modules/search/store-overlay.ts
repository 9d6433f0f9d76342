/**
 * The stores changed since the installed store index was built, as far as this process knows
 * them (its own writes, and those other workers of the machine announce): a store search sees
 * a save at once instead of after a whole rebuild (./store-follower.ts).
 *
 * Each changed store id maps to its row as read after the change (or to nothing: deleted),
 * with the stores' change counter of that read. A search leaves the changed stores' old
 * entries out of the index (a mask by position) and merges in the matches among the changed
 * rows, searched in a small index of their own. An index built later drops the entries it
 * already holds (`coveredBy`): the counter it read is at least theirs.
 */
import type { NearestPage, NearestQuery, PageStore } from '../../db/types.js';
import { EMPTY_PAGE } from './nearest-page.js';
import { StoreIndex, type IndexRow } from './store-index.js';

/** Stores read by id, with the change counter of the same snapshot. */
export interface ChangedRows {
  version: string;
  /** The rows of the stores asked for that exist (a missing one was deleted). */
  rows: IndexRow[];
  /** Their documents, in the same order. */
  docs: Uint8Array[];
}

interface Entry {
  version: bigint;
  row?: IndexRow;
  doc?: Uint8Array;
}

/** Index of a row's store id (the last column of IndexRow). */
const STORE_ID = 11;

export class StoreOverlay {
  private readonly entries = new Map<string, Entry>();
  /** The changed stores that exist, as an index (built on the first search after a change). */
  private changed: StoreIndex | undefined;
  /** The positions of `base` that changed, and the base they belong to. */
  private removed: Uint8Array | undefined;
  private removedIn: StoreIndex | undefined;

  get size(): number {
    return this.entries.size;
  }

  /** Records the stores `storeIds` as `read` found them (a store missing there is deleted). */
  apply(storeIds: readonly string[], read: ChangedRows): void {
    const version = BigInt(read.version);
    const found = new Map<string, number>();
    read.rows.forEach((row, i) => found.set(row[STORE_ID], i));
    for (const storeId of storeIds) {
      const known = this.entries.get(storeId);
      if (known && known.version > version) continue; // a later read already
      const i = found.get(storeId);
      this.entries.set(
        storeId,
        i === undefined ? { version } : { version, row: read.rows[i]!, doc: read.docs[i]! },
      );
    }
    this.stale();
  }

  /** Forgets the changes an index read at `version` holds. */
  coveredBy(version: string): void {
    const v = BigInt(version);
    let dropped = false;
    for (const [storeId, entry] of this.entries) {
      if (entry.version <= v) {
        this.entries.delete(storeId);
        dropped = true;
      }
    }
    if (dropped) this.stale();
  }

  clear(): void {
    this.entries.clear();
    this.stale();
  }

  /** The search of `base` with the changes applied. */
  nearest(base: StoreIndex, q: NearestQuery): NearestPage {
    if (this.entries.size === 0) return base.nearest(q);
    const before = base.nearest(q, this.maskOf(base));
    const after = this.changedIndex().nearest(q);
    return mergePages(before, after, q);
  }

  private stale(): void {
    this.changed = undefined;
    this.removedIn = undefined;
    this.removed = undefined;
  }

  private changedIndex(): StoreIndex {
    if (!this.changed) {
      const rows: IndexRow[] = [];
      const docs: Uint8Array[] = [];
      for (const entry of this.entries.values()) {
        if (!entry.row) continue;
        rows.push(entry.row);
        docs.push(entry.doc!);
      }
      this.changed = new StoreIndex({ rows, docs: () => docs });
    }
    return this.changed;
  }

  private maskOf(base: StoreIndex): Uint8Array {
    if (this.removedIn !== base || !this.removed) {
      const mask = new Uint8Array(base.size);
      for (const storeId of this.entries.keys()) {
        const k = base.positionOf(storeId);
        if (k >= 0) mask[k] = 1;
      }
      this.removed = mask;
      this.removedIn = base;
    }
    return this.removed;
  }
}

/**
 * Two searches' pages as one: the `limit` nearest of both (as near: the lower row id first, as
 * in one index), and for an area every match's position (at most `maxPoints`) and their number.
 */
export function mergePages(a: NearestPage, b: NearestPage, q: NearestQuery): NearestPage {
  if (b.stores.length === 0 && !b.total) return a;
  if (a.stores.length === 0 && !a.total) return b;
  const stores: PageStore[] = [];
  const distancesKm: number[] = [];
  let i = 0;
  let j = 0;
  while (stores.length < q.limit && (i < a.stores.length || j < b.stores.length)) {
    const takeA = j >= b.stores.length || (i < a.stores.length && first(a, i, b, j));
    if (takeA) {
      stores.push(a.stores[i]!);
      distancesKm.push(a.distancesKm[i]!);
      i += 1;
    } else {
      stores.push(b.stores[j]!);
      distancesKm.push(b.distancesKm[j]!);
      j += 1;
    }
  }
  if (!q.area) return stores.length === 0 ? EMPTY_PAGE : { stores, distancesKm };
  const total = (a.total ?? 0) + (b.total ?? 0);
  const pa = a.points ?? new Float64Array(0);
  const pb = b.points ?? new Float64Array(0);
  const points = new Float64Array(Math.min(pa.length + pb.length, 2 * q.area.maxPoints));
  points.set(pa.subarray(0, points.length));
  if (pa.length < points.length) points.set(pb.subarray(0, points.length - pa.length), pa.length);
  return { stores, distancesKm, points, total };
}

/** Whether a's i-th store comes before b's j-th: nearer, or as near with a lower row id. */
function first(a: NearestPage, i: number, b: NearestPage, j: number): boolean {
  const da = a.distancesKm[i]!;
  const db = b.distancesKm[j]!;
  return da < db || (da === db && a.stores[i]!.id < b.stores[j]!.id);
}
