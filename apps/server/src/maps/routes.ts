/**
 * Maps endpoints (spec 7.3, issue 4) over a MapsProvider (embedded engine by default):
 *   GET /api/v1/maps/autocomplete?q&countries&lang&limit&lat&lon
 *   GET /api/v1/maps/geocode?q&countries&lang&limit
 *   GET /api/v1/maps/reverse?lat&lon&lang
 *   GET /api/v1/maps/eta?origin=lat,lon&destinations=lat,lon;…&mode
 * Answers use the shapes of spec 7.3 (results[].coordinate, formattedAddress, displayLines;
 * etas[].expectedTravelTime). Results of the embedded engine are pure functions of the query,
 * so they are cacheable.
 *
 * These endpoints are hot (one autocomplete per keystroke): queries are read by the fast
 * parsers of @locator/core first (the zod schemas decide anything they do not accept, errors
 * included), and answers are written by serialisers compiled from their JSON schema.
 */
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { RateLimitCounters } from '../http/rate-limit-counters.js';
import type { z } from 'zod';
import {
  ApiError,
  apiErrorFromIssues,
  autocompleteQuerySchema,
  etaQuerySchema,
  fastAutocompleteQuery,
  fastEtaQuery,
  fastGeocodeQuery,
  fastReverseQuery,
  geocodeQuerySchema,
  reverseQuerySchema,
  type MapsEtaResponse,
  type MapsPlace,
  type MapsPlacesResponse,
} from '@locator/core';
import type { AutocompleteOptions, MapsProvider, Place } from '@locator/geo';

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

function parse<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  // The query tells a missing parameter (MISSING_PARAMETER) from a malformed one, such as a
  // repeated one (?q=a&q=b, INVALID_PARAMETER).
  if (!parsed.success) throw apiErrorFromIssues(parsed.error.issues, false, query);
  return parsed.data;
}

/** JSON schemas of the answers (spec 7.3), in the order the fields are written. */
const placeSchema = {
  type: 'object',
  properties: {
    displayLines: { type: 'array', items: { type: 'string' } },
    coordinate: {
      type: 'object',
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
      required: ['latitude', 'longitude'],
    },
    formattedAddress: { type: 'string' },
    countryCode: { type: 'string' },
  },
  required: ['displayLines', 'coordinate', 'formattedAddress', 'countryCode'],
} as const;

const placesResponse = {
  response: {
    200: {
      type: 'object',
      properties: {
        results: { type: 'array', items: placeSchema },
        notice: {
          type: 'object',
          properties: {
            code: { type: 'string' },
            countries: { type: 'array', items: { type: 'string' } },
          },
          required: ['code', 'countries'],
        },
        suggestion: placeSchema,
      },
      required: ['results'],
    },
  },
} as const;

const etaResponse = {
  response: {
    200: {
      type: 'object',
      properties: {
        etas: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              expectedTravelTime: { type: 'number' },
              distance: { type: 'number' },
              estimate: { type: 'boolean' },
            },
            required: ['expectedTravelTime', 'distance', 'estimate'],
          },
        },
      },
      required: ['etas'],
    },
  },
} as const;

export function toMapsPlace(p: Place): MapsPlace {
  return {
    displayLines: p.lines,
    coordinate: { latitude: p.latitude, longitude: p.longitude },
    formattedAddress: p.formattedAddress,
    countryCode: p.countryCode,
  };
}

/**
 * An empty answer with why, when the engine knows (the embedded one does; remote geocoders
 * answer without): a postcode notice or a "did you mean" suggestion. Rare, so not cached.
 */
async function explainNothing(
  provider: MapsProvider,
  q: string,
  o: AutocompleteOptions,
  mode: 'autocomplete' | 'geocode',
): Promise<MapsPlacesResponse> {
  const answer = await provider.answer?.(q, o, mode);
  return {
    results: [],
    ...(answer?.notice ? { notice: answer.notice } : {}),
    ...(answer?.suggestion ? { suggestion: toMapsPlace(answer.suggestion) } : {}),
  };
}

export const mapsRoutes: FastifyPluginAsync<MapsRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  const cacheControl = `public, max-age=${opts.maxAge ?? 3600}`;
  const cache = (reply: FastifyReply): void => {
    reply.header('Cache-Control', cacheControl);
  };

  // The rate-limit plugin is encapsulated in this plugin (as in api/index.ts, whose instance is
  // separate: its own store and request marker), and global: false adds nothing by itself. One
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

  const places = { schema: placesResponse, ...limited };
  app.get('/api/v1/maps/autocomplete', places, async (req, reply): Promise<MapsPlacesResponse> => {
    const q = fastAutocompleteQuery(req.query) ?? parse(autocompleteQuerySchema, req.query);
    const o = {
      lang: q.lang,
      limit: q.limit,
      ...(q.countries ? { countries: q.countries } : {}),
      ...(q.lat !== undefined && q.lon !== undefined ? { near: { lat: q.lat, lon: q.lon } } : {}),
    };
    const places = await provider.autocomplete(q.q, o);
    cache(reply);
    if (places.length === 0) return explainNothing(provider, q.q, o, 'autocomplete');
    return { results: places.map(toMapsPlace) };
  });

  app.get('/api/v1/maps/geocode', places, async (req, reply): Promise<MapsPlacesResponse> => {
    const q = fastGeocodeQuery(req.query) ?? parse(geocodeQuerySchema, req.query);
    const o = { lang: q.lang, limit: q.limit, ...(q.countries ? { countries: q.countries } : {}) };
    const places = await provider.geocode(q.q, o);
    cache(reply);
    if (places.length === 0) return explainNothing(provider, q.q, o, 'geocode');
    return { results: places.map(toMapsPlace) };
  });

  app.get('/api/v1/maps/reverse', places, async (req, reply): Promise<MapsPlacesResponse> => {
    const q = fastReverseQuery(req.query) ?? parse(reverseQuerySchema, req.query);
    const place = await provider.reverse(q.lat, q.lon, { lang: q.lang });
    cache(reply);
    return { results: place ? [toMapsPlace(place)] : [] };
  });

  app.get(
    '/api/v1/maps/eta',
    { schema: etaResponse, ...limited },
    async (req, reply): Promise<MapsEtaResponse> => {
      const q = fastEtaQuery(req.query) ?? parse(etaQuerySchema, req.query);
      const etas = await provider.eta(q.origin, q.destinations, q.mode);
      reply.header('Cache-Control', 'no-store');
      return {
        etas: etas.map((e) => ({
          expectedTravelTime: e.expectedTravelTime,
          distance: e.distance,
          estimate: e.estimate,
        })),
      };
    },
  );
};
