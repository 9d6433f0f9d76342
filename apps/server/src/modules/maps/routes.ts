/**
 * Maps endpoints (PRODUCT.md#maps-service) over a MapsProvider (embedded engine by default):
 *   GET /api/v1/maps/autocomplete?q&countries&lang&limit&lat&lon
 *   GET /api/v1/maps/geocode?q&countries&lang&limit
 *   GET /api/v1/maps/reverse?lat&lon&lang
 *   GET /api/v1/maps/eta?origin=lat,lon&destinations=lat,lon;…&mode
 * Answers use the shapes of PRODUCT.md#maps-service (results[].coordinate, formattedAddress, displayLines;
 * etas[].expectedTravelTime). Results of the embedded engine are pure functions of the query,
 * so they are cacheable.
 *
 * Each route declares its query and answers once (modules/maps/contract.ts, schemas of @locator/core):
 * Fastify validates the query with them (hot queries are read by the fast readers of
 * @locator/core first, openapi/validation.ts) and serialises the answer with them.
 */
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { RateLimitCounters } from '../../http/rate-limit-counters.js';
import { ApiError, type MapsPlace, type MapsPlacesResponse } from '@locator/core';
import type { AutocompleteOptions, MapsProvider, Place } from '@locator/geo';
import { autocompleteRoute, etaRoute, geocodeRoute, reverseRoute } from './contract.js';

export interface MapsRoutesOptions {
  provider: MapsProvider;
  /** Cache-Control max-age of place answers, seconds. */
  maxAge?: number;
  /**
   * Requests per client per minute over all four endpoints together (one budget); 0 or absent =
   * unlimited. Beyond it: 429 RATE_LIMITED with Retry-After.
   */
  rateLimit?: number;
  /** Where the limit counts (default: this process's memory); see http/rate-limit-counters.ts. */
  counters?: RateLimitCounters;
}

export function toMapsPlace(p: Place): MapsPlace {
  return {
    displayLines: p.lines,
    coordinate: { latitude: p.latitude, longitude: p.longitude },
    formattedAddress: p.formattedAddress,
    countryCode: p.countryCode,
  };
}

/**
 * A place search's answer with what the engine knows beyond its places (the embedded engine
 * does; remote geocoders answer places only): a postcode notice or a "did you mean" suggestion
 * when it found nothing, a `street-not-found` notice with the town of a street address. Cached
 * as the places are (modules/maps/cache.ts).
 */
async function placesAnswer(
  provider: MapsProvider,
  q: string,
  o: AutocompleteOptions,
  mode: 'autocomplete' | 'geocode',
): Promise<MapsPlacesResponse> {
  const answer = provider.answer
    ? await provider.answer(q, o, mode)
    : { places: await provider[mode](q, o) };
  return {
    results: answer.places.map(toMapsPlace),
    ...(answer.notice ? { notice: answer.notice } : {}),
    ...(answer.suggestion && answer.places.length === 0
      ? { suggestion: toMapsPlace(answer.suggestion) }
      : {}),
  };
}

export const mapsRoutes: FastifyPluginAsync<MapsRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  const cacheControl = `public, max-age=${opts.maxAge ?? 3600}`;
  const cache = (reply: FastifyReply): void => {
    reply.header('Cache-Control', cacheControl);
  };

  // The rate-limit plugin is encapsulated in this plugin (as in the other modules' plugins,
  // whose instances are separate: their own store and request marker), and global: false adds nothing by itself. One
  // limiter, and so one counter per client, is shared by the four routes as their onRequest hook.
  let limited: Pick<RouteShorthandOptions, 'onRequest'> = {};
  if (opts.rateLimit !== undefined && opts.rateLimit > 0) {
    const counters = opts.counters ?? new RateLimitCounters();
    await app.register(rateLimit, { global: false, store: counters.store('maps') });
    const limiter = app.rateLimit({
      max: opts.rateLimit,
      timeWindow: 60_000,
      errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
        new ApiError('RATE_LIMITED', `Too many requests; retry in ${ctx.after}.`),
    });
    limited = { onRequest: limiter };
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/v1/maps/autocomplete',
    { schema: autocompleteRoute, ...limited },
    async (req, reply) => {
      const q = req.query;
      const o = {
        lang: q.lang,
        limit: q.limit,
        ...(q.countries ? { countries: q.countries } : {}),
        ...(q.lat !== undefined && q.lon !== undefined ? { near: { lat: q.lat, lon: q.lon } } : {}),
      };
      const answer = await placesAnswer(provider, q.q, o, 'autocomplete');
      cache(reply);
      return answer;
    },
  );

  api.get('/api/v1/maps/geocode', { schema: geocodeRoute, ...limited }, async (req, reply) => {
    const q = req.query;
    const o = { lang: q.lang, limit: q.limit, ...(q.countries ? { countries: q.countries } : {}) };
    const answer = await placesAnswer(provider, q.q, o, 'geocode');
    cache(reply);
    return answer;
  });

  api.get('/api/v1/maps/reverse', { schema: reverseRoute, ...limited }, async (req, reply) => {
    const q = req.query;
    const place = await provider.reverse(q.lat, q.lon, { lang: q.lang });
    cache(reply);
    return { results: place ? [toMapsPlace(place)] : [] };
  });

  api.get('/api/v1/maps/eta', { schema: etaRoute, ...limited }, async (req, reply) => {
    const q = req.query;
    const etas = await provider.eta(q.origin, q.destinations, q.mode);
    reply.header('Cache-Control', 'no-store');
    return {
      etas: etas.map((e) => ({
        expectedTravelTime: e.expectedTravelTime,
        distance: e.distance,
        estimate: e.estimate,
      })),
    };
  });
};
