/**
 * Store repository on PostgreSQL/PostGIS, and the storage of the in-memory store search
 * (../store-follower.ts): it reads every store into a StoreIndex from one REPEATABLE READ
 * snapshot, and reads the stores' change counter (`store_version`, bumped by a statement
 * trigger on `stores` in the writing transaction). Searches run no query. The geography column
 * stays for operators' own spatial queries.
 */
import type pg from 'pg';
import type { ApplyResult, StoreRecord, StoreRepository } from '../types.js';
import { inSpatialOrder } from '../geo.js';
import { StoreIndex, type IndexRow } from '../store-index.js';
import { guarded } from './errors.js';

const BATCH = 2000;
/** Rows read per query while building the index. */
const BUILD_BATCH = 20_000;

type IndexedRow = [
  id: string,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  carriers: string,
  dropOff: boolean,
  hash: string,
  doc: string,
];

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

export class PgStoreRepository implements StoreRepository {
  /**
   * `onWrite`: called after each write transaction of this repository (committed or not), so
   * that the search rebuilds its index before it answers again.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly onWrite: () => void = () => undefined,
  ) {}

  async readVersion(): Promise<string> {
    const { rows } = await guarded(() =>
      this.pool.query<{ v: string }>('SELECT version::text AS v FROM store_version'),
    );
    return rows[0]?.v ?? '0';
  }

  /** Every store and the counter, from one snapshot, read in batches. */
  async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
    const client = await guarded(() => this.pool.connect());
    // A connection lost mid-read fails the query in flight; without a listener its 'error'
    // event would be thrown as an uncaught exception.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    const rows: IndexRow[] = [];
    const docs: Buffer[] = [];
    let version: string;
    try {
      await guarded(() => client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'));
      const v = await guarded(() =>
        client.query<{ v: string }>('SELECT version::text AS v FROM store_version'),
      );
      version = v.rows[0]?.v ?? '0';
      let after = '0';
      for (;;) {
        const batch = await guarded(() =>
          client.query<IndexedRow>({
            text: `SELECT id, latitude, longitude, country, sales_products, service_products,
                carriers, drop_off, hash, doc
              FROM stores WHERE id > $1::bigint ORDER BY id LIMIT ${BUILD_BATCH}`,
            values: [after],
            rowMode: 'array',
          }),
        );
        for (const r of batch.rows) {
          const doc = Buffer.from(r[9]);
          docs.push(doc);
          rows.push([
            Number(r[0]),
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            r[7] ? 1 : 0,
            r[8],
            doc.length,
          ]);
        }
        if (batch.rows.length < BUILD_BATCH) break;
        after = batch.rows[batch.rows.length - 1]![0];
      }
      await guarded(() => client.query('COMMIT'));
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.off('error', ignore);
      client.release();
    }
    return { version, index: new StoreIndex({ rows, docs: () => docs }) };
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
      this.onWrite();
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
      await client.query('TRUNCATE stores, imports, removed_stores');
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
