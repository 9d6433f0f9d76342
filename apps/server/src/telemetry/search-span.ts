/**
 * A search's channel, country and result count on its request span, when traces are on
 * (telemetry/tracing.ts); without them the request has no span and this does nothing. Reads
 * the request's span through @fastify/otel's request decoration, so nothing of OpenTelemetry is
 * imported here.
 */
import type { FastifyRequest } from 'fastify';

interface Traced {
  opentelemetry?: () => {
    span?: { setAttributes(attributes: Record<string, string | number>): void } | null;
  };
}

export function traceSearch(
  request: FastifyRequest,
  search: { channel: string; countryCode: string; count: number },
): void {
  const otel = (request as unknown as Traced).opentelemetry;
  if (!otel) return;
  otel.call(request).span?.setAttributes({
    'locator.search.channel': search.channel,
    'locator.search.country': search.countryCode,
    'locator.search.results': search.count,
  });
}
