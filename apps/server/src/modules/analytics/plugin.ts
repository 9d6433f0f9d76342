/**
 * The analytics module's routes: POST /api/v1/grlui/locationSearch, the location-search
 * statistic (PRODUCT.md#location-search-statistic, ./statistics.ts), limited per client
 * (RATE_LIMIT_STATS); and, when configured, POST /api/v1/analytics/events (./routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitCounters } from '../../http/rate-limit-counters.js';
import { registerRouteLimits, routeLimit } from '../../http/route-limit.js';
import { API_BASE, locationSearchRoute, requireJson } from '../../api/contract.js';
import { registerAnalyticsRoutes, type AnalyticsRouteDeps } from './routes.js';
import type { StatisticsService } from './statistics.js';

export interface AnalyticsModuleOptions {
  statistics: StatisticsService;
  /** Location-search statistics per client per minute; 0 = unlimited. */
  statisticsRateLimit: number;
  /** POST /api/v1/analytics/events (absent: not served). */
  events?: AnalyticsRouteDeps;
  /** Where the limits count (http/rate-limit-counters.ts). */
  counters: RateLimitCounters;
}

export const analyticsModule: FastifyPluginAsync<AnalyticsModuleOptions> = async (app, options) => {
  await registerRouteLimits(app, options.counters);
  app.withTypeProvider<ZodTypeProvider>().post(
    `${API_BASE}/locationSearch`,
    {
      ...routeLimit(options.statisticsRateLimit, 'statistics'),
      bodyLimit: 4096,
      schema: locationSearchRoute,
      preValidation: requireJson,
    },
    async (request, reply) => {
      await options.statistics.record(request.body);
      // null: the 204 schema's body (a 204 carries none; Fastify sends no bytes).
      return reply.code(204).header('Cache-Control', 'no-store').send(null);
    },
  );
  if (options.events) {
    registerAnalyticsRoutes(app, { ...options.events, sharedCounters: options.counters.shared });
  }
};
