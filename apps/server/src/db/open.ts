/** Opens the configured database: PostgreSQL when DATABASE_URL names one, else the SQLite file. */
import { join } from 'node:path';
import type { Database } from './types.js';
import { openSqlite } from './sqlite-database.js';
import { openPostgres } from './postgres-database.js';
import { DOCUMENTS_FILE_FROM_BYTES } from '../modules/search/store-index-builder.js';

export const SQLITE_FILE_NAME = 'locator.sqlite';

/**
 * The data folder's store documents folder: the store index's documents as files read by every
 * worker of the machine (modules/search/store-documents.ts).
 */
export const storeDocumentsFolder = (dataDir: string): string => join(dataDir, 'store-documents');

export async function openDatabase(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<Database> {
  const storeDocuments = {
    folder: storeDocumentsFolder(env.DATA_DIR),
    fromBytes: DOCUMENTS_FILE_FROM_BYTES,
  };
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { storeDocuments });
  return openSqlite(join(env.DATA_DIR, SQLITE_FILE_NAME), { storeDocuments });
}
