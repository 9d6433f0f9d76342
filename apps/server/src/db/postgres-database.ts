/**
 * PostgreSQL (no extension needed): a pg connection pool, reconnecting on demand, so the server recovers
 * by itself when the database comes back. Store searches are answered by the in-memory store
 * index (../modules/search/store-follower.ts), which keeps answering while the database is unreachable.
 */
import pg from 'pg';
import type { Database } from './types.js';
import { EventStatistics } from '../modules/analytics/events-statistics.js';
import { SqlEventRepository } from '../modules/analytics/event-repository.js';
import { SqlStoreRepository } from '../modules/stores/repository.js';
import { pgIndexReads } from '../modules/search/index-reads.js';
import type { DocumentsPlace } from '../modules/search/store-index-builder.js';
import { migratePostgres } from './migrate.js';
import { StoreFollower, type FollowerOptions } from '../modules/search/store-follower.js';
import { SqlStoreWrites } from '../modules/stores/change-writer.js';
import { SqlAdminRepository } from '../modules/admin/sql-repository.js';
import { SqlStoreTable } from '../modules/stores/table-repository.js';
import { SqlAccountRepository } from '../modules/console/account-repository.js';
import { pgQueryRunner } from './query/postgres-runner.js';
import { guarded } from './errors.js';
import { SqlStorePages } from '../modules/pages/repository.js';
import { SqlMeta } from './meta.js';
import { ChangeFeed, type WriteCallback } from '../modules/stores/changes.js';
import { SqlOutbox } from './outbox.js';

export interface PgOptions {
  /** Pool size; default 10. */
  max?: number;
  /** The store search's clock and check interval (tests). */
  follow?: FollowerOptions;
  /** Where the store index keeps its documents (as SqliteOptions.storeDocuments). */
  storeDocuments?: DocumentsPlace;
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
  const stores = new SqlStoreRepository(sql, pgIndexReads(pool, options.storeDocuments), written);
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
