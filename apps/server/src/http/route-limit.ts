/**
 * A route's per-client limit (@fastify/rate-limit's route options): `max` requests a minute,
 * counted under `groupId` whatever the route or method (HEAD spends GET's budget), answered 429
 * RATE_LIMITED from the catalogue. 0 = unlimited. The counters are registered by the module's
 * plugin (`registerRouteLimits`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@locator/core';
import type { RateLimitCounters } from './rate-limit-counters.js';

export function routeLimit(max: number, groupId: string) {
  if (max <= 0) return {};
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: 60_000,
        groupId,
        errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
          new ApiError('RATE_LIMITED', `Too many requests; retry in ${ctx.after}.`),
      },
    },
  };
}

/**
 * Lets the plugin's routes use `routeLimit`: the public API's limits count in `counters` under
 * "api" (one counter per client per group, whichever module registered the route).
 */
export async function registerRouteLimits(
  app: FastifyInstance,
  counters: RateLimitCounters,
): Promise<void> {
  await app.register(rateLimit, { global: false, store: counters.store('api') });
}
