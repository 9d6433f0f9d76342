/**
 * The embedded database: one SQLite file (better-sqlite3), WAL mode; reopened by itself when
 * the file comes back after an outage. Store searches are answered by the in-memory store index
 * (../modules/search/store-follower.ts), which keeps answering while the file is unusable.
 */
import BetterSqlite3 from 'better-sqlite3';
import {
  accessSync,
  closeSync,
  constants as fsConstants,
  mkdirSync,
  openSync,
  readSync,
  statSync,
} from 'node:fs';
import { ApiError } from '@locator/core';
import { dirname } from 'node:path';
import type { Database } from './types.js';
import { EventStatistics } from '../modules/analytics/events-statistics.js';
import { SqlEventRepository } from '../modules/analytics/event-repository.js';
import { SqlStoreRepository } from '../modules/stores/repository.js';
import { sqliteIndexReads } from '../modules/search/index-reads.js';
import type { DocumentsPlace } from '../modules/search/store-index-builder.js';
import { migrateSqlite } from './migrate.js';
import { SqlStoreWrites } from '../modules/stores/change-writer.js';
import { SqlAdminRepository } from '../modules/admin/sql-repository.js';
import { SqlStoreTable } from '../modules/stores/table-repository.js';
import { SqlAccountRepository } from '../modules/console/account-repository.js';
import { sqliteQueryRunner } from './query/sqlite-runner.js';
import { SqlStorePages } from '../modules/pages/repository.js';
import { SqlMeta } from './meta.js';
import { SqliteBusy, sqliteGuard } from './errors.js';
import { StoreFollower, type FollowerOptions } from '../modules/search/store-follower.js';
import { ChangeFeed, type OutboxRowsFor, type WriteCallback } from '../modules/stores/changes.js';
import { SqlOutbox } from './outbox.js';

type Db = BetterSqlite3.Database;

/** The repositories of one open connection. */
interface Handle {
  db: Db;
  /** Inode of the file when opened (0 in memory): a replaced file means reopening. */
  ino: number;
  stores: SqlStoreRepository;
  storeWrites: SqlStoreWrites;
  admin: SqlAdminRepository;
  accounts: SqlAccountRepository;
  meta: SqlMeta;
  events: SqlEventRepository;
  pages: SqlStorePages;
  webhookOutbox: SqlOutbox;
  forwardOutbox: SqlOutbox;
}

