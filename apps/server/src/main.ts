/** Starts the locator: `npm start` (see README). */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ConfigError } from './env.js';
import { createMapsProvider } from './modules/maps/provider.js';
import { createServices, prepareDatabase } from './compose.js';
import { loadConfiguration } from './settings.js';
import { runServer, type Serving } from './cluster.js';
import { register } from 'prom-client';
import { collectProcessMetrics } from './metrics/metrics.js';
import { answerPrimary, machineText } from './metrics/cluster-metrics.js';
import { startMetricsServer } from './metrics/server.js';
import { startTracing } from './telemetry/tracing.js';
import { compactHeap } from './memory/compact-heap.js';

async function main(): Promise<void> {
  const { env, settings, analytics, basemap, security, webhooks, sso, traces } =
    loadConfiguration();
  const tag = cluster.isWorker ? `[worker ${process.pid}] ` : '';
  const log = (area: string) => (msg: string) => console.log(`${tag}[${area}] ${msg}`);

  const serve = async (): Promise<Serving> => {
    // Each serving process its own tracer, before its app (nothing loaded when traces are off).
    const tracing = await startTracing(traces);
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
      modules: services.modules,
      preloadConfig: services.preloadConfig,
      pages: services.pages,
      tracing: tracing?.plugin,
    });
    // Built (the basemap's indexes are warmed on ready), then start-up's garbage returned.
    await app.ready();
    compactHeap();
    await app.listen({ port: env.PORT, host: env.HOST });
    // The metrics port: this process's metrics alone, or in a worker the primary asks for them.
    if (cluster.isWorker) answerPrimary();
    const metrics =
      env.METRICS_PORT !== undefined && !cluster.isWorker
        ? await startMetricsServer(env.METRICS_HOST, env.METRICS_PORT, () => register.metrics())
        : undefined;
    const address = app.server.address();
    return {
      port: typeof address === 'object' && address ? address.port : env.PORT,
      drain: () => app.beginStopping(),
      // The database closes once the requests in flight are answered (app.close waits).
      close: async () => {
        await metrics?.close();
        await app.close();
        await services.close();
        // The spans of the last requests sent before the process exits.
        await tracing?.shutdown();
      },
    };
  };

  await runServer({
    workers: env.WORKERS,
    graceMs: env.SHUTDOWN_GRACE_MS,
    prepare: async () => {
      await prepareDatabase(env, settings, log('data'));
      compactHeap(); // the demo data the primary generated
    },
    // Every worker's metrics summed on the metrics port (metrics/cluster-metrics.ts).
    onPrimary: async (workers) => {
      collectProcessMetrics();
      if (env.METRICS_PORT === undefined) return;
      await startMetricsServer(env.METRICS_HOST, env.METRICS_PORT, () => machineText(workers()));
      log('server')(`metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
    },
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
