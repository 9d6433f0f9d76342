/**
 * The outbox (../outbox.ts) on PostgreSQL: the shared repository's statements run on
 * the pool (placeholders numbered), and the rows a change makes are written inside its
 * transaction, on its client.
 */
import type pg from 'pg';
import {
  OUTBOX_INSERT,
  numberedPlaceholders,
  outboxParams,
  type OutboxRow,
  type SqlRunner,
} from '../outbox.js';
import { guarded } from './errors.js';

export function pgRunner(pool: pg.Pool): SqlRunner {
  return {
    rows: async (sql, params) =>
      (await guarded(() => pool.query(numberedPlaceholders(sql), [...params]))).rows as Record<
        string,
        unknown
      >[],
    run: async (sql, params) =>
      (await guarded(() => pool.query(numberedPlaceholders(sql), [...params]))).rowCount ?? 0,
  };
}

const INSERT = numberedPlaceholders(OUTBOX_INSERT);

/** Inside a write transaction: the change's deliveries. */
export async function writeOutbox(
  client: pg.PoolClient,
  rows: readonly OutboxRow[],
): Promise<void> {
  const now = Date.now();
  for (const row of rows) await client.query(INSERT, outboxParams(row, now));
}
