/**
 * PostgreSQL with PostGIS: a pg connection pool; geography points with a GiST index. The pool
 * reconnects on demand, so the server recovers by itself when the database comes back.
 */
import pg from 'pg';
import { MIGRATIONS } from '../migrations.js';
import type { Database, MetaRepository } from '../types.js';
import { EventStatistics } from '../events-statistics.js';
import { PgEventRepository } from './events.js';
import { PgStoreRepository, type PgSearch } from './stores.js';
import { guarded } from './errors.js';
import { PgStorePages } from './store-pages.js';

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(724011)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const applied = new Set(rows.map((r) => r.version));
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      for (const sql of m.postgres) await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

class PgMeta implements MetaRepository {
  constructor(private readonly pool: pg.Pool) {}
  async get(key: string): Promise<string | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]),
    );
    return rows[0]?.value;
  }
  async set(key: string, value: string): Promise<void> {
    await guarded(() =>
      this.pool.query(
        'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      ),
    );
  }
}

export interface PgOptions {
  /** Pool size; default 10. */
  max?: number;
  /** How searches find stores (env PG_SEARCH): the in-memory replica (default) or PostGIS. */
  search?: PgSearch;
}

export async function openPostgres(url: string, options: PgOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    application_name: 'locator',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  await migratePostgres(pool);
  // Store searches on their own connections: bitmap scans off, so the planner walks the GiST
  // index in distance order (see db/postgres/stores.ts); JIT off, as its compile time would
  // dwarf a millisecond query; the prepared search's generic plan always (no re-planning).
  const searchPool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    application_name: 'locator-search',
    options: '-c enable_bitmapscan=off -c jit=off -c plan_cache_mode=force_generic_plan',
  });
  searchPool.on('error', () => undefined);
  const events = new PgEventRepository(pool);
  const stores = new PgStoreRepository(pool, searchPool, undefined, options.search ?? 'memory');
  return {
    dialect: 'postgres',
    stores,
    meta: new PgMeta(pool),
    statistics: new EventStatistics(events),
    events,
    pages: new PgStorePages(pool),
    async ping() {
      await guarded(() => pool.query('SELECT 1'));
    },
    async close() {
      stores.closing();
      await Promise.all([pool.end(), searchPool.end()]);
    },
  };
}
