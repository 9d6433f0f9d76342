/**
 * The two databases every repository and API test runs against: a temporary SQLite file and
 * a PostgreSQL database of the worker's (created here for each test file, a copy of a template
 * made once per run). If PostgreSQL is not available the tests fail
 * with a clear message; they are never skipped.
 */
import type { FollowerOptions } from '../../src/modules/search/store-follower.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openSqlite } from '../../src/db/sqlite-database.js';
import { openPostgres } from '../../src/db/postgres-database.js';
import type { Database } from '../../src/db/types.js';

export const PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** TEST_PG_DB: another prefix for the test databases (two runs on one machine must not share). */
const PG_RUN_DB = process.env.TEST_PG_DB ?? 'locator_test';
if (!/^[a-z_][a-z0-9_]*$/.test(PG_RUN_DB)) throw new Error('TEST_PG_DB must be a plain name');
/**
 * Test files run side by side, one per Vitest worker: each worker has its own database
 * (`locator_test_1`, `locator_test_2`…), remade for each of its files, so that one file's
 * fresh copy or outage never touches another's connections.
 */
export const PG_TEST_DB = `${PG_RUN_DB}_${process.env.VITEST_POOL_ID ?? '0'}`;
export const PG_TEST_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${PG_TEST_DB}`);

export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/** Made once per run (postgres-template.ts, the API tier's global set-up). */
export const PG_TEMPLATE_DB = `${PG_RUN_DB}_template`;

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is required for the API tests and is not reachable at ${PG_ADMIN_URL} ` +
        `(${(err as Error).message}). Start PostgreSQL 15, or set TEST_PG_ADMIN_URL.`,
    );
  }
  return admin;
}

/** Creates the template database (fresh each run); dropped by the returned function. */
export async function createPostgresTemplate(): Promise<() => Promise<void>> {
  const admin = await adminClient();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  return async () => {
    const a = await adminClient();
    try {
      await a.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    } finally {
      await a.end();
    }
  };
}

let pgReady: Promise<void> | undefined;

/**
 * Creates the worker's database, a copy of the template: a fresh schema for each test file.
 */
export function preparePostgres(): Promise<void> {
  pgReady ??= (async () => {
    const admin = await adminClient();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${PG_TEST_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${PG_TEST_DB} TEMPLATE ${PG_TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
  })();
  return pgReady;
}

export interface TestDb {
  db: Database;
  /** The SQLite file (sqlite only), for a second connection. */
  file?: string;
  cleanup(): Promise<void>;
}

export async function openTestDb(
  dialect: Dialect,
  url = PG_TEST_URL,
  options: { follow?: FollowerOptions; storeDocuments?: string } = {},
): Promise<TestDb> {
  // A documents folder given: the documents go to a file there whatever their size.
  const storeDocuments =
    options.storeDocuments === undefined
      ? undefined
      : { folder: options.storeDocuments, fromBytes: 0 };
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'locator-test-'));
    const file = join(dir, 'test.sqlite');
    const db = openSqlite(file, { follow: options.follow, storeDocuments });
    return {
      db,
      file,
      async cleanup() {
        await db.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await preparePostgres();
  const db = await openPostgres(url, {
    max: 4,
    follow: options.follow,
    storeDocuments,
  });
  return {
    db,
    async cleanup() {
      await db.close().catch(() => undefined);
    },
  };
}
