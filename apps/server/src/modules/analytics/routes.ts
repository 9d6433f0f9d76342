/**
 * POST /api/v1/analytics/events: a batch of 1–50 events (JSON only, ≤ 16 KB) → 204.
 * Rate-limited per client, keyed by a salted hash of the address whose salt is random and rotates
 * daily (the address itself is never stored, logged or persisted): in memory with a salt of this
 * process, or in Redis or the cluster's primary with a salt shared by every process (http/rate-limit-counters.ts). Request logging is
 * off for this route so no address reaches the logs either. A batch sent from a page of
 * EMBED_ORIGINS keeps that origin (modules/embed/cors.ts); any other Origin is not kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANALYTICS_EVENTS_PATH, ApiError, analyticsBatchSchema } from '@locator/core';
import type { AnalyticsService } from './service.js';
import { embeddingOrigin } from '../embed/cors.js';
import { requireJson } from '../../api/contract.js';
import { RECORDED_JSON_ANSWERS } from '../../openapi/answers.js';

export interface AnalyticsRouteDeps {
  service: AnalyticsService;
  /** Requests per client per minute; 0 = unlimited. */
  rateLimit: number;
  /**
   * True when the limit counts in Redis (REDIS_URL) or in the cluster's primary, which hash every key with a salt shared
   * by all processes: the key is then the address (a per-process salt would give each process
   * its own counter), hashed before it leaves the process.
   */
  sharedCounters?: boolean;
}

export const EVENTS_BODY_LIMIT = 16_384;

const eventsRoute = {
  operationId: 'recordAnalyticsEvents',
  tags: ['Analytics'],
  summary: 'Records a batch of analytics events',
  description:
    'One to 50 events (page views, searches, link clicks) in one JSON body of at most 16 KB. ' +
    'Nothing personal is kept: positions are rounded to about 1 km and the client address ' +
    'is never stored. Example body: ' +
    '`{"events":[{"type":"pageView","page":"home","locale":"en_GB"}]}`.',
  body: analyticsBatchSchema,
  response: RECORDED_JSON_ANSWERS,
};

/** A per-day salted hash of the client address: enough to count requests, useless to identify. */
export function clientKeyer(now: () => number = Date.now): (ip: string) => string {
  let day = -1;
  let salt = Buffer.alloc(0);
  return (ip) => {
    const today = Math.floor(now() / 86_400_000);
    if (today !== day) {
      day = today;
      salt = randomBytes(16);
    }
    return createHash('sha256').update(salt).update(ip).digest('base64url').slice(0, 22);
  };
}

export function registerAnalyticsRoutes(app: FastifyInstance, deps: AnalyticsRouteDeps): void {
  const key = clientKeyer();
  const limited =
    deps.rateLimit > 0
      ? {
          config: {
            rateLimit: {
              max: deps.rateLimit,
              timeWindow: 60_000,
              groupId: 'analytics',
              keyGenerator: (req: FastifyRequest) => (deps.sharedCounters ? req.ip : key(req.ip)),
              errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
                new ApiError('RATE_LIMITED', `Too many requests; retry in ${ctx.after}.`),
            },
          },
        }
      : {};
  app.withTypeProvider<ZodTypeProvider>().post(
    ANALYTICS_EVENTS_PATH,
    {
      ...limited,
      bodyLimit: EVENTS_BODY_LIMIT,
      logLevel: 'warn',
      schema: eventsRoute,
      preValidation: requireJson,
    },
    async (request, reply) => {
      await deps.service.record(request.body, embeddingOrigin(request) ?? null);
      return reply.code(204).header('Cache-Control', 'no-store').send(null);
    },
  );
}
