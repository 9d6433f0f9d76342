/**
 * Store repository on SQLite. Search: the in-memory point index (./point-index.ts: positions
 * and filter columns, rebuilt from the table when it changes) finds the nearest stores with
 * exact great-circle distances; then one query reads the documents of the winners only. The
 * R*Tree (with the filter columns as auxiliary columns) stays in the schema and is kept up to
 * date by triggers.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../geo.js';
import { sqliteGuard } from './errors.js';
import { PointIndex, type IndexRow, type PointHit } from './point-index.js';
import { EMPTY_PAGE, pageEntries, pageHits } from '../page.js';
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
  private readonly pageStmt: BetterSqlite3.Statement;
  private readonly orderedPageStmt: BetterSqlite3.Statement;
  private readonly countStmt: BetterSqlite3.Statement;
  private readonly insertStmt: BetterSqlite3.Statement;
  private readonly upsertStmt: BetterSqlite3.Statement;
  private readonly hashStmt: BetterSqlite3.Statement;
  private readonly importedStmt: BetterSqlite3.Statement;
  private readonly recordImportStmt: BetterSqlite3.Statement;
  private index: PointIndex | undefined;
  /** `PRAGMA data_version` when the index was built (changes on other connections' commits). */
  private indexVersion = -1;

  constructor(private readonly db: Db) {
    this.indexRowsStmt = db
      .prepare(
        `SELECT id, latitude, longitude, country, sales_products, service_products, carriers,
           drop_off FROM stores`,
      )
      .raw();
    this.dataVersionStmt = db.prepare('PRAGMA data_version').pluck();
    // The winners' ids, hashes and documents as one value (bytes: no decoding), json_each
    // driving (one rowid lookup per store). Without ORDER BY the aggregate follows the join
    // order, which is the order given; the caller checks the ids and falls back to the
    // explicitly ordered form if that ever stops being so.
    const page = (order: string) =>
      db
        .prepare(
          `SELECT count(*), CAST(string_agg(s.id || char(31) || s.hash || char(31) || s.doc,
             char(30)${order}) AS BLOB)
           FROM json_each(?) AS j CROSS JOIN stores AS s ON s.id = j.value`,
        )
        .raw();
    this.pageStmt = page('');
    this.orderedPageStmt = page(' ORDER BY j.key');
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

  /** The point index, rebuilt when the stores table may have changed. */
  private pointIndex(): PointIndex {
    const version = this.dataVersionStmt.get() as number;
    if (!this.index || version !== this.indexVersion) {
      this.index = new PointIndex(this.indexRowsStmt.all() as IndexRow[]);
      this.indexVersion = version;
    }
    return this.index;
  }

  async nearest(q: NearestQuery): Promise<NearestHit[]> {
    return pageHits(await this.nearestPage(q));
  }

  async nearestPage(q: NearestQuery): Promise<NearestPage> {
    return sqliteGuard(() => this.page(q));
  }

  private page(q: NearestQuery, retry = true): NearestPage {
    const top = this.pointIndex().nearest(q);
    if (top.length === 0) return EMPTY_PAGE;
    const ids = JSON.stringify(top.map((t) => t.id));
    const [count, joined] = this.pageStmt.get(ids) as [number, Buffer | null];
    if (count !== top.length) {
      // A store vanished under the index (another connection deleted it): rebuild, retry once.
      this.index = undefined;
      if (retry) return this.page(q, false);
      throw new Error('stores changed during a search');
    }
    const distancesKm = top.map((t) => t.distanceKm);
    const page: NearestPage = { distancesKm, joined: joined ?? EMPTY_PAGE.joined };
    if (sameOrder(page, top)) return page;
    const [, ordered] = this.orderedPageStmt.get(ids) as [number, Buffer | null];
    return { distancesKm, joined: ordered ?? EMPTY_PAGE.joined };
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

/** True when the page lists the stores in the order of `top`. */
function sameOrder(page: NearestPage, top: readonly PointHit[]): boolean {
  const entries = pageEntries(page);
  for (let i = 0; i < entries.length; i += 1) {
    const e = entries[i]!;
    if (Number(page.joined.toString('latin1', e.start, e.idEnd)) !== top[i]!.id) return false;
  }
  return true;
}
