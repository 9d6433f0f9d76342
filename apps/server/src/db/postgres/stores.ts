/**
 * Store repository on PostgreSQL, and the storage of the in-memory store search
 * (../../modules/search/store-follower.ts): it has every store read into a StoreIndex from one REPEATABLE READ
 * snapshot by the builder thread (../../modules/search/store-index-builder.ts, on its own connection, so the
 * build's CPU never holds the event loop), and reads the stores' change counter (`store_version`, bumped by a statement
 * trigger on `stores` in the writing transaction). Searches run no query.
 */
import type pg from 'pg';
import { ApiError } from '@locator/core';
import type { StoreRecord, StoreRepository } from '../types.js';
import { inSpatialOrder } from '../../modules/search/geo.js';
import type { StoreIndex } from '../../modules/search/store-index.js';
import { buildIndex } from '../../modules/search/store-index-builder.js';
import { guarded } from './errors.js';
import { readPgStores } from './index-read.js';
import type { ChangedRows } from '../../modules/search/store-overlay.js';
import { withClient } from './client.js';
import { BATCH, INSERT_STORES, STORE_WRITE_LOCK, columnsOf } from './store-sql.js';
import { DEMO_ONLY, markDemo } from '../dataset.js';

/**
 * After a load of every store: statistics for the planner, and the visibility map set, so the
 * console's store table reads its pages from the indexes alone (index-only scans) at once
 * rather than after autovacuum's next round.
 */
const VACUUM_STORES = 'VACUUM (ANALYZE) stores';

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

  /** Every store and the counter, from one snapshot (read in batches by the builder thread). */
  async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
    // The builder connects by itself: a database closed here must not be read there.
    if (this.pool.ending) throw new ApiError('DATABASE_UNAVAILABLE');
    const o = this.pool.options;
    return buildIndex({
      dialect: 'postgres',
      connection: {
        connectionString: o.connectionString,
        connectionTimeoutMillis: o.connectionTimeoutMillis,
        statement_timeout: o.statement_timeout,
        application_name: 'locator index',
      },
    });
  }

  /** A few stores by id, with the counter (a patch of the index after a write). */
  async readStores(storeIds: readonly string[]): Promise<ChangedRows> {
    return guarded(() => readPgStores(this.pool, storeIds));
  }

  async count(): Promise<number> {
    const { rows } = await guarded(() =>
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM stores'),
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    try {
      return await withClient(this.pool, async (client) => {
        try {
          await client.query('BEGIN');
          const out = await fn(client);
          await client.query('COMMIT');
          return out;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    } finally {
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
    await guarded(() => this.pool.query(VACUUM_STORES));
  }

  async replaceDemo(records: readonly StoreRecord[], version: string): Promise<boolean> {
    const replaced = await this.transaction(async (client) => {
      // Under the store writers' lock: no write can commit between the check and the load.
      await client.query('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]);
      const { rows } = await client.query<{ demo_only: number }>(DEMO_ONLY);
      if (rows[0]?.demo_only !== 1) return false;
      await client.query('TRUNCATE stores, imports, removed_stores');
      const ordered = inSpatialOrder(records);
      for (let i = 0; i < ordered.length; i += BATCH) {
        await client.query(INSERT_STORES, columnsOf(ordered.slice(i, i + BATCH)));
      }
      await client.query(markDemo('$1'), [version]);
      return true;
    });
    if (replaced) await guarded(() => this.pool.query(VACUUM_STORES));
    return replaced;
  }
}
