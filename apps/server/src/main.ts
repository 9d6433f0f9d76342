/** Starts the locator: `npm start` (see README). */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ConfigError } from './env.js';
import { createMapsProvider } from './maps/provider.js';
import { createServices, prepareDatabase } from './compose.js';
import { loadConfiguration } from './settings.js';
import { runServer, type Serving } from './cluster.js';

async function main(): Promise<void> {
  const { env, settings, analytics, basemap, security, webhooks, sso } = loadConfiguration();
  const tag = cluster.isWorker ? `[worker ${process.pid}] ` : '';
  const log = (area: string) => (msg: string) => console.log(`${tag}[${area}] ${msg}`);

  const serve = async (): Promise<Serving> => {
    const maps = await createMapsProvider(env, log('geo'));
    const services = await createServices(env, settings, {
      analytics,
      webhooks,
      sso,
      log: log('data'),
      maps,
    });
    const app = await buildApp({
      env,
      maps,
      basemap,
      warmBasemap: true,
      security,
      api: services.api,
      preloadConfig: services.preloadConfig,
      pages: services.pages,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const address = app.server.address();
    return {
      port: typeof address === 'object' && address ? address.port : env.PORT,
      drain: () => app.beginStopping(),
      // The database closes once the requests in flight are answered (app.close waits).
      close: async () => {
        await app.close();
        await services.close();
      },
    };
  };

  await runServer({
    workers: env.WORKERS,
    graceMs: env.SHUTDOWN_GRACE_MS,
    prepare: () => prepareDatabase(env, settings, log('data')),
    serve,
    onListening: (port) =>
      log('server')(
        `locator listening on http://localhost:${port}` +
          (env.WORKERS > 1 ? ` (${env.WORKERS} worker processes)` : ''),
      ),
    log: log('server'),
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
