/**
 * The outbox (../outbox.ts) on PostgreSQL: the rows a change makes, written inside its
 * transaction, on its client.
 */
import type pg from 'pg';
import { outboxInserts, type OutboxRow } from '../outbox.js';
import { queryBuilder } from '../query/builder.js';

const builder = queryBuilder('postgres');

/** Inside a write transaction: the change's deliveries. */
export async function writeOutbox(
  client: pg.PoolClient,
  rows: readonly OutboxRow[],
): Promise<void> {
  if (rows.length === 0) return;
  for (const { sql, parameters } of outboxInserts(builder, rows, Date.now()))
    await client.query(sql, parameters as unknown[]);
}
