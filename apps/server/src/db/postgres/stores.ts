/**
 * Store repository on PostgreSQL/PostGIS: ST_DWithin on the sphere for the radius and the
 * geography KNN operator (<->, the distance on the same sphere) for nearest-first order, both
 * served by the GiST index. A search is one round trip of a named (prepared) statement
 * answering one row: the nearest stores' ids, content hashes and distances as one text value.
 * Their documents come from the process's DocCache; the ones it lacks (or holds in another
 * version) are read in a second query.
 */
import type pg from 'pg';
import type {
  ApplyResult,
  NearestHit,
  NearestPage,
  NearestQuery,
  PageStore,
  StoreRecord,
  StoreRepository,
} from '../types.js';
import { EMPTY_PAGE, hashTag, pageHits } from '../page.js';
import { inSpatialOrder } from '../geo.js';
import { guarded } from './errors.js';
import { DocCache, type CachedDoc } from './doc-cache.js';
import { StoreReplica } from './replica.js';

/** How PostgreSQL searches find stores (env PG_SEARCH). */
export type PgSearch = 'memory' | 'postgis';

const BATCH = 2000;

/** The filters of a nearest search ($1 lat, $2 lon, $3 km, $4 countries, $5–$7 filters). */
function filters(column: 'sales_products' | 'service_products'): string {
  return `ST_DWithin(geog, p.g, $3::float8 * 1000, false)
          AND country = ANY($4::text[])
          AND ${column} <> ''
          AND ($5 = '' OR strpos(${column}, $5) > 0)
          AND ($6 = '' OR carriers = '' OR strpos(carriers, $6) > 0)
          AND ($7 = 'any' OR drop_off = ($7 = 'only'))`;
}

const POINT = `(SELECT ST_SetSRID(ST_MakePoint($2::float8, $1::float8), 4326)::geography AS g) p`;

/**
 * The search: the KNN scan walks the GiST index in distance order (Index Cond: the radius box;
 * Order By: <->) and stops after limit + 1 matches, instead of reading every store in the
 * radius and sorting them. Those are ordered by (distance, id) and the first `limit` kept;
 * `tie` says the extra store is exactly as far as the last one kept, when stores not read could
 * be too and the exact form (NEAREST_EXACT) answers instead. The planner underestimates the
 * matches (country and product filters are correlated with position) and would pick a bitmap
 * scan and a sort (3-4× slower on 200,000 stores), so searches run on connections with bitmap
 * scans off (see openPostgres).
 */
function nearestSql(column: 'sales_products' | 'service_products'): string {
  return `SELECT
      string_agg(id || ' ' || hash || ' ' || o, ',' ORDER BY n) FILTER (WHERE n <= $8) AS hits,
      max(o) FILTER (WHERE n = $8 + 1) = max(o) FILTER (WHERE n <= $8) AS tie
    FROM (
      SELECT id, hash, o, row_number() OVER (ORDER BY o, id) AS n FROM (
        SELECT id, hash, geog <-> p.g AS o
        FROM stores, ${POINT}
        WHERE ${filters(column)}
        ORDER BY geog <-> p.g
        LIMIT $8::int + 1
      ) k
    ) t`;
}

/** Every store within the radius sorted by (distance, id): exact whatever the ties. */
function nearestExactSql(column: 'sales_products' | 'service_products'): string {
  return `SELECT string_agg(id || ' ' || hash || ' ' || o, ',' ORDER BY o, id) AS hits,
      false AS tie
    FROM (
      SELECT id, hash, geog <-> p.g AS o
      FROM stores, ${POINT}
      WHERE ${filters(column)}
      ORDER BY geog <-> p.g, id
      LIMIT $8::int
    ) t`;
}

const NEAREST_EXACT = {
  sales: nearestExactSql('sales_products'),
  service: nearestExactSql('service_products'),
};
const NEAREST = { sales: nearestSql('sales_products'), service: nearestSql('service_products') };

const COLUMNS = `store_id, country, latitude, longitude, geog, sales_products, service_products,
  carriers, drop_off, hash, source, doc`;

const UNNEST = `SELECT s, c, la, lo, ST_SetSRID(ST_MakePoint(lo, la), 4326)::geography, sp, vp,
    ca, d, h, so, doc
  FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[],
    $7::text[], $8::bool[], $9::text[], $10::text[], $11::text[])
    AS t(s, c, la, lo, sp, vp, ca, d, h, so, doc)`;

