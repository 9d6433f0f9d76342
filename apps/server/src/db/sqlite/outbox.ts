/**
 * The outbox (../outbox.ts) on SQLite: the shared repository's statements run on the
 * connection, and the rows a change makes are written inside its transaction.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { OUTBOX_INSERT, outboxParams, type OutboxRow, type SqlRunner } from '../outbox.js';
import { sqliteGuard } from './errors.js';

type Db = BetterSqlite3.Database;

export function sqliteRunner(db: Db): SqlRunner {
  return {
    rows: async (sql, params) =>
      sqliteGuard(() => db.prepare(sql).all(...params) as Record<string, unknown>[]),
    run: async (sql, params) => sqliteGuard(() => db.prepare(sql).run(...params).changes),
  };
}

/** Inside a write transaction: the change's deliveries. */
export function writeOutbox(db: Db, rows: readonly OutboxRow[]): void {
  if (rows.length === 0) return;
  const insert = db.prepare(OUTBOX_INSERT);
  const now = Date.now();
  for (const row of rows) insert.run(...outboxParams(row, now));
}
