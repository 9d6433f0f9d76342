/**
 * The shared repositories' statements on PostgreSQL (../query/runner.ts): on the pool, a
 * transaction on one client between BEGIN and COMMIT (rolled back when a statement fails).
 */
import type pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { queryBuilder } from './builder.js';
import { drive, type QueryRunner, type StatementResult, type Work } from './runner.js';
import { withClient } from '../postgres-client.js';
import { guarded } from '../errors.js';

const on =
  (client: pg.Pool | pg.PoolClient) =>
  async (query: CompiledQuery): Promise<StatementResult> => {
    const result = await client.query(query.sql, query.parameters as unknown[]);
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  };

export function pgQueryRunner(pool: pg.Pool): QueryRunner {
  const inTransaction = <T>(begin: string, work: Work<T>): Promise<T> =>
    withClient(pool, async (client) => {
      await client.query(begin);
      try {
        const value = await drive(work, on(client));
        await client.query('COMMIT');
        return value;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  return {
    dialect: 'postgres',
    db: queryBuilder('postgres'),
    run: <T>(work: Work<T>) => guarded(() => drive(work, on(pool))),
    transaction: <T>(work: Work<T>) => inTransaction('BEGIN', work),
    snapshot: <T>(work: Work<T>) =>
      inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', work),
  };
}
