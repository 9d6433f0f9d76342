/**
 * The benchmark's server: the real app (buildApp + services) over the bench database, plus
 * GET /bench/ceiling answering a precomputed search response of the same size with the same
 * headers (the ceiling the search is compared with).
 */
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { clearDocumentsFolder } from '../../apps/server/src/modules/search/store-documents-file.js';
import { DOCUMENTS_FILE_FROM_BYTES } from '../../apps/server/src/modules/search/store-index-builder.js';
import { runServer, type Serving } from '../../apps/server/src/cluster.js';
import { BENCH_DIR, PG_URL, SQLITE_FILE, STORES } from './data.js';
import { addCeiling } from './ceiling.js';

/**
 * The benchmark serves as `npm start` does with WORKERS (default here "auto": one process per
 * core), the search and the ceiling alike.
 */
const WORKERS = process.env.BENCH_WORKERS ?? 'auto';

/**
 * The machine's store documents folder, as the server's data folder has one: the documents go
 * to a file there from the server's default size on (DOCUMENTS_FILE_FROM_BYTES).
 */
const STORE_DOCUMENTS_FOLDER = join(BENCH_DIR, `store-documents-${STORES}`);
const STORE_DOCUMENTS = { folder: STORE_DOCUMENTS_FOLDER, fromBytes: DOCUMENTS_FILE_FROM_BYTES };

async function serve(): Promise<Serving> {
  const kind = process.env.BENCH_DB ?? 'sqlite';
  const db =
    kind === 'postgres'
      ? await openPostgres(PG_URL, {
          max: Number(process.env.BENCH_PG_POOL ?? 8),
          storeDocuments: STORE_DOCUMENTS,
        })
      : openSqlite(SQLITE_FILE, { storeDocuments: STORE_DOCUMENTS });
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: process.env.PORT ?? '0', HOST: '127.0.0.1' });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
  });
  const services = await createServices(env, settings, { database: db });
  // createServices built this worker's store index; the benchmark reports how long that took.
  process.stdout.write(`INDEX ${process.pid} ${db.search.state().buildMs ?? -1}\n`);
  const app = await buildApp({ env, modules: services.modules, logger: false });
  await addCeiling(app, process.env.BENCH_SAMPLE_PATH ?? '');
  await app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: async () => {
      await app.close();
      await services.close();
    },
  };
}

async function main(): Promise<void> {
  const workers = WORKERS === 'auto' ? availableParallelism() : Number(WORKERS);
  if (cluster.isPrimary) clearDocumentsFolder(STORE_DOCUMENTS_FOLDER);
  await runServer({
    workers,
    serve,
    // Exits cleanly on a signal (so `node --cpu-prof` writes its profiles).
    onListening: (port) => process.stdout.write(`READY ${port} ${workers}\n`),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
