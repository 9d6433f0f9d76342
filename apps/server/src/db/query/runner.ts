/**
 * How the shared repositories run their statements (docs/ARCHITECTURE.md, "One repository
 * layer"). A repository method is written once, as a generator that yields compiled statements
 * and receives their results; each database's runner drives it:
 * - SQLite (./sqlite-runner.ts) runs the statements synchronously on the shared
 *   connection, a transaction inside one better-sqlite3 transaction: nothing else on the
 *   connection can run between its statements, as it could between the awaits of an
 *   asynchronous transaction;
 * - PostgreSQL (./postgres-runner.ts) runs them on the pool, a transaction on one
 *   client between BEGIN and COMMIT.
 *
 * ```ts
 * const id = await sql.transaction(function* () {
 *   const row = yield* first(sql.db.updateTable('t').set(...).returning('id'));
 *   if (row) yield* changes(sql.db.deleteFrom('u').where('t_id', '=', row.id));
 *   return row?.id;
 * }());
 * ```
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Schema } from './schema.js';
import type { SqlDialect } from './builder.js';

/** What a statement gave: its rows (a SELECT or RETURNING) and the rows it changed. */
export interface StatementResult {
  rows: readonly unknown[];
  changes: number;
}

/** A unit of work: statements yielded one by one, each answered with its result. */
export type Work<T> = Generator<CompiledQuery, T, StatementResult>;

export interface QueryRunner {
  readonly dialect: SqlDialect;
  /** Builds statements in this database's SQL. */
  readonly db: Kysely<Schema>;
  /** Runs the work's statements, each on its own. */
  run<T>(work: Work<T>): Promise<T>;
  /** Runs the work's statements as one transaction: all or none. */
  transaction<T>(work: Work<T>): Promise<T>;
  /**
   * Runs the work's reads in one snapshot, taking no write lock: on SQLite a deferred
   * transaction; on PostgreSQL a REPEATABLE READ, READ ONLY transaction on one client.
   */
  snapshot<T>(work: Work<T>): Promise<T>;
}

/**
 * A statement written as SQL text, for SQL generated elsewhere (the demand roll-ups' and cube's,
 * with the database's placeholders).
 */
export function rawQuery<R = Record<string, unknown>>(
  text: string,
  params: readonly unknown[] = [],
): Compilable<R> {
  const compiled = CompiledQuery.raw(text, params as unknown[]) as CompiledQuery<R>;
  return { compile: () => compiled };
}

/** A statement compiled once, for a query read often whose SQL and parameters never change. */
export function compiledOnce<R>(query: Compilable<R>): Compilable<R> {
  const compiled = query.compile();
  return { compile: () => compiled };
}

/** The rows a statement returns. */
export function* all<R>(query: Compilable<R>): Work<R[]> {
  return (yield query.compile()).rows as R[];
}

/** The first row a statement returns, if any. */
export function* first<R>(query: Compilable<R>): Work<R | undefined> {
  return (yield query.compile()).rows[0] as R | undefined;
}

/** How many rows a statement inserted, changed or deleted. */
export function* changes(query: Compilable<unknown>): Work<number> {
  return (yield query.compile()).changes;
}

/** Runs a work to its end, synchronously, answering each statement with `execute`. */
export function driveSync<T>(work: Work<T>, execute: (q: CompiledQuery) => StatementResult): T {
  let step = work.next();
  while (!step.done) step = work.next(execute(step.value));
  return step.value;
}

/** Runs a work to its end, answering each statement with `execute`. */
export async function drive<T>(
  work: Work<T>,
  execute: (q: CompiledQuery) => Promise<StatementResult>,
): Promise<T> {
  let step = work.next();
  while (!step.done) step = work.next(await execute(step.value));
  return step.value;
}
