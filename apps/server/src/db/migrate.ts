/**
 * Applies the migration list (./migrations.ts) on each database, a dialect case side by side:
 * every migration not yet recorded in schema_migrations runs with its statements for that
 * database, in order, then is recorded. SQLite: each migration in its own transaction on the
 * opening connection (which may wait for another process's lock while opening). PostgreSQL:
 * all in one transaction under an advisory lock, so that processes starting together migrate
 * once, without the pool's statement timeout.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { MIGRATIONS } from './migrations.js';
import { withClient } from './postgres-client.js';
import { fillPgStoreTable, fillSqliteStoreTable } from '../modules/stores/table-fill.js';

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
      if (m.fillStoreTable) fillSqliteStoreTable(db);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
  }
}

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
