/**
 * The server's Prometheus metrics (prom-client), in each process's default registry; with
 * several workers the primary sums them (./cluster-metrics.ts). Label sets are bounded: routes
 * are the route patterns (never the raw URL; "unmatched" for paths no route serves), searches
 * are counted by channel and country only once answered 200 (so both are configured values).
 * The gauges below that describe one worker's copy of a shared thing (its store index, its view
 * of the database) are combined by their maximum or minimum rather than summed; the process
 * metrics (memory, event-loop delay, CPU) are labelled by worker.
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, collectDefaultMetrics, register } from 'prom-client';

let defaultsCollected = false;

/** Node's own metrics (event-loop delay, memory, CPU, handles), labelled by worker. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({
    labels: { worker: cluster.isWorker ? String(cluster.worker?.id ?? process.pid) : '0' },
  });
}

function counter(name: string, help: string, labelNames: string[]): Counter {
  const existing = register.getSingleMetric(name);
  if (existing) return existing as Counter;
  return new Counter({ name, help, labelNames });
}

function histogram(name: string, help: string, labelNames: string[]): Histogram {
  const existing = register.getSingleMetric(name);
  if (existing) return existing as Histogram;
  return new Histogram({
    name,
    help,
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
}

export const httpRequests = counter(
  'locator_http_requests_total',
  'HTTP requests answered, by route pattern, method and status',
  ['route', 'method', 'status'],
);
export const httpDuration = histogram(
  'locator_http_request_duration_seconds',
  'Time to answer HTTP requests, by route pattern, method and status',
  ['route', 'method', 'status'],
);
export const httpErrors = counter(
  'locator_http_errors_total',
  'Answers with a 5xx status, by route pattern',
  ['route'],
);
export const rateLimited = counter(
  'locator_rate_limited_total',
  'Requests refused by a rate limit (429), by route pattern',
  ['route'],
);
export const searches = counter(
  'locator_searches_total',
  'Store searches answered, by channel and country',
  ['channel', 'country'],
);

/** Counts every answer (after it is sent) under its route pattern. */
export function registerHttpMetrics(app: FastifyInstance, searchRoute: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const labels = { route, method: request.method, status: String(status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (status >= 500) httpErrors.inc({ route });
    if (status === 429) rateLimited.inc({ route });
    if (route === searchRoute && status === 200) {
      const params = request.params as { channel?: string; countryCode?: string };
      searches.inc({ channel: params.channel ?? '', country: params.countryCode ?? '' });
    }
    done();
  });
}
