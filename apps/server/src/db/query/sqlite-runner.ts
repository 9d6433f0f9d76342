/**
 * The shared repositories' statements on SQLite (../query/runner.ts): run synchronously on the
 * connection, a transaction inside one better-sqlite3 transaction, begun IMMEDIATE (every
 * shared transaction writes: the write lock is taken at its start, never asked for midway). Prepared statements are kept
 * by their SQL (the builder compiles the same text for the same query shape).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import { queryBuilder } from './builder.js';
import { driveSync, type QueryRunner, type StatementResult, type Work } from './runner.js';
import { sqliteGuard } from '../errors.js';

export function sqliteQueryRunner(db: BetterSqlite3.Database): QueryRunner {
  const prepared = new LRUCache<string, BetterSqlite3.Statement>({ max: 500 });
  const execute = (query: CompiledQuery): StatementResult => {
    let statement = prepared.get(query.sql);
    if (!statement) {
      statement = db.prepare(query.sql);
      prepared.set(query.sql, statement);
    }
    const params = query.parameters as unknown[];
    if (statement.reader) {
      const rows = statement.all(...params);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(...params).changes };
  };
  return {
    dialect: 'sqlite',
    db: queryBuilder('sqlite'),
    run: async <T>(work: Work<T>) => sqliteGuard(() => driveSync(work, execute)),
    transaction: async <T>(work: Work<T>) =>
      sqliteGuard(() => db.transaction(() => driveSync(work, execute)).immediate()),
    snapshot: async <T>(work: Work<T>) =>
      sqliteGuard(() => db.transaction(() => driveSync(work, execute)).deferred()),
  };
}
