/**
 * OpenTelemetry traces (docs/DEPLOYMENT.md#traces), started in each serving process before its
 * app is built, only when an endpoint is configured: the SDK, the OTLP/HTTP exporter and the
 * Fastify instrumentation are imported here dynamically, so a server without traces never
 * loads them. Each request is a span (the Fastify team's @fastify/otel) named by its method and
 * route pattern, carrying the status, the request id (http/request-id.ts) and for a search its
 * channel, country and result count (telemetry/search-span.ts). Spans leave in batches;
 * `shutdown` sends what is left (the graceful stop, cluster.ts).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { TraceConfig } from './config.js';

/** The request id on every request span (the X-Request-Id of the answer). */
export const REQUEST_ID_ATTRIBUTE = 'locator.request_id';

export interface Tracing {
  /** The Fastify plugin making the spans: registered before any route (app.ts). */
  plugin: FastifyPluginCallback;
  /** Sends the spans not yet sent, then stops. */
  shutdown(): Promise<void>;
}

interface RequestSpan {
  updateName(name: string): void;
  setAttribute(key: string, value: string): void;
}

/**
 * What each request span carries beyond @fastify/otel's own attributes; its `url.path` without
 * the query string, where a search's position is (nothing about a visitor leaves the server).
 */
function describeRequest(span: RequestSpan, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
  span.setAttribute('url.path', request.url.split('?', 1)[0] ?? '');
}

/** Starts the tracer of this process; undefined (nothing loaded) when traces are off. */
export async function startTracing(config: TraceConfig | null): Promise<Tracing | undefined> {
  if (!config) return undefined;
  const [node, resources, conventions, otlp, fastifyOtel] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({
      [conventions.ATTR_SERVICE_NAME]: config.serviceName,
    }),
    spanProcessors: [new node.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url: config.url }))],
  });
  // The process's tracer, with the W3C trace context read from incoming requests' headers.
  provider.register();
  // A request's span and its handler's; the hooks' own spans (a dozen a request) are left out.
  const instrumentation = new fastifyOtel.default({
    requestHook: describeRequest,
    instrumentHooks: false,
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin(),
    shutdown: () => provider.shutdown(),
  };
}
