/**
 * The HTTP API (PRODUCT.md#product-api, #other-server-calls): /api/v1/grlui/…, /mapKitToken, /locales/….
 * Routes are thin: each declares its params, query, body and answers once, as the shared zod
 * schemas of @locator/core (api/contract.ts), which Fastify validates with and the public
 * OpenAPI document is generated from; handlers call services.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@locator/core';
import type { Env } from '../env.js';
import type { ConfigService } from '../config/service.js';
import type { SearchService } from '../modules/search/service.js';
import { traceSearch } from '../telemetry/search-span.js';
import type { StatisticsService } from '../modules/analytics/statistics.js';
import type { LocalesService } from '../modules/locales/service.js';
import { registerAnalyticsRoutes, type AnalyticsRouteDeps } from '../modules/analytics/routes.js';
import type { HealthService } from '../health/health.js';
import type { OutageLog } from '../health/outage-log.js';
import { RateLimitCounters } from '../http/rate-limit-counters.js';
import { EncodedAnswers } from '../http/encoded-answers.js';
import { sendRepresentation } from '../http/representation.js';
import type { AdminDeps } from '../modules/admin/routes.js';
import {
  globalMatrixRoute,
  locationSearchRoute,
  localesRoute,
  mapKitTokenRoute,
  requireJson,
  searchRoute,
} from './contract.js';

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
   * endpoints (modules/maps/routes.ts, registered by app.ts beside these routes).
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
    { schema: globalMatrixRoute },
    async (request, reply) => {
      const path = request.params;
      const { body, etag } = deps.config.globalMatrixBody(path.countryCode, path.lang);
      return sendCached(request, reply, body, etag, CONFIG_CACHE);
    },
  );

  // The search answers an unknown country, language or channel (404) before it looks at the
  // query: a failed validation is attached to the request (attachValidation) and thrown after
  // that check. Fastify validates the path before the query, so a failure of the path is
  // thrown first.
  api.get(
    `${API_BASE}/:countryCode/:lang/:channel`,
    { ...limit(deps.rateLimits.search, 'search'), schema: searchRoute, attachValidation: true },
    async (request, reply) => {
      const invalid = request.validationError;
      if (invalid?.validationContext === 'params') throw invalid;
      const path = request.params;
      deps.config.searchContext(path.countryCode, path.lang, path.channel);
      if (invalid) throw invalid;
      // The stored bytes are sent as they are (a Buffer is not serialised again); the route's
      // 200 schema is what they satisfy (test/search.contract.api.test.ts).
      const { body, etag, count } = await deps.search.search(path, request.query);
      traceSearch(request, { ...path, count });
      return sendCached(request, reply, body, etag, SEARCH_CACHE, encodedAnswers);
    },
  );

  api.post(
    `${API_BASE}/locationSearch`,
    {
      ...limit(deps.rateLimits.statistics, 'statistics'),
      bodyLimit: 4096,
      schema: locationSearchRoute,
      preValidation: requireJson,
    },
    async (request, reply) => {
      await deps.statistics.record(request.body);
      // null: the 204 schema's body (a 204 carries none; Fastify sends no bytes).
      return reply.code(204).header('Cache-Control', 'no-store').send(null);
    },
  );

  if (deps.analytics) {
    registerAnalyticsRoutes(app, { ...deps.analytics, sharedCounters: counters.shared });
  }

  api.get('/mapKitToken', { schema: mapKitTokenRoute }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0')
      .header('Pragma', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(deps.mapToken()),
  );

  // Translations for the pages (PRODUCT.md#other-server-calls), not part of the API's document.
  api.get('/locales/:file', { schema: localesRoute }, async (request, reply) => {
    const found = await deps.locales.read(request.params.file);
    return sendCached(request, reply, found.body, found.etag, LOCALES_CACHE);
  });
};
