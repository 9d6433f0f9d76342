/**
 * Store repository on SQLite, and the storage of the in-memory store search
 * (../store-follower.ts): it reads every store into a StoreIndex in one read transaction and
 * reads the stores' change counter (`store_version`, bumped by triggers on `stores`).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../geo.js';
import { sqliteGuard } from './errors.js';
import { StoreIndex, type IndexRow } from '../store-index.js';
import type { StoreRecord, StoreRepository } from '../types.js';
import { INSERT_STORE } from './store-writes.js';

type Db = BetterSqlite3.Database;

export class SqliteStoreRepository implements StoreRepository {
  private readonly indexRowsStmt: BetterSqlite3.Statement;
  private readonly versionStmt: BetterSqlite3.Statement;
  private readonly indexDocsStmt: BetterSqlite3.Statement;
  private readonly countStmt: BetterSqlite3.Statement;
  private readonly insertStmt: BetterSqlite3.Statement;
  /**
   * `onWrite`: called after each write transaction of this repository (committed or not), so
   * that the search rebuilds its index before it answers again.
   */
  constructor(
    private readonly db: Db,
    private readonly onWrite: () => void = () => undefined,
  ) {
    this.indexRowsStmt = db
      .prepare(
        `SELECT id, latitude, longitude, country, sales_products, service_products,
           training_products, carriers, drop_off, hash, length(CAST(doc AS BLOB))
         FROM stores ORDER BY id`,
      )
      .raw();
    this.indexDocsStmt = db.prepare('SELECT CAST(doc AS BLOB) FROM stores ORDER BY id').pluck();
    this.versionStmt = db.prepare('SELECT version FROM store_version').pluck();
    this.countStmt = db.prepare('SELECT count(*) FROM stores').pluck();
    this.insertStmt = db.prepare(INSERT_STORE);
  }

  async readVersion(): Promise<string> {
    return sqliteGuard(() => String(this.versionStmt.get() as number));
  }

  /** Every store in one read transaction (both passes over the rows see the same snapshot). */
  async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
    return sqliteGuard(() =>
      this.db.transaction(() => ({
        version: String(this.versionStmt.get() as number),
        index: new StoreIndex({
          rows: this.indexRowsStmt.iterate() as Iterable<IndexRow>,
          docs: () => this.indexDocsStmt.iterate() as Iterable<Buffer>,
        }),
      }))(),
    );
  }

  async count(): Promise<number> {
    return sqliteGuard(() => this.countStmt.get() as number);
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    try {
      this.db.transaction(() => {
        this.db.exec('DELETE FROM stores; DELETE FROM imports; DELETE FROM removed_stores;');
        for (const r of inSpatialOrder(records)) this.insertStmt.run(toParams(r));
      })();
    } finally {
      this.onWrite();
    }
  }
}

function toParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, dropOff: r.dropOff ? 1 : 0 };
}
