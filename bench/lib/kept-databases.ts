/**
 * The databases a benchmark keeps between runs (its data is slow to make): a SQLite file under
 * data/bench and a PostgreSQL database on the machine's server (BENCH_PG_ADMIN_URL), created
 * when missing; and which of its queries went over their budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import type { Database } from '../../apps/server/src/db/types.js';

export const PG_ADMIN =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of a database on the machine's server. */
export const pgUrl = (database: string): string => PG_ADMIN.replace(/\/[^/]*$/, `/${database}`);

/** Runs `run` on the SQLite file, then on the PostgreSQL database (created when missing). */
export async function onKeptDatabases<T>(
  sqliteFile: string,
  pgDatabase: string,
  run: (db: Database) => Promise<T>,
): Promise<{ sqlite: T; postgres: T }> {
  mkdirSync(dirname(sqliteFile), { recursive: true });
  const sqlite = openSqlite(sqliteFile);
  let onSqlite: T;
  try {
    onSqlite = await run(sqlite);
  } finally {
    await sqlite.close();
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [pgDatabase]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${pgDatabase}`);
  } finally {
    await admin.end();
  }
  const postgres = await openPostgres(pgUrl(pgDatabase));
  try {
    return { sqlite: onSqlite, postgres: await run(postgres) };
  } finally {
    await postgres.close();
  }
}

/** "sqlite name" of every query whose p95 is over the budget. */
export function overBudget(
  results: Record<string, { queries: Record<string, unknown> }>,
  budgetMs: number,
): string[] {
  return Object.entries(results).flatMap(([dialect, r]) =>
    Object.entries(r.queries as Record<string, { p95Ms: number }>)
      .filter(([, q]) => q.p95Ms > budgetMs)
      .map(([name]) => `${dialect} ${name}`),
  );
}

/** The machine's load average, two decimals. */
export const loadAverage = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

/**
 * Writes bench/results/<name> with the figures of both databases, the queries over budget and
 * the machine's load before and now; exit code 1 when a query is over budget.
 */
export function writeBudgetReport(
  name: string,
  fields: Record<string, unknown>,
  results: Record<string, { queries: Record<string, unknown> }>,
  budgetMs: number,
  loadBefore: number[],
  log: (line: string) => void,
): void {
  const over = overBudget(results, budgetMs);
  const report = {
    date: new Date().toISOString(),
    ...fields,
    budgetP95Ms: budgetMs,
    machine: {
      cpus: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
    },
    ...results,
    overBudget: over,
  };
  mkdirSync(join('bench', 'results'), { recursive: true });
  const file = join('bench', 'results', name);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${file}${over.length ? `; over ${budgetMs} ms: ${over.join(', ')}` : ''}`);
  if (over.length) process.exitCode = 1;
}
