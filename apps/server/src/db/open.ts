/** Opens the configured database: PostgreSQL when DATABASE_URL names one, else the SQLite file. */
import { join } from 'node:path';
import type { Database } from './types.js';
import { openSqlite } from './sqlite-database.js';
import { openPostgres } from './postgres-database.js';

export const SQLITE_FILE_NAME = 'locator.sqlite';

export async function openDatabase(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openSqlite(join(env.DATA_DIR, SQLITE_FILE_NAME));
}
