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
 * - This process's own writes (`invalidate`) make the next search wait for a rebuild, so a
 *   writer reads its own writes.
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
  /** The background check or rebuild in flight, if any. */
  private work: Promise<void> | undefined;
  /** The foreground rebuild in flight (first build, or after this process's writes). */
  private loading: Promise<void> | undefined;
  /** Set by this process's writes: the next search waits for a rebuild. */
  private dirty = false;
  /** Bumped by invalidate(): a rebuild that started before must not be installed. */
  private generation = 0;
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
    if (!this.index || this.dirty) {
      await this.reload();
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
    if (!this.index) await this.reload().catch(() => undefined);
    return this.index !== undefined;
  }

  /** After this process's writes: the next search waits for an index that holds them. */
  invalidate(): void {
    this.dirty = true;
    this.generation += 1;
  }

  /** Resolves when no check or rebuild is in flight (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.work || this.loading) await (this.work ?? this.loading);
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
    this.generation += 1;
  }

  /** Rebuilds in the foreground (one at a time); keeps the old index when the read fails. */
  private async reload(): Promise<void> {
    if (!this.loading) {
      this.loading = (async () => {
        while (!this.index || this.dirty) {
          this.dirty = false;
          const generation = this.generation;
          try {
            await this.build(generation);
          } catch (err) {
            this.report(false);
            if (!this.index) throw err;
            // A writer's own change could not be read back: the next check tries again.
            this.version = undefined;
            return;
          }
        }
      })().finally(() => {
        this.loading = undefined;
      });
    }
    try {
      await this.loading;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError('DATABASE_UNAVAILABLE');
    }
  }

  private async build(generation: number): Promise<void> {
    const started = this.now();
    const { version, index } = await this.storage.loadIndex();
    if (generation !== this.generation) {
      this.dirty = true; // written meanwhile: build again
      return;
    }
    this.index = index;
    this.version = version;
    // The build read the counter: as good as a check.
    this.builtAt = this.checkedAt = this.now();
    this.buildMs = this.builtAt - started;
    this.report(true);
  }

  /** One background read of the counter, and a rebuild when it moved. */
  private async check(): Promise<void> {
    try {
      const version = await this.storage.readVersion();
      if (version !== this.version && !this.loading) await this.build(this.generation);
      else this.report(true);
    } catch {
      this.report(false);
    }
  }

  private report(ok: boolean): void {
    this.reachable = ok;
    for (const listener of this.listeners) listener(ok);
  }
}
