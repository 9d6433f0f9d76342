/**
 * The benchmark's server process: the real app (buildApp + services) over the bench database,
 * plus GET /bench/ceiling answering a precomputed search response of the same size with the
 * same headers (the ceiling the search is compared with).
 */
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { openSqlite } from '../../apps/server/src/db/sqlite/index.js';
import { openPostgres } from '../../apps/server/src/db/postgres/index.js';
import { PG_URL, SQLITE_FILE } from './data.js';

async function main(): Promise<void> {
  const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
  const db =
    kind === 'postgres'
      ? await openPostgres(PG_URL, { max: Number(process.env.BENCH_PG_POOL ?? 8) })
      : openSqlite(SQLITE_FILE);
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: process.env.PORT ?? '0', HOST: '127.0.0.1' });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
  });
  const services = await createServices(env, settings, { database: db });
  const app = await buildApp({ env, api: services.api, logger: false });
  const sample = process.env.BENCH_SAMPLE_PATH ?? '';
  let body = '';
  let etag = '';
  app.get('/bench/ceiling', async (_req, reply) =>
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=60')
      .type('application/json; charset=utf-8')
      .send(body),
  );
  const res = await app.inject(sample);
  body = res.body;
  etag = String(res.headers.etag);
  await app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`READY ${port} ${body.length}\n`);
  // Exit cleanly on a signal (so `node --cpu-prof` writes its profile).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void app.close().finally(() => process.exit(0));
    });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