function columnsOf(records: readonly StoreRecord[]): unknown[] {
  return [
    records.map((r) => r.storeId),
    records.map((r) => r.country),
    records.map((r) => r.latitude),
    records.map((r) => r.longitude),
    records.map((r) => r.salesProducts),
    records.map((r) => r.serviceProducts),
    records.map((r) => r.carriers),
    records.map((r) => r.dropOff),
    records.map((r) => r.hash),
    records.map((r) => r.source),
    records.map((r) => r.doc),
  ];
}

/** Documents cached per process by default (MB): 200,000 stores take about 140. */
export const DOC_CACHE_MB = 256;
/** Searches tried again when stores change between the search and the documents' read. */
const ATTEMPTS = 3;

interface Hit {
  id: number;
  hash: string;
  km: number;
}

export class PgStoreRepository implements StoreRepository {
  private readonly docs: DocCache;

  /** The in-memory search replica (PG_SEARCH=memory); absent: every search asks PostGIS. */
  private readonly replica: StoreReplica | undefined;

  /**
   * `searchPool`: connections for nearest searches (planner settings, see nearestSql).
   * `search`: "memory" answers from the in-memory replica once it is built (./replica.ts),
   * PostGIS meanwhile; "postgis" always asks PostGIS.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly searchPool: pg.Pool = pool,
    docCacheBytes = DOC_CACHE_MB * 2 ** 20,
    search: PgSearch = 'memory',
  ) {
    this.docs = new DocCache(docCacheBytes);
    this.replica = search === 'memory' ? new StoreReplica(pool) : undefined;
  }

  /** Searches answered by the replica and by PostGIS (tests, benchmarks). */
  readonly answered = { replica: 0, postgis: 0 };

  /** The database is being closed: the replica no longer answers for it. */
  closing(): void {
    this.replica?.drop();
  }

  /** Resolves when the replica (if any) is not being built (tests, benchmarks). */
  async replicaSettled(): Promise<void> {
    await this.replica?.settled();
  }

  async nearest(q: NearestQuery): Promise<NearestHit[]> {
    return pageHits(await this.nearestPage(q));
  }

  async nearestPage(q: NearestQuery): Promise<NearestPage> {
    if (q.countries.length === 0 || q.limit <= 0) return EMPTY_PAGE;
    const index = await this.replica?.current();
    if (index) {
      this.answered.replica += 1;
      return index.nearest(q);
    }
    this.answered.postgis += 1;
    for (let attempt = 1; ; attempt += 1) {
      const hits = await this.nearestHits(q);
      const page = await this.withDocs(hits, attempt === ATTEMPTS);
      if (page) return page;
    }
  }

  /** The nearest stores' ids, hashes and distances. */
  private async nearestHits(q: NearestQuery): Promise<Hit[]> {
    const values = [
      q.latitude,
      q.longitude,
      q.radiusKm,
      q.countries,
      q.productId ? `|${q.productId}|` : '',
      q.carrier ? `|${q.carrier}|` : '',
      q.dropOff,
      q.limit,
    ];
    type Row = { hits: string | null; tie: boolean | null };
    let { rows } = await guarded(() =>
      this.searchPool.query<Row>({
        name: `nearest-page-${q.channel}`,
        text: NEAREST[q.channel],
        values,
      }),
    );
    if (rows[0]?.tie) {
      ({ rows } = await guarded(() =>
        this.pool.query<Row>({
          name: `nearest-exact-${q.channel}`,
          text: NEAREST_EXACT[q.channel],
          values,
        }),
      ));
    }
    const text = rows[0]?.hits;
    if (!text) return [];
    // "id hash metres" entries (float8 text is exact), comma-separated.
    return text.split(',').map((entry) => {
      const a = entry.indexOf(' ');
      const b = entry.indexOf(' ', a + 1);
      return {
        id: Number(entry.slice(0, a)),
        hash: entry.slice(a + 1, b),
        km: Number(entry.slice(b + 1)) / 1000,
      };
    });
  }

