/**
 * Store repository on PostgreSQL/PostGIS, and the storage of the in-memory store search
 * (../store-follower.ts): it reads every store into a StoreIndex from one REPEATABLE READ
 * snapshot, and reads the stores' change counter (`store_version`, bumped by a statement
 * trigger on `stores` in the writing transaction). Searches run no query. The geography column
 * stays for operators' own spatial queries.
 */
import type pg from 'pg';
import type { StoreRecord, StoreRepository } from '../types.js';
import { inSpatialOrder } from '../geo.js';
import { StoreIndex, type IndexRow } from '../store-index.js';
import { guarded } from './errors.js';
import { BATCH, INSERT_STORES, columnsOf } from './store-writes.js';

/** Rows read per query while building the index. */
const BUILD_BATCH = 20_000;

type IndexedRow = [
  id: string,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  trainingProducts: string,
  carriers: string,
  dropOff: boolean,
  hash: string,
  doc: string,
];

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
                training_products, carriers, drop_off, hash, doc
              FROM stores WHERE id > $1::bigint ORDER BY id LIMIT ${BUILD_BATCH}`,
            values: [after],
            rowMode: 'array',
          }),
        );
        for (const r of batch.rows) {
          const doc = Buffer.from(r[10]);
          docs.push(doc);
          rows.push([
            Number(r[0]),
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            r[7],
            r[8] ? 1 : 0,
            r[9],
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

  async replaceAll(records: readonly StoreRecord[]): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('TRUNCATE stores, imports, removed_stores');
      const ordered = inSpatialOrder(records);
      for (let i = 0; i < ordered.length; i += BATCH) {
        await client.query(INSERT_STORES, columnsOf(ordered.slice(i, i + BATCH)));
      }
    });
    await guarded(() => this.pool.query('ANALYZE stores'));
  }
}
