/**
 * GET /api/v1/grlui/{country}/{lang}/{channel} (PRODUCT.md#store-search-answer,
 * #search-request): the store search, limited per client (RATE_LIMIT_SEARCH), its answer sent
 * as the stored bytes with an ETag and compressed once per content (http/encoded-answers.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConfigService } from '../../config/service.js';
import type { RateLimitCounters } from '../../http/rate-limit-counters.js';
import { EncodedAnswers } from '../../http/encoded-answers.js';
import { sendCached } from '../../http/representation.js';
import { registerRouteLimits, routeLimit } from '../../http/route-limit.js';
import { traceSearch } from '../../telemetry/search-span.js';
import { API_BASE, searchRoute } from '../../api/contract.js';
import type { SearchService } from './service.js';

export interface SearchRoutesOptions {
  config: ConfigService;
  search: SearchService;
  /** Searches per client per minute; 0 = unlimited. */
  rateLimit: number;
  /** Where the limit counts (http/rate-limit-counters.ts). */
  counters: RateLimitCounters;
}

const SEARCH_CACHE = 'public, max-age=60';

export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, options) => {
  const { config, search } = options;
  const encodedAnswers = new EncodedAnswers();
  await registerRouteLimits(app, options.counters);
  // The search answers an unknown country, language or channel (404) before it looks at the
  // query: a failed validation is attached to the request (attachValidation) and thrown after
  // that check. Fastify validates the path before the query, so a failure of the path is
  // thrown first.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${API_BASE}/:countryCode/:lang/:channel`,
      { ...routeLimit(options.rateLimit, 'search'), schema: searchRoute, attachValidation: true },
      async (request, reply) => {
        const invalid = request.validationError;
        if (invalid?.validationContext === 'params') throw invalid;
        const path = request.params;
        config.searchContext(path.countryCode, path.lang, path.channel);
        if (invalid) throw invalid;
        // The stored bytes are sent as they are (a Buffer is not serialised again); the route's
        // 200 schema is what they satisfy (test/search.contract.api.test.ts).
        const { body, etag, count } = await search.search(path, request.query);
        traceSearch(request, { ...path, count });
        return sendCached(request, reply, body, etag, SEARCH_CACHE, encodedAnswers);
      },
    );
};
