/**
 * The maps benchmark's server: the real app (buildApp) with the embedded engine, listening on
 * loopback, in its own processes (WORKERS) so that the load generator does not share their event
 * loops. `BENCH_MAPS_CACHE=<entries>` puts the production answer cache in front of the engine
 * (0, the default here, measures the engine on every request). GET /bench/ceiling answers a
 * precomputed autocomplete body of the same size with the same headers: the framework's floor.
 * Prints `READY <port> <pid> <workers>` when every process listens.
 */
import type { MapsProvider } from '@locator/geo';
import { loadEmbeddedProvider } from '@locator/geo';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { runServer, type Serving } from '../../apps/server/src/cluster.js';
import { availableParallelism } from 'node:os';

const CEILING_SAMPLE = '/api/v1/maps/autocomplete?q=san&countries=US&lang=en';

/** Served as `npm start` does with WORKERS (default here "auto": one process per core). */
const WORKERS = process.env.BENCH_WORKERS ?? 'auto';

async function serve(): Promise<Serving> {
  const cacheEntries = Number(process.env.BENCH_MAPS_CACHE ?? 0);
  let maps: MapsProvider = await loadEmbeddedProvider();
  if (cacheEntries > 0) {
    const { withAnswerCache } = await import('../../apps/server/src/modules/maps/cache.js');
    maps = withAnswerCache(maps, { entries: cacheEntries });
  }
  const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), maps, logger: false });
  let body = '';
  app.get('/bench/ceiling', async (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/json; charset=utf-8')
      .send(body),
  );
  body = (await app.inject(CEILING_SAMPLE)).body;
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => app.close() };
}

async function main(): Promise<void> {
  const workers = WORKERS === 'auto' ? availableParallelism() : Number(WORKERS);
  await runServer({
    workers,
    serve,
    // Exits cleanly on a signal (so `node --cpu-prof` writes its profiles).
    onListening: (port) => process.stdout.write(`READY ${port} ${process.pid} ${workers}\n`),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
