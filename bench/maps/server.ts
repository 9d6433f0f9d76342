/**
 * The maps benchmark's server process: the real app (buildApp) with the embedded engine,
 * listening on loopback, in its own process so that the load generator does not share its event
 * loop. `BENCH_MAPS_CACHE=<entries>` puts the production answer cache in front of the engine
 * (0, the default here, measures the engine on every request). GET /bench/ceiling answers a
 * precomputed autocomplete body of the same size with the same headers: the framework's floor.
 * Prints `READY <port> <pid>` when listening.
 */
import type { MapsProvider } from '@locator/geo';
import { loadEmbeddedProvider } from '@locator/geo';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';

const CEILING_SAMPLE = '/api/v1/maps/autocomplete?q=san&countries=US&lang=en';

async function main(): Promise<void> {
  const cacheEntries = Number(process.env.BENCH_MAPS_CACHE ?? 0);
  let maps: MapsProvider = await loadEmbeddedProvider();
  if (cacheEntries > 0) {
    const { withAnswerCache } = await import('../../apps/server/src/maps/cache.js');
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`READY ${port} ${process.pid}\n`);
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
