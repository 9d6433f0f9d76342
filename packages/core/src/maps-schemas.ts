/**
 * Schemas of the maps endpoints (spec 7.3, issue 4): autocomplete, forward and reverse geocoding
 * and travel time, served by our own server under /api/v1/maps/. Shared by the server
 * (validation) and the web app's maps client (types). Failures map to the error catalogue
 * through `apiErrorFromIssues` (schemas.ts).
 */
import { z } from 'zod';

/** Longest place text accepted, in characters. */
export const MAX_PLACE_QUERY = 200;
/** Most destinations in one ETA request. */
export const MAX_ETA_DESTINATIONS = 100;

const blankToUndefined = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

const NUMBER_RE = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;

const coordinate = (min: number, max: number) =>
  z
    .string()
    .regex(NUMBER_RE, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const placeText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_PLACE_QUERY, `at most ${MAX_PLACE_QUERY} characters`),
);

/** "GB,ie" → ["GB", "IE"]; codes of 2–8 letters (regional codes and "uk" are accepted). */
const countryList = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(400)
    .regex(/^[A-Za-z]{2,8}(,[A-Za-z]{2,8})*$/, 'must be comma-separated country codes')
    .transform((v) => v.split(',').map((c) => c.toUpperCase()))
    .optional(),
);

/** BCP 47-like language tag: "en", "en-GB", "zh-Hant", "zh_HK". */
const language = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/, 'must be a language tag like en-GB')
    .transform((v) => v.replace(/_/g, '-'))
    .default('en'),
);

const limit = (dflt: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(20))
      .default(dflt),
  );

const latitude = z.preprocess(blankToUndefined, coordinate(-90, 90));
const longitude = z.preprocess(blankToUndefined, coordinate(-180, 180));

export const autocompleteQuerySchema = z
  .object({
    q: placeText,
    countries: countryList,
    lang: language,
    limit: limit(8),
    lat: latitude.optional(),
    lon: longitude.optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), {
    message: 'lat and lon go together',
    path: ['lat'],
  });

export const geocodeQuerySchema = z.object({
  q: placeText,
  countries: countryList,
  lang: language,
  limit: limit(5),
});

export const reverseQuerySchema = z.object({ lat: latitude, lon: longitude, lang: language });

/** "48.85,2.35" → {lat, lon}. */
const point = z
  .string()
  .regex(/^\s*[-+]?[\d.]+\s*,\s*[-+]?[\d.]+\s*$/, 'must be "lat,lon"')
  .transform((v) => {
    const [lat = NaN, lon = NaN] = v.split(',').map(Number);
    return { lat, lon };
  })
  .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180, 'coordinates out of range');

export const etaQuerySchema = z.object({
  origin: z.preprocess(blankToUndefined, point),
  destinations: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(MAX_ETA_DESTINATIONS * 48)
      .transform((v) => v.split(';'))
      .pipe(z.array(point).min(1).max(MAX_ETA_DESTINATIONS)),
  ),
  mode: z.preprocess(blankToUndefined, z.enum(['automobile', 'walking']).default('automobile')),
});

export type AutocompleteQuery = z.output<typeof autocompleteQuerySchema>;
export type GeocodeQuery = z.output<typeof geocodeQuerySchema>;
export type ReverseQuery = z.output<typeof reverseQuerySchema>;
export type EtaQuery = z.output<typeof etaQuerySchema>;

/** One place as the maps endpoints answer it (the shape of spec 7.3). */
export interface MapsPlace {
  displayLines: [string, string];
  coordinate: { latitude: number; longitude: number };
  formattedAddress: string;
  countryCode: string;
}

export interface MapsPlacesResponse {
  results: MapsPlace[];
}

export interface MapsEtaResponse {
  etas: { expectedTravelTime: number; distance: number; estimate: boolean }[];
}