export interface SqliteOptions {
  /**
   * How often (ms) the file is checked while open, and reopening is tried while it is not
   * usable. Default 250.
   */
  checkIntervalMs?: number;
  /** The store search's clock and check interval (tests). */
  follow?: FollowerOptions;
  /**
   * How long (ms) a call waits for a lock another process holds (an import's write) before it
   * answers DATABASE_UNAVAILABLE. Default 5000.
   */
  busyWaitMs?: number;
  /**
   * Where the store index keeps its documents: from a size, in a file of the machine's
   * documents folder, one copy for the machine's workers (../modules/search/store-documents.ts);
   * without it, in memory.
   */
  storeDocuments?: DocumentsPlace;
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether the file begins as every SQLite database does. */
function isSqliteFile(file: string): boolean {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/** The pause before each new attempt at a locked call: 2 ms, doubling, at most 50 ms. */
const busyPause = (attempt: number): number => Math.min(50, 2 ** (attempt + 1));

function openHandle(
  file: string,
  mustExist: boolean,
  onWrite: WriteCallback,
  outboxRows: OutboxRowsFor,
  documents: DocumentsPlace | undefined,
): Handle {
  const db = new BetterSqlite3(file, { fileMustExist: mustExist });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // Page cache up to 64 MB (imports: the stores table and its indexes); searches read the
    // in-memory store index, not the table.
    db.pragma('cache_size = -65536');
    // Opening may wait for another process's lock (migrations); serving never does: a
    // statement that needs a lock held elsewhere fails at once, and its call waits for the
    // lock between attempts, off the event loop (`forward`).
    db.pragma('busy_timeout = 5000');
    migrateSqlite(db);
    db.pragma('busy_timeout = 0');
    const sql = sqliteQueryRunner(db);
    const stores = new SqlStoreRepository(sql, sqliteIndexReads(db, documents), onWrite);
    return {
      db,
      ino: file === ':memory:' ? 0 : statSync(file).ino,
      stores,
      storeWrites: new SqlStoreWrites(sql, onWrite, outboxRows),
      admin: new SqlAdminRepository(sql, new SqlStoreTable(sql), onWrite, outboxRows),
      accounts: new SqlAccountRepository(sql),
      meta: new SqlMeta(sql),
      events: new SqlEventRepository(sql),
      pages: new SqlStorePages(sql),
      webhookOutbox: new SqlOutbox(sql, 'webhook'),
      forwardOutbox: new SqlOutbox(sql, 'analytics'),
    };
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The SQLite file as the server uses it: one connection, reopened when the file becomes usable
 * again. While open, the file is checked at most every `checkIntervalMs` (still there, the same
 * file, readable and writable); a failed check or an I/O-level SQLite error closes the
 * connection, and calls answer DATABASE_UNAVAILABLE at once (no waiting) until a reopen
 * (tried at most every `checkIntervalMs`, on demand) succeeds. No restart needed.
 */
class SqliteConnection {
  private handle: Handle | undefined;
  private checkedAt = Date.now();
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly intervalMs: number,
    private readonly onWrite: WriteCallback,
    private readonly outboxRows: OutboxRowsFor,
    private readonly documents: DocumentsPlace | undefined,
  ) {
    this.handle = openHandle(file, false, onWrite, outboxRows, documents);
  }

  private usable(h: Handle): boolean {
    if (this.file === ':memory:') return true;
    try {
      accessSync(this.file, fsConstants.R_OK | fsConstants.W_OK);
      const st = statSync(this.file);
      // access() always succeeds for root: also treat a file nobody may read as unreadable.
      return st.ino === h.ino && (st.mode & 0o444) !== 0;
    } catch {
      return false;
    }
  }

  private drop(): void {
    const h = this.handle;
    this.handle = undefined;
    this.retryAt = Date.now() + this.intervalMs;
    try {
      h?.db.close();
    } catch {
      // Already unusable.
    }
  }

  /** The open connection's repositories, or DATABASE_UNAVAILABLE. */
  current(): Handle {
    if (this.closed) throw new ApiError('DATABASE_UNAVAILABLE');
    const now = Date.now();
    if (this.handle && now - this.checkedAt >= this.intervalMs) {
      this.checkedAt = now;
      if (!this.usable(this.handle)) this.drop();
    }
    if (!this.handle) {
      if (now < this.retryAt) throw new ApiError('DATABASE_UNAVAILABLE');
      this.retryAt = now + this.intervalMs;
      let handle: Handle;
      try {
        // The file must exist: a missing file is an outage, not a new empty database. And it
        // must be a database: SQLite would read a foreign file through the write-ahead log the
        // former file left beside it, and write into it.
        if (!isSqliteFile(this.file)) throw new Error('not a SQLite database');
        handle = openHandle(this.file, true, this.onWrite, this.outboxRows, this.documents);
      } catch {
        throw new ApiError('DATABASE_UNAVAILABLE');
      }
      // Root opens an unreadable file all the same: the file must pass the same check.
      if (!this.usable(handle)) {
        handle.db.close();
        throw new ApiError('DATABASE_UNAVAILABLE');
      }
      this.handle = handle;
      this.checkedAt = now;
    }
    return this.handle;
  }

  /**
   * After a DATABASE_UNAVAILABLE from SQLite: drop the connection unless the file is fine.
   * True when there is no usable connection (an outage, not just a lock held elsewhere).
   */
  failed(): boolean {
    if (this.handle && !this.usable(this.handle)) this.drop();
    return this.handle === undefined;
  }

  close(): void {
    this.closed = true;
    this.handle?.db.close();
    this.handle = undefined;
  }
}

/** A repository whose every (async) method runs on the connection's current repository. */
function forward<
  K extends
    | 'stores'
    | 'storeWrites'
    | 'admin'
    | 'accounts'
    | 'meta'
    | 'events'
    | 'pages'
    | 'webhookOutbox'
    | 'forwardOutbox',
>(conn: SqliteConnection, key: K, busyWaitMs: number): Handle[K] {
  return new Proxy({} as Handle[K], {
    get(target, prop, receiver) {
      // Own properties (a test's stand-in method) win.
      if (Reflect.has(target, prop)) return Reflect.get(target, prop, receiver) as unknown;
      // Not a thenable, nothing for symbols: only the repository's methods forward.
      if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') return undefined;
      return async (...args: unknown[]) => {
        const repo = conn.current()[key] as unknown as Record<
          PropertyKey,
          (...a: unknown[]) => Promise<unknown>
        >;
        const started = Date.now();
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await repo[prop]!(...args);
          } catch (err) {
            // A lock held elsewhere: the call changed nothing (its transaction, if any, rolled
            // back); it is tried again after a pause, the event loop serving meanwhile.
            // Unless the file itself is unusable: an outage answers at once.
            if (err instanceof SqliteBusy) {
              if (!conn.failed() && Date.now() - started < busyWaitMs) {
                await new Promise((r) => setTimeout(r, busyPause(attempt)));
                continue;
              }
              throw new ApiError('DATABASE_UNAVAILABLE');
            }
            if (err instanceof ApiError && err.code === 'DATABASE_UNAVAILABLE') conn.failed();
            throw err;
          }
        }
      };
    },
  });
}

export function openSqlite(file: string, options: SqliteOptions = {}): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // The search outlives reconnections: it keeps answering from its index while the file is
  // unusable (see ../modules/search/store-follower.ts).
  // Writes are only possible once `search` exists (the callback runs after a write).
  const changes = new ChangeFeed();
  const conn = new SqliteConnection(
    file,
    options.checkIntervalMs ?? 250,
    (change) => {
      search.invalidate(change);
      if (change) changes.emit(change);
    },
    changes.outboxRows,
    options.storeDocuments,
  );
  const busyWaitMs = options.busyWaitMs ?? 5000;
  const stores = forward(conn, 'stores', busyWaitMs);
  const search = new StoreFollower(stores, options.follow);
  const events = forward(conn, 'events', busyWaitMs);
  return {
    dialect: 'sqlite',
    stores,
    search,
    storeWrites: forward(conn, 'storeWrites', busyWaitMs),
    admin: forward(conn, 'admin', busyWaitMs),
    accounts: forward(conn, 'accounts', busyWaitMs),
    meta: forward(conn, 'meta', busyWaitMs),
    statistics: new EventStatistics(events),
    events,
    pages: forward(conn, 'pages', busyWaitMs),
    webhookOutbox: forward(conn, 'webhookOutbox', busyWaitMs),
    forwardOutbox: forward(conn, 'forwardOutbox', busyWaitMs),
    changes,
    async ping() {
      const { db } = conn.current();
      try {
        sqliteGuard(() => db.prepare('SELECT 1').get());
      } catch (err) {
        conn.failed();
        throw err;
      }
    },
    async close() {
      search.close();
      conn.close();
    },
  };
}
