/**
 * The one store search of both databases: the in-memory store index (./store-index.ts), kept
 * up to date by following the stores table's change counter (`store_version`, bumped by
 * triggers on `stores` only: analytics events and statistics never move it). SQLite and
 * PostgreSQL are its storage; the follower decides when to read them.
 *
 * - The first search (or start-up, see `ready`) builds the index; until one has been built a
 *   search answers DATABASE_UNAVAILABLE (503) if the database cannot be read.
 * - After that a search never waits for the database: it answers from the index it has, and at
 *   most every `checkMs` it starts one background read of the counter; when the counter moved,
 *   the index is rebuilt in the background and replaces the old one when complete. Another
 *   process's commit is therefore seen within `checkMs` plus one rebuild. The storages build
 *   in a worker thread (./store-index-builder.ts), so no rebuild holds the event loop.
 * - A write of a few stores (`invalidate` with its change, at most PATCH_MAX stores) is patched
 *   in: the follower reads those stores by id and a search answers from the index with them
 *   laid over it (./store-overlay.ts) — a save shows at once, at any size. Another worker of
 *   the machine patches them in as well when told (`follow`, ../stores/change-relay.ts). The
 *   background rebuild that follows the counter still runs, and drops what it holds from the
 *   overlay.
 * - This process's other writes (an import, the demo load, a patch that failed) make a search
 *   wait for an index built after them, so a writer reads its own writes: a search waits for the rebuild in flight and, when that
 *   one started before the last write the search must see, for one more. Writes that keep
 *   coming while it waits (a bulk feed, an import) do not make it wait longer: at most two
 *   rebuilds, never a stall for as long as the writes last. One rebuild runs at a time;
 *   each installs its index when done, even when writes came meanwhile (it is still newer
 *   than the one it replaces).
 * - When the database goes away the index built before the outage keeps answering; the
 *   follower reports the outage (`state`, `listen`) and tries again at the next check.
 *
 * The clock is injected (`now`), so tests step time instead of sleeping.
 */
import { ApiError } from '@locator/core';
import type { StoreIndex } from './store-index.js';
import type {
  NearestHit,
  NearestPage,
  NearestQuery,
  StoreSearch,
  StoreSearchState,
} from '../../db/types.js';
import { EMPTY_PAGE, pageHits } from './nearest-page.js';
import type { CommittedChange } from '../stores/changes.js';
import { StoreOverlay, type ChangedRows } from './store-overlay.js';

/** At most this often (ms) a process asks whether the stores changed. */
export const VERSION_CHECK_MS = 50;

/** What the follower needs from a database: the change counter and a full read. */
export interface IndexedStoreStorage {
  /** The stores' change counter (changes only when stores change). */
  readVersion(): Promise<string>;
  /** Every store read in one snapshot, built into an index, with that snapshot's counter. */
  loadIndex(): Promise<{ version: string; index: StoreIndex }>;
  /** These stores (those that exist) and the counter, from one snapshot (for patches). */
  readStores?(storeIds: readonly string[]): Promise<ChangedRows>;
}

/** A change of more stores than this (an import) is not patched in: the index is rebuilt. */
export const PATCH_MAX = 256;

export interface FollowerOptions {
  /** Milliseconds since some origin (default Date.now). */
  now?: () => number;
  checkMs?: number;
}

export class StoreFollower implements StoreSearch {
  private index: StoreIndex | undefined;
  private version: string | undefined;
  private builtAt: number | undefined;
  private buildMs: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** The background check in flight, if any. */
  private work: Promise<void> | undefined;
  /** The rebuild in flight (first build, after this process's writes, or a check's). */
  private building: Promise<void> | undefined;
  /** This process's writes so far (`invalidate`). */
  private writes = 0;
  /** The writes the installed index was built after (or gave up on, see `reload`). */
  private covered = 0;
  /** The last write whose patch is laid over the index. */
  private patched = 0;
  /** The last write no patch shows (none made, or it failed): only a rebuild shows it. */
  private unpatched = 0;
  /** Bumped by close(): a rebuild that started before must not be installed. */
  private epoch = 0;
  private reachable = true;
  /** The stores changed since the installed index was read, laid over it. */
  private readonly overlay = new StoreOverlay();
  /** The patches in flight, one after another. */
  private patching: Promise<void> = Promise.resolve();
  private patches = 0;
  private readonly listeners: ((ok: boolean) => void)[] = [];
  private readonly now: () => number;
  private readonly checkMs: number;

  constructor(
    private readonly storage: IndexedStoreStorage,
    options: FollowerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.checkMs = options.checkMs ?? VERSION_CHECK_MS;
  }

  /** Stores of the channel nearest first within the radius, at most `limit`. */
  async nearest(q: NearestQuery): Promise<NearestHit[]> {
    return pageHits(await this.nearestPage(q));
  }

  /** The same stores as `nearest`, as one NearestPage (the search response's fast path). */
  async nearestPage(q: NearestQuery): Promise<NearestPage> {
    if (q.countries.length === 0 || q.limit <= 0) return EMPTY_PAGE;
    const index = await this.current();
    return this.overlay.nearest(index, q);
  }

