/**
 * Store repository on SQLite. Search: an R*Tree box query (filter columns are auxiliary
 * columns of the R*Tree, so only the index is read), exact great-circle distance in JS, and a
 * radius that grows from a small circle until it holds `limit` stores or reaches the channel's
 * radius; then the documents of the winners only.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { boundingBoxes, haversineKm } from '../geo.js';
import { sqliteGuard } from './errors.js';
import type {
  ApplyResult,
  NearestHit,
  NearestQuery,
  StoreRecord,
  StoreRepository,
} from '../types.js';

type Db = BetterSqlite3.Database;

interface Candidate {
  id: number;
  lat: number;
  lon: number;
}

/** First search radius in km; grows by density until enough stores are inside. */
const START_RADIUS_KM = 3;

export class SqliteStoreRepository implements StoreRepository {
  private readonly boxStmt: Record<'sales' | 'service', BetterSqlite3.Statement>;
  private readonly docStmt: BetterSqlite3.Statement;
  private readonly countStmt: BetterSqlite3.Statement;
  private readonly insertStmt: BetterSqlite3.Statement;
  private readonly upsertStmt: BetterSqlite3.Statement;
  private readonly hashStmt: BetterSqlite3.Statement;
  private readonly importedStmt: BetterSqlite3.Statement;
  private readonly recordImportStmt: BetterSqlite3.Statement;

  constructor(private readonly db: Db) {
    const box = (column: string) =>
      db
        .prepare(
          `SELECT id, lat, lon FROM store_rtree
           WHERE max_lat >= @minLat AND min_lat <= @maxLat
             AND max_lon >= @minLon AND min_lon <= @maxLon
             AND country IN (SELECT value FROM json_each(@countries))
             AND ${column} <> ''
             AND (@product = '' OR instr(${column}, @product) > 0)
             AND (@carrier = '' OR carriers = '' OR instr(carriers, @carrier) > 0)
             AND (@dropOff = 0 OR drop_off = @dropOffValue)`,
        )
        .raw();
    this.boxStmt = { sales: box('sales_products'), service: box('service_products') };
    this.docStmt = db
      .prepare('SELECT id, doc FROM stores WHERE id IN (SELECT value FROM json_each(?))')
      .raw();
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
    this.importedStmt = db.prepare('SELECT 1 FROM imports WHERE file_hash = ?').pluck();
    this.recordImportStmt = db.prepare(
      'INSERT INTO imports (file_hash, file_name, rows, applied_at) VALUES (?, ?, ?, ?)',
    );
  }

  private candidates(q: NearestQuery, radiusKm: number): Candidate[] {
    const stmt = this.boxStmt[q.channel];
    const params = {
      countries: JSON.stringify(q.countries),
      product: q.productId ? `|${q.productId}|` : '',
      carrier: q.carrier ? `|${q.carrier}|` : '',
      dropOff: q.dropOff === 'any' ? 0 : 1,
      dropOffValue: q.dropOff === 'only' ? 1 : 0,
    };
    const out: Candidate[] = [];
    for (const b of boundingBoxes(q.latitude, q.longitude, radiusKm)) {
      for (const row of stmt.all({ ...params, ...b }) as [number, number, number][]) {
        out.push({ id: row[0], lat: row[1], lon: row[2] });
      }
    }
    return out;
  }

  async nearest(q: NearestQuery): Promise<NearestHit[]> {
    return sqliteGuard(() => this.nearestSync(q));
  }

  private nearestSync(q: NearestQuery): NearestHit[] {
    if (q.countries.length === 0 || q.limit <= 0) return [];
    let radius = Math.min(q.radiusKm, START_RADIUS_KM);
    for (;;) {
      const within: { id: number; d: number }[] = [];
      for (const c of this.candidates(q, radius)) {
        const d = haversineKm(q.latitude, q.longitude, c.lat, c.lon);
        if (d <= radius) within.push({ id: c.id, d });
      }
      if (within.length >= q.limit || radius >= q.radiusKm) {
        within.sort((a, b) => a.d - b.d || a.id - b.id);
        const top = within.slice(0, q.limit);
        const docs = new Map(
          this.docStmt.all(JSON.stringify(top.map((t) => t.id))) as [number, string][],
        );
        return top.map(({ id, d }) => ({ doc: docs.get(id) ?? '{}', distanceKm: d }));
      }
      // Grow by the observed density (area ∝ r²), at least doubling.
      const factor = within.length > 0 ? Math.sqrt(q.limit / within.length) * 1.25 : 4;
      radius = Math.min(q.radiusKm, radius * Math.max(2, factor));
    }
  }

  async count(): Promise<number> {
    return sqliteGuard(() => this.countStmt.get() as number);
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
      for (const r of records) {
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
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM stores; DELETE FROM imports;');
      for (const r of records) this.insertStmt.run(toParams(r));
    })();
  }
}

function toParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, dropOff: r.dropOff ? 1 : 0 };
}
