/**
 * Store repository on SQLite, and the storage of the in-memory store search
 * (../store-follower.ts): it reads every store into a StoreIndex in one read transaction and
 * reads the stores' change counter (`store_version`, bumped by triggers on `stores`).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../geo.js';
import { sqliteGuard } from './errors.js';
import { StoreIndex, type IndexRow } from '../store-index.js';
import type { ApplyResult, StoreRecord, StoreRepository } from '../types.js';

type Db = BetterSqlite3.Database;

export class SqliteStoreRepository implements StoreRepository {
  private readonly indexRowsStmt: BetterSqlite3.Statement;
  private readonly versionStmt: BetterSqlite3.Statement;
  private readonly indexDocsStmt: BetterSqlite3.Statement;
  private readonly countStmt: BetterSqlite3.Statement;
  private readonly insertStmt: BetterSqlite3.Statement;
  private readonly upsertStmt: BetterSqlite3.Statement;
  private readonly hashStmt: BetterSqlite3.Statement;
  private readonly importedStmt: BetterSqlite3.Statement;
  private readonly recordImportStmt: BetterSqlite3.Statement;
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
        `SELECT id, latitude, longitude, country, sales_products, service_products, carriers,
           drop_off, hash, length(CAST(doc AS BLOB)) FROM stores ORDER BY id`,
      )
      .raw();
    this.indexDocsStmt = db.prepare('SELECT CAST(doc AS BLOB) FROM stores ORDER BY id').pluck();
    this.versionStmt = db.prepare('SELECT version FROM store_version').pluck();
    this.countStmt = db.prepare('SELECT count(*) FROM stores').pluck();
    const cols = `store_id, country, latitude, longitude, sales_products, service_products,
      carriers, drop_off, hash, source, doc`;
    const vals = `@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
      @carriers, @dropOff, @hash, @source, @doc`;
    this.insertStmt = db.prepare(`INSERT INTO stores (${cols}) VALUES (${vals})`);
    this.upsertStmt = db.prepare(
      `INSERT INTO stores (${cols}) VALUES (${vals})
       ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
         latitude = excluded.latitude, longitude = excluded.longitude,
         sales_products = excluded.sales_products, service_products = excluded.service_products,
         carriers = excluded.carriers, drop_off = excluded.drop_off, hash = excluded.hash,
         source = excluded.source, doc = excluded.doc
       WHERE stores.hash <> excluded.hash`,
    );
    this.hashStmt = db.prepare('SELECT hash FROM stores WHERE store_id = ?').pluck();
    this.importedStmt = db.prepare('SELECT rows FROM imports WHERE file_hash = ?').pluck();
    this.recordImportStmt = db.prepare(
      'INSERT INTO imports (file_hash, file_name, rows, applied_at) VALUES (?, ?, ?, ?)',
    );
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

  async appliedImport(fileHash: string): Promise<number | undefined> {
    return sqliteGuard(() => this.importedStmt.get(fileHash) as number | undefined);
  }

  async applyImport(
    records: readonly StoreRecord[],
    fileHash: string,
    fileName: string,
    options: { removeSource?: string } = {},
  ): Promise<ApplyResult> {
    try {
      return this.db.transaction((): ApplyResult => {
        if (this.importedStmt.get(fileHash) !== undefined) {
          return {
            inserted: 0,
            updated: 0,
            unchanged: records.length,
            alreadyApplied: true,
            removed: 0,
          };
        }
        const removed = options.removeSource
          ? this.db.prepare('DELETE FROM stores WHERE source = ?').run(options.removeSource).changes
          : 0;
        let inserted = 0;
        let updated = 0;
        let unchanged = 0;
        // New stores get row ids in spatial order (see inSpatialOrder).
        for (const r of inSpatialOrder(records)) {
          const before = this.hashStmt.get(r.storeId) as string | undefined;
          if (before === r.hash) {
            unchanged += 1;
            continue;
          }
          this.upsertStmt.run(toParams(r));
          if (before === undefined) inserted += 1;
          else updated += 1;
        }
        this.recordImportStmt.run(fileHash, fileName, records.length, new Date().toISOString());
        return { inserted, updated, unchanged, alreadyApplied: false, removed };
      })();
    } finally {
      this.onWrite();
    }
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
