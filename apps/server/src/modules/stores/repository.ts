/**
 * The stores' repository, one for both databases (../../db/query/runner.ts): the change counter
 * (`store_version`, bumped by triggers on `stores`), the number of stores, and the loads that
 * replace every store (the demo data, tests' fixtures). It is also the storage of the in-memory
 * store search (../search/store-follower.ts): how the stores are read into the index is each
 * database's own (`StoreIndexReads`: better-sqlite3's row iterator against PostgreSQL's batches
 * in a repeatable-read snapshot, both on the builder thread's own connection), given by the code
 * that opens the database.
 *
 * Dialect cases: how every store is cleared (three deletes on SQLite; one TRUNCATE on
 * PostgreSQL, whose load also takes the store writers' lock and is followed by a VACUUM so the
 * console's store table reads from its indexes alone at once), and how store rows are inserted
 * (./change-writer.ts, `insertStores`).
 */
import type { StoreIndex } from '../search/store-index.js';
import type { ChangedRows } from '../search/store-overlay.js';
import { inSpatialOrder } from '../search/geo.js';
import type { StoreRecord, StoreRepository } from '../../db/types.js';
import { DEMO_ONLY, markDemo } from '../../db/dataset.js';
import { placeholder } from '../../db/query/dialect-sql.js';
import { changes, first, rawQuery, type QueryRunner, type Work } from '../../db/query/runner.js';
import { STORE_WRITE_LOCK } from './row-sql.js';
import { insertStores } from './change-writer.js';

/** How a database's stores are read into the store index (see above). */
export interface StoreIndexReads {
  /** Every store and the change counter, from one snapshot. */
  loadIndex(): Promise<{ version: string; index: StoreIndex }>;
  /** These stores (those that exist) and the counter (a patch of the index after a write). */
  readStores(storeIds: readonly string[]): Promise<ChangedRows>;
}

const VERSION = rawQuery<{ v: string }>('SELECT CAST(version AS TEXT) AS v FROM store_version');
const COUNT = rawQuery<{ n: number | string }>('SELECT count(*) AS n FROM stores');

export class SqlStoreRepository implements StoreRepository, StoreIndexReads {
  /**
   * `onWrite`: called after each write transaction of this repository (committed or not), so
   * that the search rebuilds its index before it answers again.
   */
  constructor(
    private readonly sql: QueryRunner,
    private readonly reads: StoreIndexReads,
    private readonly onWrite: () => void = () => undefined,
  ) {}

  async readVersion(): Promise<string> {
    return (await this.sql.run(first(VERSION)))?.v ?? '0';
  }

  loadIndex(): Promise<{ version: string; index: StoreIndex }> {
    return this.reads.loadIndex();
  }

  readStores(storeIds: readonly string[]): Promise<ChangedRows> {
    return this.reads.readStores(storeIds);
  }

  async count(): Promise<number> {
    return Number((await this.sql.run(first(COUNT)))?.n ?? 0);
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    const dialect = this.sql.dialect;
    try {
      await this.sql.transaction(
        (function* (): Work<void> {
          yield* clearStores(dialect);
          yield* insertStores(dialect, inSpatialOrder(records));
        })(),
      );
    } finally {
      this.onWrite();
    }
    await this.vacuum();
  }

  async replaceDemo(records: readonly StoreRecord[], version: string): Promise<boolean> {
    const dialect = this.sql.dialect;
    let replaced = false;
    try {
      replaced = await this.sql.transaction(
        (function* (): Work<boolean> {
          // Under the store writers' lock on PostgreSQL (SQLite's transaction holds the write
          // lock from its start): no write can commit between the check and the load.
          if (dialect === 'postgres') {
            yield* first(rawQuery('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]));
          }
          const check = yield* first(rawQuery<{ demo_only: number | string }>(DEMO_ONLY));
          if (Number(check?.demo_only) !== 1) return false;
          yield* clearStores(dialect);
          yield* insertStores(dialect, inSpatialOrder(records));
          yield* changes(rawQuery(markDemo(placeholder(dialect)(0)), [version]));
          return true;
        })(),
      );
    } finally {
      if (replaced) this.onWrite();
    }
    if (replaced) await this.vacuum();
    return replaced;
  }

  /**
   * After a load of every store on PostgreSQL: statistics for the planner, and the visibility
   * map set, so the console's store table reads its pages from the indexes alone (index-only
   * scans) at once rather than after autovacuum's next round.
   */
  private async vacuum(): Promise<void> {
    if (this.sql.dialect === 'postgres')
      await this.sql.run(changes(rawQuery('VACUUM (ANALYZE) stores')));
  }
}

function* clearStores(dialect: QueryRunner['dialect']): Work<void> {
  if (dialect === 'postgres') {
    yield* changes(rawQuery('TRUNCATE stores, imports, removed_stores'));
    return;
  }
  for (const table of ['stores', 'imports', 'removed_stores']) {
    yield* changes(rawQuery(`DELETE FROM ${table}`));
  }
}
