/**
 * One error handler for the whole app: ApiError → its catalogue status and body;
 * Fastify's own client errors (bad JSON, body too large, wrong media type) → their codes;
 * anything else → 500 INTERNAL_ERROR, logged. Bad input never yields a 500. The one answer of
 * HTTP itself without the catalogue's body: 416 of a byte range past the end of a file.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ErrorCode } from '@locator/core';
import type { OutageLog } from '../health/outage-log.js';

function fastifyErrorCode(err: FastifyError): ErrorCode | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'INVALID_BODY';
    default:
      if (err.validation) return 'INVALID_PARAMETER';
      if (err.statusCode === 429) return 'RATE_LIMITED';
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
        return 'INVALID_PARAMETER';
      }
      return undefined;
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof SyntaxError) return new ApiError('INVALID_BODY');
  const code = fastifyErrorCode(err as FastifyError);
  return new ApiError(code ?? 'INTERNAL_ERROR');
}

/** The Content-Range of a 416 error raised by @fastify/send; undefined for any other error. */
export function unsatisfiableRange(err: unknown): string | undefined {
  const e = err as { status?: unknown; statusCode?: unknown; headers?: Record<string, unknown> };
  if (e.status !== 416 && e.statusCode !== 416) return undefined;
  const range = e.headers?.['Content-Range'];
  return typeof range === 'string' ? range : 'bytes */*';
}

/**
 * `outages`: requests answered 503 DATABASE_UNAVAILABLE are counted there (one log line per
 * outage, health/outage-log.ts) instead of logged one by one.
 */
export function registerErrorHandler(app: FastifyInstance, outages?: OutageLog): void {
  app.setErrorHandler(async (err, request, reply) => {
    // A byte range past the end of a file (the static handler's own error): 416 with
    // "Content-Range: bytes */size" and no body, as HTTP has it (RFC 9110 15.5.17).
    const range = unsatisfiableRange(err);
    if (range !== undefined) return reply.code(416).header('Content-Range', range).send();
    const apiError = toApiError(err);
    if (apiError.code === 'DATABASE_UNAVAILABLE') outages?.requestFailed();
    else if (apiError.status >= 500) request.log.error({ err }, 'request failed');
    if (apiError.code === 'RATE_LIMITED' && !reply.getHeader('retry-after')) {
      reply.header('Retry-After', '60');
    }
    return reply.code(apiError.status).send(apiError.toBody());
  });
}
