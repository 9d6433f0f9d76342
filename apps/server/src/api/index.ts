/**
 * The HTTP API (spec 7.1, 7.2): /api/v1/grlui/…, /mapKitToken, /locales/….
 * Routes are thin; they validate input with the shared schemas and call services.
 */
import type { z } from 'zod';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import {
  ApiError,
  apiErrorFromIssues,
  globalMatrixPathSchema,
  locationSearchSchema,
  searchPathSchema,
  searchQuerySchema,
} from '@locator/core';
import type { Env } from '../env.js';
import type { ConfigService } from '../config/service.js';
import type { SearchService } from '../services/search.js';
import type { StatisticsService } from '../services/statistics.js';
import type { LocalesService } from '../services/locales.js';
import { registerAnalyticsRoutes, type AnalyticsRouteDeps } from '../analytics/routes.js';
import type { HealthService } from '../health/health.js';
import type { OutageLog } from '../health/outage-log.js';
import { RateLimitCounters } from '../http/rate-limit-counters.js';
import { EncodedAnswers } from '../http/encoded-answers.js';
import { sendRepresentation } from '../http/representation.js';
import type { AdminDeps } from '../admin/routes.js';

/** Services the routes use. */
export interface ApiDeps {
  config: ConfigService;
  search: SearchService;
  statistics: StatisticsService;
  locales: LocalesService;
  /** The map provider's token; "" for the embedded provider. */
  mapToken: () => string;
  /**
   * Requests per client per minute; 0 = unlimited. `maps` is one budget over the maps
   * endpoints (maps/routes.ts, registered by app.ts beside these routes).
   */
  rateLimits: { search: number; statistics: number; maps: number };
  /**
   * Where the limits count (http/rate-limit-counters.ts): in Redis shared by every process when
   * REDIS_URL is set; default: this process's memory.
   */
  counters?: RateLimitCounters;
  /** POST /api/v1/analytics/events (absent: not served). */
  analytics?: AnalyticsRouteDeps;
  /** What /healthz reports. */
  health?: HealthService;
  /** Counts the requests answered 503 DATABASE_UNAVAILABLE (one log line per outage). */
  outages?: OutageLog;
  /** The admin store API, /api/v1/admin/… (absent: not served). */
  admin?: AdminDeps;
}

export const API_BASE = '/api/v1/grlui';
const CONFIG_CACHE = 'public, max-age=300';
const SEARCH_CACHE = 'public, max-age=60';
const LOCALES_CACHE = 'public, max-age=2592000';

function parse<S extends z.ZodType>(schema: S, value: unknown, body = false): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw apiErrorFromIssues(r.error.issues, body, value);
  return r.data;
}

/**
 * Sends a cacheable JSON body with its ETag, or 304 when the client has it
 * (http/representation.ts); through `encoded` (compressed once per content) when given. A body
 * given as a function is written only when it is sent.
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer | (() => Buffer),
  etag: string,
  cacheControl: string,
  encoded?: EncodedAnswers,
): FastifyReply {
  const type = 'application/json; charset=utf-8';
  return sendRepresentation(request, reply, { etag, cacheControl, type, body }, encoded);
}

function limit(max: number, name: string) {
  if (max <= 0) return {};
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: 60_000,
        groupId: name,
        errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
          new ApiError('RATE_LIMITED', `Too many requests; retry in ${ctx.after}.`),
      },
    },
  };
}

export const apiRoutes: FastifyPluginAsync<{ deps: ApiDeps | undefined; env: Env }> = async (
  app,
  { deps },
) => {
  if (!deps) return;

  // One counter per client per limit (groupId), whatever the route or method: HEAD spends GET's
  // budget.
  const counters = deps.counters ?? new RateLimitCounters();
  const encodedAnswers = new EncodedAnswers();
  await app.register(rateLimit, { global: false, store: counters.store('api') });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${API_BASE}/:countryCode/:lang/globalmatrix`,
    {
      schema: {
        operationId: 'getCountryConfiguration',
        tags: ['Configuration'],
        summary: "A country's configuration in one language",
        params: globalMatrixPathSchema,
      },
    },
    async (request, reply) => {
      const path = request.params;
      const { body, etag } = deps.config.globalMatrixBody(path.countryCode, path.lang);
      return sendCached(request, reply, body, etag, CONFIG_CACHE);
    },
  );

  app.get(
    `${API_BASE}/:countryCode/:lang/:channel`,
    limit(deps.rateLimits.search, 'search'),
    async (request, reply) => {
      const path = parse(searchPathSchema, request.params);
      // Unknown country, language or channel (404) before the query is looked at.
      deps.config.searchContext(path.countryCode, path.lang, path.channel);
      const query = parse(searchQuerySchema, request.query);
      const { body, etag } = await deps.search.search(path, query);
      return sendCached(request, reply, body, etag, SEARCH_CACHE, encodedAnswers);
    },
  );

  app.post(
    `${API_BASE}/locationSearch`,
    { ...limit(deps.rateLimits.statistics, 'statistics'), bodyLimit: 4096 },
    async (request, reply) => {
      if (!/^application\/(.+\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
      }
      const body = parse(locationSearchSchema, request.body ?? undefined, true);
      await deps.statistics.record(body);
      return reply.code(204).header('Cache-Control', 'no-store').send();
    },
  );

  if (deps.analytics) {
    registerAnalyticsRoutes(app, { ...deps.analytics, sharedCounters: counters.shared });
  }

  app.get('/mapKitToken', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0')
      .header('Pragma', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(deps.mapToken()),
  );

  app.get('/locales/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const found = await deps.locales.read(file);
    return sendCached(request, reply, found.body, found.etag, LOCALES_CACHE);
  });
};
