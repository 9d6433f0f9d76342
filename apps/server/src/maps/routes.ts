/**
 * Maps endpoints (spec 7.3, issue 4) over a MapsProvider (embedded engine by default):
 *   GET /api/v1/maps/autocomplete?q&countries&lang&limit&lat&lon
 *   GET /api/v1/maps/geocode?q&countries&lang&limit
 *   GET /api/v1/maps/reverse?lat&lon&lang
 *   GET /api/v1/maps/eta?origin=lat,lon&destinations=lat,lon;…&mode
 * Answers use the shapes of spec 7.3 (results[].coordinate, formattedAddress, displayLines;
 * etas[].expectedTravelTime). Results of the embedded engine are pure functions of the query,
 * so they are cacheable.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  apiErrorFromIssues,
  autocompleteQuerySchema,
  etaQuerySchema,
  geocodeQuerySchema,
  reverseQuerySchema,
  type MapsEtaResponse,
  type MapsPlace,
  type MapsPlacesResponse,
} from '@locator/core';
import type { MapsProvider, Place } from '@locator/geo';

export interface MapsRoutesOptions {
  provider: MapsProvider;
  /** Cache-Control max-age of place answers, seconds. */
  maxAge?: number;
}

function parse<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw apiErrorFromIssues(parsed.error.issues);
  return parsed.data;
}

export function toMapsPlace(p: Place): MapsPlace {
  return {
    displayLines: p.lines,
    coordinate: { latitude: p.latitude, longitude: p.longitude },
    formattedAddress: p.formattedAddress,
    countryCode: p.countryCode,
  };
}

export const mapsRoutes: FastifyPluginAsync<MapsRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  const cache = (reply: FastifyReply): void => {
    reply.header('Cache-Control', `public, max-age=${opts.maxAge ?? 3600}`);
  };

  app.get('/api/v1/maps/autocomplete', async (req, reply): Promise<MapsPlacesResponse> => {
    const q = parse(autocompleteQuerySchema, req.query);
    const places = await provider.autocomplete(q.q, {
      lang: q.lang,
      limit: q.limit,
      ...(q.countries ? { countries: q.countries } : {}),
      ...(q.lat !== undefined && q.lon !== undefined ? { near: { lat: q.lat, lon: q.lon } } : {}),
    });
    cache(reply);
    return { results: places.map(toMapsPlace) };
  });

  app.get('/api/v1/maps/geocode', async (req, reply): Promise<MapsPlacesResponse> => {
    const q = parse(geocodeQuerySchema, req.query);
    const places = await provider.geocode(q.q, {
      lang: q.lang,
      limit: q.limit,
      ...(q.countries ? { countries: q.countries } : {}),
    });
    cache(reply);
    return { results: places.map(toMapsPlace) };
  });

  app.get('/api/v1/maps/reverse', async (req, reply): Promise<MapsPlacesResponse> => {
    const q = parse(reverseQuerySchema, req.query);
    const place = await provider.reverse(q.lat, q.lon, { lang: q.lang });
    cache(reply);
    return { results: place ? [toMapsPlace(place)] : [] };
  });

  app.get('/api/v1/maps/eta', async (req, reply): Promise<MapsEtaResponse> => {
    const q = parse(etaQuerySchema, req.query);
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
