/**
 * How each database's stores are read into the store index (the stores' repository asks,
 * ../stores/repository.ts), a dialect case side by side; the reads themselves are
 * ./index-read.ts, also run by the builder thread.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { ApiError } from '@locator/core';
import type { StoreIndexReads } from '../stores/repository.js';
import { StoreIndex } from './store-index.js';
import { buildIndex, type DocumentsPlace } from './store-index-builder.js';
import { readPgStores, readSqliteIndex, readSqliteStores } from './index-read.js';
import { sqliteGuard, guarded } from '../../db/errors.js';

type Db = BetterSqlite3.Database;

/**
 * How the stores are read into the store index on SQLite: by the builder thread on its own
 * connection to the file (every store in one read transaction, through better-sqlite3's row
 * iterator), so the read and the build never hold the event loop; an in-memory database is
 * read here. A patch's few stores are read on this connection.
 */
export function sqliteIndexReads(db: Db, documents?: DocumentsPlace): StoreIndexReads {
  return {
    async loadIndex() {
      if (!db.memory) return buildIndex({ dialect: 'sqlite', file: db.name }, documents);
      const { version, parts } = sqliteGuard(() => readSqliteIndex(db));
      return { version, index: new StoreIndex(parts) };
    },
    async readStores(storeIds) {
      return sqliteGuard(() => readSqliteStores(db, storeIds));
    },
  };
}

/**
 * How the stores are read into the store index on PostgreSQL: by the builder thread on its own
 * connection, every store and the counter from one REPEATABLE READ snapshot in batches (so the
 * build's CPU never holds the event loop); a patch's few stores in one statement on the pool.
 */
export function pgIndexReads(pool: pg.Pool, documents?: DocumentsPlace): StoreIndexReads {
  return {
    async loadIndex() {
      // The builder connects by itself: a database closed here must not be read there.
      if (pool.ending) throw new ApiError('DATABASE_UNAVAILABLE');
      const o = pool.options;
      return buildIndex(
        {
          dialect: 'postgres',
          connection: {
            connectionString: o.connectionString,
            connectionTimeoutMillis: o.connectionTimeoutMillis,
            statement_timeout: o.statement_timeout,
            application_name: 'locator index',
          },
        },
        documents,
      );
    },
    async readStores(storeIds) {
      return guarded(() => readPgStores(pool, storeIds));
    },
  };
}