  /** The index to search now (see the file comment for when it waits). */
  async current(): Promise<StoreIndex> {
    if (!this.index || !this.showsWrites()) {
      // A patch of these writes in flight: it is enough when it succeeds.
      if (this.index && this.patches > 0) await this.patching;
      if (!this.index || !this.showsWrites()) await this.reload(this.writes);
      if (!this.index) throw new ApiError('DATABASE_UNAVAILABLE');
      return this.index;
    }
    const now = this.now();
    if (now - this.checkedAt >= this.checkMs && !this.work) {
      this.checkedAt = now;
      this.work = this.check().finally(() => {
        this.work = undefined;
      });
    }
    return this.index;
  }

  /** Builds the first index now (start-up); resolves false if the database cannot be read. */
  async ready(): Promise<boolean> {
    if (!this.index) await this.reload(this.writes).catch(() => undefined);
    return this.index !== undefined;
  }

  /**
   * After this process's writes: the next search waits for them, patched in when the change
   * names a few stores, else in an index built after them.
   */
  invalidate(change?: CommittedChange): void {
    this.writes += 1;
    const ids = change?.stores.map((s) => s.storeId) ?? [];
    if (!this.patch(ids, this.writes)) this.unpatched = this.writes;
  }

  /** Whether the index, with its patches, shows every write of this process. */
  private showsWrites(): boolean {
    return this.covered >= this.unpatched && Math.max(this.covered, this.patched) >= this.writes;
  }

  /** Another process's change of these stores: patched in, no search waiting for it. */
  follow(storeIds: readonly string[]): void {
    this.patch(storeIds, undefined);
  }

  /**
   * Reads the stores and lays them over the index; this process's write `writes` counts as
   * shown once done (as unpatched if the read fails). False: no patch is made.
   */
  private patch(storeIds: readonly string[], writes: number | undefined): boolean {
    const { storage } = this;
    if (!storage.readStores || !this.index || storeIds.length === 0) return false;
    if (storeIds.length > PATCH_MAX) return false;
    const epoch = this.epoch;
    this.patches += 1;
    this.patching = this.patching.then(async () => {
      try {
        const read = await storage.readStores!(storeIds);
        if (epoch !== this.epoch) return;
        // An index read at the same counter or later holds the change already.
        const newer = this.version !== undefined && BigInt(this.version) >= BigInt(read.version);
        if (!newer) this.overlay.apply(storeIds, read);
        if (writes !== undefined) this.patched = Math.max(this.patched, writes);
      } catch {
        // The search rebuilds instead (`current`).
        if (writes !== undefined) this.unpatched = Math.max(this.unpatched, writes);
      } finally {
        this.patches -= 1;
      }
    });
    return true;
  }

  /** Resolves when no check or rebuild is in flight (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.work || this.building || this.patches > 0) {
      await (this.work ?? this.building ?? this.patching);
    }
  }

  listen(listener: (ok: boolean) => void): void {
    this.listeners.push(listener);
  }

  state(): StoreSearchState {
    return {
      built: this.index !== undefined,
      builtAt: this.builtAt,
      buildMs: this.buildMs,
      databaseReachable: this.reachable,
    };
  }

  /** Stops answering for a database being closed. */
  close(): void {
    this.index?.documents.retire();
    this.index = undefined;
    this.version = undefined;
    this.overlay.clear();
    this.epoch += 1;
  }

  /**
   * Until an index built after `writes` is installed: joins the rebuild in flight, then starts
   * another if that one began before them (at most two). When a rebuild fails the old index,
   * if any, keeps answering: the writes count as covered (no search retries a database that
   * just failed) and the next check rebuilds, as the counter it read is forgotten.
   */
  private async reload(writes: number): Promise<void> {
    while (!this.index || this.covered < writes) {
      try {
        await this.rebuild();
      } catch (err) {
        if (!this.index) throw err instanceof ApiError ? err : new ApiError('DATABASE_UNAVAILABLE');
        this.covered = Math.max(this.covered, writes);
        this.version = undefined;
        return;
      }
    }
  }

  /** The rebuild in flight, or a new one: one at a time. */
  private rebuild(): Promise<void> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<void> {
    const started = this.now();
    const writes = this.writes;
    const epoch = this.epoch;
    let loaded: Awaited<ReturnType<IndexedStoreStorage['loadIndex']>>;
    try {
      loaded = await this.storage.loadIndex();
    } catch (err) {
      this.report(false);
      throw err;
    }
    if (epoch !== this.epoch) {
      loaded.index.documents.retire(); // closed meanwhile
      return;
    }
    this.index?.documents.retire(loaded.index.documents);
    this.index = loaded.index;
    this.version = loaded.version;
    this.overlay.coveredBy(loaded.version);
    this.covered = Math.max(this.covered, writes);
    // The build read the counter: as good as a check.
    this.builtAt = this.checkedAt = this.now();
    this.buildMs = this.builtAt - started;
    this.report(true);
  }

  /** One background read of the counter, and a rebuild when it moved (a failure reports). */
  private async check(): Promise<void> {
    let version: string;
    try {
      version = await this.storage.readVersion();
    } catch {
      this.report(false);
      return;
    }
    if (version !== this.version) await this.rebuild().catch(() => undefined);
    else this.report(true);
  }

  private report(ok: boolean): void {
    this.reachable = ok;
    for (const listener of this.listeners) listener(ok);
  }
}
