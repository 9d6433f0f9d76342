/** The outbox (../outbox.ts) on SQLite: the rows a change makes, written inside its transaction. */
import type BetterSqlite3 from 'better-sqlite3';
import { outboxInserts, type OutboxRow } from '../outbox.js';
import { queryBuilder } from '../query/builder.js';

const builder = queryBuilder('sqlite');

/** Inside a write transaction: the change's deliveries. */
export function writeOutbox(db: BetterSqlite3.Database, rows: readonly OutboxRow[]): void {
  if (rows.length === 0) return;
  for (const { sql, parameters } of outboxInserts(builder, rows, Date.now()))
    db.prepare(sql).run(...parameters);
}
