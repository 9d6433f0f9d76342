/**
 * PostgreSQL (no extension needed): a pg connection pool, reconnecting on demand, so the server recovers
 * by itself when the database comes back. Store searches are answered by the in-memory store
 * index (../modules/search/store-follower.ts), which keeps answering while the database is unreachable.
 */
import pg from 'pg';
import { ApiError } from '@locator/core';
import { MIGRATIONS } from './migrations.js';
import type { Database } from './types.js';
import { EventStatistics } from '../modules/analytics/events-statistics.js';
import { SqlEventRepository } from '../modules/analytics/event-repository.js';
import { SqlStoreRepository, type StoreIndexReads } from '../modules/stores/repository.js';
import { buildIndex } from '../modules/search/store-index-builder.js';
import { readPgStores } from '../modules/search/index-read.js';
import { StoreFollower, type FollowerOptions } from '../modules/search/store-follower.js';
import { SqlStoreWrites } from '../modules/stores/change-writer.js';
import { SqlAdminRepository } from '../modules/admin/sql-repository.js';
import { SqlStoreTable } from '../modules/stores/table-repository.js';
import { fillPgStoreTable } from '../modules/stores/table-fill.js';
import { SqlAccountRepository } from '../modules/console/account-repository.js';
import { pgQueryRunner } from './query/postgres-runner.js';
import { guarded } from './errors.js';
import { withClient } from './postgres-client.js';
import { SqlStorePages } from '../modules/pages/repository.js';
import { SqlMeta } from './meta.js';
import { ChangeFeed, type WriteCallback } from '../modules/stores/changes.js';
import { SqlOutbox } from './outbox.js';

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  await withClient(pool, async (client) => {
    try {
      await client.query('BEGIN');
      // A migration takes what its data needs (an index over millions of roll-up rows is more
      // than the pool's 10 s a statement); the lock keeps other processes waiting meanwhile.
      await client.query('SET LOCAL statement_timeout = 0');
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
        if (m.fillStoreTable) await fillPgStoreTable(client);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

export interface PgOptions {
  /** Pool size; default 10. */
  max?: number;
  /** The store search's clock and check interval (tests). */
  follow?: FollowerOptions;
}

/**
 * How the stores are read into the store index on PostgreSQL: by the builder thread on its own
 * connection, every store and the counter from one REPEATABLE READ snapshot in batches (so the
 * build's CPU never holds the event loop); a patch's few stores in one statement on the pool.
 */
function pgIndexReads(pool: pg.Pool): StoreIndexReads {
  return {
    async loadIndex() {
      // The builder connects by itself: a database closed here must not be read there.
      if (pool.ending) throw new ApiError('DATABASE_UNAVAILABLE');
      const o = pool.options;
      return buildIndex({
        dialect: 'postgres',
        connection: {
          connectionString: o.connectionString,
          connectionTimeoutMillis: o.connectionTimeoutMillis,
          statement_timeout: o.statement_timeout,
          application_name: 'locator index',
        },
      });
    },
    async readStores(storeIds) {
      return guarded(() => readPgStores(pool, storeIds));
    },
  };
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
  const sql = pgQueryRunner(pool);
  const events = new SqlEventRepository(sql);
  const changes = new ChangeFeed();
  // Writes are only possible once `search` exists (the callback runs after a write).
  const written: WriteCallback = (change) => {
    search.invalidate(change);
    if (change) changes.emit(change);
  };
  const stores = new SqlStoreRepository(sql, pgIndexReads(pool), written);
  const search = new StoreFollower(stores, options.follow);
  return {
    dialect: 'postgres',
    stores,
    search,
    storeWrites: new SqlStoreWrites(sql, written, changes.outboxRows),
    admin: new SqlAdminRepository(sql, new SqlStoreTable(sql), written, changes.outboxRows),
    accounts: new SqlAccountRepository(sql),
    changes,
    meta: new SqlMeta(sql),
    statistics: new EventStatistics(events),
    events,
    pages: new SqlStorePages(sql),
    webhookOutbox: new SqlOutbox(sql, 'webhook'),
    forwardOutbox: new SqlOutbox(sql, 'analytics'),
    async ping() {
      await guarded(() => pool.query('SELECT 1'));
    },
    async close() {
      search.close();
      await pool.end();
    },
  };
}
