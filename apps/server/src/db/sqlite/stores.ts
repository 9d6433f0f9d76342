/**
 * Store repository on SQLite. Search: the in-memory store index (../store-index.ts: positions,
 * filter columns and documents, rebuilt from the table when it changes) finds the nearest
 * stores with exact great-circle distances and hands out their documents' bytes; a search
 * runs no query but `PRAGMA data_version`. The R*Tree (with the filter columns as auxiliary
 * columns) stays in the schema and is kept up to date by triggers.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../geo.js';
import { sqliteGuard } from './errors.js';
import { StoreIndex, VERSION_CHECK_MS, type IndexRow } from '../store-index.js';
import { pageHits } from '../page.js';
import type {
  ApplyResult,
  NearestHit,
  NearestPage,
  NearestQuery,
  StoreRecord,
  StoreRepository,
} from '../types.js';

type Db = BetterSqlite3.Database;

export class SqliteStoreRepository implements StoreRepository {
  private readonly indexRowsStmt: BetterSqlite3.Statement;
  private readonly dataVersionStmt: BetterSqlite3.Statement;
  private readonly indexDocsStmt: BetterSqlite3.Statement;
  private readonly countStmt: BetterSqlite3.Statement;
  private readonly insertStmt: BetterSqlite3.Statement;
  private readonly upsertStmt: BetterSqlite3.Statement;
  private readonly hashStmt: BetterSqlite3.Statement;
  private readonly importedStmt: BetterSqlite3.Statement;
  private readonly recordImportStmt: BetterSqlite3.Statement;
  private index: StoreIndex | undefined;
  /** `PRAGMA data_version` when the index was built (changes on other connections' commits). */
  private indexVersion = -1;
  private versionCheckedAt = 0;

  constructor(private readonly db: Db) {
    this.indexRowsStmt = db
      .prepare(
        `SELECT id, latitude, longitude, country, sales_products, service_products, carriers,
           drop_off, hash, length(CAST(doc AS BLOB)) FROM stores ORDER BY id`,
      )
      .raw();
    this.indexDocsStmt = db.prepare('SELECT CAST(doc AS BLOB) FROM stores ORDER BY id').pluck();
    this.dataVersionStmt = db.prepare('PRAGMA data_version').pluck();
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

  /**
   * The store index, rebuilt when the stores table may have changed: at once after this
   * connection's writes; for other connections' commits (the import command), `PRAGMA
   * data_version` is read at most every VERSION_CHECK_MS.
   */
  private storeIndex(): StoreIndex {
    const now = Date.now();
    if (this.index && now - this.versionCheckedAt < VERSION_CHECK_MS) return this.index;
    this.versionCheckedAt = now;
    const version = this.dataVersionStmt.get() as number;
    if (!this.index || version !== this.indexVersion) {
      // One read transaction: both passes over the rows see the same snapshot.
      this.index = this.db.transaction(
        () =>
          new StoreIndex({
            rows: this.indexRowsStmt.iterate() as Iterable<IndexRow>,
            docs: () => this.indexDocsStmt.iterate() as Iterable<Buffer>,
          }),
      )();
      this.indexVersion = version;
    }
    return this.index;
  }

  /** Another repository wrote stores on this connection: rebuild the index before searching. */
  changed(): void {
    this.index = undefined;
  }

  async nearest(q: NearestQuery): Promise<NearestHit[]> {
    return pageHits(await this.nearestPage(q));
  }

  async nearestPage(q: NearestQuery): Promise<NearestPage> {
    return sqliteGuard(() => this.storeIndex().nearest(q));
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
      this.index = undefined;
      return { inserted, updated, unchanged, alreadyApplied: false, removed };
    })();
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM stores; DELETE FROM imports;');
      for (const r of inSpatialOrder(records)) this.insertStmt.run(toParams(r));
    })();
    this.index = undefined;
  }
}

function toParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, dropOff: r.dropOff ? 1 : 0 };
}
