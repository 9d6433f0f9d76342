/** The embedded database: one SQLite file (better-sqlite3), WAL mode, R*Tree spatial index. */
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from '../migrations.js';
import type { Database, MetaRepository } from '../types.js';
import { EventStatistics } from '../events-statistics.js';
import { SqliteEventRepository } from './events.js';
import { SqliteStoreRepository } from './stores.js';
import { sqliteGuard } from './errors.js';

type Db = BetterSqlite3.Database;

export function migrateSqlite(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      for (const sql of m.sqlite) db.exec(sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
  }
}

class SqliteMeta implements MetaRepository {
  private readonly getStmt;
  private readonly setStmt;
  constructor(db: Db) {
    this.getStmt = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    this.setStmt = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
  }
  async get(key: string): Promise<string | undefined> {
    return sqliteGuard(() => this.getStmt.get(key) as string | undefined);
  }
  async set(key: string, value: string): Promise<void> {
    sqliteGuard(() => this.setStmt.run(key, value));
  }
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Page cache up to 256 MB: a search reads ~99 documents scattered over the stores table.
  db.pragma('cache_size = -262144');
  migrateSqlite(db);
  const stores = new SqliteStoreRepository(db);
  const events = new SqliteEventRepository(db);
  return {
    dialect: 'sqlite',
    stores,
    meta: new SqliteMeta(db),
    statistics: new EventStatistics(events),
    events,
    async ping() {
      sqliteGuard(() => db.prepare('SELECT 1').get());
    },
    async close() {
      db.close();
    },
  };
}
