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
 * - This process's own writes (`invalidate`) make a search wait for an index built after them,
 *   so a writer reads its own writes: a search waits for the rebuild in flight and, when that
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
} from './types.js';
import { EMPTY_PAGE, pageHits } from './page.js';

/** At most this often (ms) a process asks whether the stores changed. */
export const VERSION_CHECK_MS = 50;

/** What the follower needs from a database: the change counter and a full read. */
export interface IndexedStoreStorage {
  /** The stores' change counter (changes only when stores change). */
  readVersion(): Promise<string>;
  /** Every store read in one snapshot, built into an index, with that snapshot's counter. */
  loadIndex(): Promise<{ version: string; index: StoreIndex }>;
}

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
  /** Bumped by close(): a rebuild that started before must not be installed. */
  private epoch = 0;
  private reachable = true;
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
    return (await this.current()).nearest(q);
  }

  /** The index to search now (see the file comment for when it waits). */
  async current(): Promise<StoreIndex> {
    if (!this.index || this.covered < this.writes) {
      await this.reload(this.writes);
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

  /** After this process's writes: the next search waits for an index built after them. */
  invalidate(): void {
    this.writes += 1;
  }

  /** Resolves when no check or rebuild is in flight (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.work || this.building) await (this.work ?? this.building);
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
    this.index = undefined;
    this.version = undefined;
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
    if (epoch !== this.epoch) return; // closed meanwhile
    this.index = loaded.index;
    this.version = loaded.version;
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
