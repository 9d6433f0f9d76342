/**
 * /metrics on the public port: only with METRICS_TOKEN, to `Authorization: Bearer <token>`
 * (compared in constant time); 401 UNAUTHORIZED with another or no token, 404 NOT_FOUND when no
 * token is configured. In a worker it answers the machine's metrics (asked of the primary).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@locator/core';
import { register } from 'prom-client';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** True when the Authorization header is "Bearer <token>" (constant time in the token). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function registerPublicMetrics(
  app: FastifyInstance,
  token: string | undefined,
  text: () => Promise<string | undefined>,
): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (token === undefined) throw new ApiError('NOT_FOUND');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new ApiError('UNAUTHORIZED', 'A valid metrics token is required.');
    }
    const body = await text();
    if (body === undefined)
      throw new ApiError('INTERNAL_ERROR', 'The metrics could not be gathered.');
    return reply.type(register.contentType).send(body);
  });
}
