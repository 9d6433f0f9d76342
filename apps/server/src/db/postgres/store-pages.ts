/**
 * Store pages' reads on PostgreSQL (see ../store-pages.ts). The version is the store change
 * counter that a statement trigger bumps on every change of the stores table (migration 3).
 */
import type pg from 'pg';
import { guarded } from './errors.js';
import type { StoreDirectoryRow, StorePagesRepository, StoredStore } from '../store-pages.js';

export class PgStorePages implements StorePagesRepository {
  constructor(private readonly pool: pg.Pool) {}

  async version(): Promise<string> {
    const { rows } = await guarded(() =>
      this.pool.query<{ version: string }>('SELECT version::text AS version FROM store_version'),
    );
    return rows[0]?.version ?? '0';
  }

  async directory(): Promise<StoreDirectoryRow[]> {
    const { rows } = await guarded(() =>
      this.pool.query<StoreDirectoryRow>(
        `SELECT store_id AS "storeId", country,
           coalesce(d->>'title', '') AS title, coalesce(d->>'street1', '') AS street,
           coalesce(d->>'state', '') AS state,
           coalesce(d->>'city', '') AS city,
           to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "changedAt"
         FROM (SELECT store_id, country, changed_at, doc::json AS d FROM stores) s
         ORDER BY country, store_id COLLATE "C"`,
      ),
    );
    return rows;
  }

  async stores(storeIds: readonly string[]): Promise<StoredStore[]> {
    if (storeIds.length === 0) return [];
    const { rows } = await guarded(() =>
      this.pool.query<StoredStore>(
        'SELECT store_id AS "storeId", country, doc FROM stores WHERE store_id = ANY($1::text[])',
        [storeIds],
      ),
    );
    return rows;
  }

  async removed(storeIds: readonly string[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const { rows } = await guarded(() =>
      this.pool.query<{ id: string }>(
        'SELECT store_id AS id FROM removed_stores WHERE store_id = ANY($1::text[])',
        [storeIds],
      ),
    );
    return rows.map((r) => r.id);
  }

  async lastImport(): Promise<string | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<{ at: Date | null }>('SELECT max(applied_at) AS at FROM imports'),
    );
    return rows[0]?.at ? rows[0].at.toISOString() : undefined;
  }
}