  /**
   * The page of the hits, documents from the cache or read for it. Undefined when a store
   * changed or went away since the search (unless `anyway`: then its current document).
   */
  private async withDocs(hits: readonly Hit[], anyway: boolean): Promise<NearestPage | undefined> {
    const missing = hits.filter((h) => !this.docs.get(h.id, h.hash)).map((h) => h.id);
    // Read documents of this page, whatever the cache keeps of them.
    const read = new Map<number, CachedDoc>();
    if (missing.length > 0) {
      const { rows } = await guarded(() =>
        this.pool.query<{ id: string; hash: string; doc: string }>(
          'SELECT id, hash, doc FROM stores WHERE id = ANY($1::bigint[])',
          [missing],
        ),
      );
      for (const r of rows) {
        const doc = { hash: r.hash, tag: hashTag(r.hash), bytes: Buffer.from(r.doc) };
        read.set(Number(r.id), doc);
        this.docs.set(Number(r.id), doc);
      }
    }
    const stores: PageStore[] = [];
    const distancesKm: number[] = [];
    for (const h of hits) {
      let doc = this.docs.get(h.id, h.hash);
      if (!doc) {
        const now = read.get(h.id);
        if (now && (now.hash === h.hash || anyway)) doc = now;
        else if (anyway)
          continue; // deleted meanwhile
        else return undefined;
      }
      stores.push({
        bytes: doc.bytes,
        start: 0,
        end: doc.bytes.length,
        hash: doc.hash,
        tag: doc.tag,
      });
      distancesKm.push(h.km);
    }
    return { stores, distancesKm };
  }

  /** Another repository wrote stores in this process: rebuild the replica before answering. */
  changed(): void {
    this.replica?.drop();
  }

  async count(): Promise<number> {
    const { rows } = await guarded(() =>
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM stores'),
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await guarded(() => this.pool.connect());
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      // This process's writes: the replica is rebuilt before it answers again.
      this.replica?.drop();
    }
  }

  async appliedImport(fileHash: string): Promise<number | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<{ rows: number }>('SELECT rows FROM imports WHERE file_hash = $1', [
        fileHash,
      ]),
    );
    return rows[0]?.rows;
  }

  async applyImport(
    records: readonly StoreRecord[],
    fileHash: string,
    fileName: string,
    options: { removeSource?: string } = {},
  ): Promise<ApplyResult> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(724012)');
      const seen = await client.query('SELECT 1 FROM imports WHERE file_hash = $1', [fileHash]);
      if (seen.rowCount) {
        return {
          inserted: 0,
          updated: 0,
          unchanged: records.length,
          alreadyApplied: true,
          removed: 0,
        };
      }
      const removed = options.removeSource
        ? ((await client.query('DELETE FROM stores WHERE source = $1', [options.removeSource]))
            .rowCount ?? 0)
        : 0;
      let inserted = 0;
      let updated = 0;
      // New stores get ids (and heap places) in spatial order (see inSpatialOrder).
      const ordered = inSpatialOrder(records);
      for (let i = 0; i < ordered.length; i += BATCH) {
        const batch = ordered.slice(i, i + BATCH);
        const res = await client.query<{ inserted: boolean }>(
          `INSERT INTO stores (${COLUMNS}) ${UNNEST}
           ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
             latitude = excluded.latitude, longitude = excluded.longitude, geog = excluded.geog,
             sales_products = excluded.sales_products,
             service_products = excluded.service_products, carriers = excluded.carriers,
             drop_off = excluded.drop_off, hash = excluded.hash, source = excluded.source,
             doc = excluded.doc
           WHERE stores.hash <> excluded.hash
           RETURNING (xmax = 0) AS inserted`,
          columnsOf(batch),
        );
        for (const row of res.rows) {
          if (row.inserted) inserted += 1;
          else updated += 1;
        }
      }
      await client.query('INSERT INTO imports (file_hash, file_name, rows) VALUES ($1, $2, $3)', [
        fileHash,
        fileName,
        records.length,
      ]);
      return {
        inserted,
        updated,
        unchanged: records.length - inserted - updated,
        alreadyApplied: false,
        removed,
      };
    });
  }

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('TRUNCATE stores, imports');
      const ordered = inSpatialOrder(records);
      for (let i = 0; i < ordered.length; i += BATCH) {
        await client.query(
          `INSERT INTO stores (${COLUMNS}) ${UNNEST}`,
          columnsOf(ordered.slice(i, i + BATCH)),
        );
      }
    });
    await guarded(() => this.pool.query('ANALYZE stores'));
  }
}
