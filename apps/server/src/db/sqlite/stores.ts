/**
 * Store repository on SQLite, and the storage of the in-memory store search
 * (../../modules/search/store-follower.ts): it reads the stores' change counter (`store_version`, bumped by
 * triggers on `stores`), and has every store read into a StoreIndex in one read transaction —
 * by the builder thread (../../modules/search/store-index-builder.ts) on its own connection to the file, so the
 * read and the build never hold the event loop; an in-memory database is read here.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../../modules/search/geo.js';
import { sqliteGuard } from './errors.js';
import { StoreIndex } from '../../modules/search/store-index.js';
import { buildIndex } from '../../modules/search/store-index-builder.js';
import { readSqliteIndex, readSqliteStores } from './index-read.js';
import type { ChangedRows } from '../../modules/search/store-overlay.js';
import type { StoreRecord, StoreRepository } from '../types.js';
import { INSERT_STORE, storeParams } from './store-sql.js';
import { DEMO_ONLY, markDemo } from '../dataset.js';

type Db = BetterSqlite3.Database;

export class SqliteStoreRepository implements StoreRepository {
  private readonly versionStmt: BetterSqlite3.Statement;
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
    this.versionStmt = db.prepare('SELECT version FROM store_version').pluck();
    this.countStmt = db.prepare('SELECT count(*) FROM stores').pluck();
    this.insertStmt = db.prepare(INSERT_STORE);
  }

  async readVersion(): Promise<string> {
    return sqliteGuard(() => String(this.versionStmt.get() as number));
  }

  /** Every store in one read transaction (both passes over the rows see the same snapshot). */
  async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
    if (!this.db.memory) return buildIndex({ dialect: 'sqlite', file: this.db.name });
    const { version, parts } = sqliteGuard(() => readSqliteIndex(this.db));
    return { version, index: new StoreIndex(parts) };
  }

  /** A few stores by id, with the counter (a patch of the index after a write). */
  async readStores(storeIds: readonly string[]): Promise<ChangedRows> {
    return sqliteGuard(() => readSqliteStores(this.db, storeIds));
  }

  async count(): Promise<number> {
    return sqliteGuard(() => this.countStmt.get() as number);
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    try {
      this.db.transaction(() => {
        this.db.exec('DELETE FROM stores; DELETE FROM imports; DELETE FROM removed_stores;');
        for (const r of inSpatialOrder(records)) this.insertStmt.run(storeParams(r));
      })();
    } finally {
      this.onWrite();
    }
  }

  async replaceDemo(records: readonly StoreRecord[], version: string): Promise<boolean> {
    let replaced = false;
    try {
      sqliteGuard(() =>
        this.db
          .transaction(() => {
            if (this.db.prepare(DEMO_ONLY).pluck().get() !== 1) return;
            this.db.exec('DELETE FROM stores; DELETE FROM imports; DELETE FROM removed_stores;');
            for (const r of inSpatialOrder(records)) this.insertStmt.run(storeParams(r));
            this.db.prepare(markDemo('?')).run(version);
            replaced = true;
          })
          .immediate(),
      );
    } finally {
      if (replaced) this.onWrite();
    }
    return replaced;
  }
}
