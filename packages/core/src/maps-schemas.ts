/**
 * Schemas of the maps endpoints (PRODUCT.md#maps-service): autocomplete, forward and reverse geocoding
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

// ---------------------------------------------------------------- fast paths

/*
 * The maps endpoints are hot (autocomplete runs on every keystroke), so their query strings
 * are first read by these hand-written parsers. Each accepts only plain string values that the
 * schema above accepts, and returns exactly what the schema would (same values, same keys);
 * for anything else (a missing, blank-where-required, repeated or malformed parameter) it
 * returns undefined and the caller parses with the schema, whose answer and errors stand.
 * test/maps-schemas.test.ts checks both agree on valid, odd and invalid inputs.
 */

type RawQuery = Record<string, unknown>;

const COUNTRY_LIST_RE = /^[A-Za-z]{2,8}(,[A-Za-z]{2,8})*$/;
const LANGUAGE_RE = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/;
const WHOLE_RE = /^\d+$/;
const POINT_RE = /^\s*[-+]?[\d.]+\s*,\s*[-+]?[\d.]+\s*$/;
/** Returned by the field readers when the schema must decide. */
const SLOW = Symbol('slow');
type Field<T> = T | typeof SLOW;

const isObject = (v: unknown): v is RawQuery => typeof v === 'object' && v !== null;
const isBlank = (v: string): boolean => v.trim() === '';

function fastPlaceText(v: unknown): Field<string> {
  if (typeof v !== 'string') return SLOW;
  const t = v.trim();
  return t.length >= 1 && t.length <= MAX_PLACE_QUERY ? t : SLOW;
}

/** countries: absent → no key; blank → key with undefined (as the schema gives). */
function fastCountries(raw: RawQuery): Field<string[] | undefined> {
  const v = raw.countries;
  if (typeof v !== 'string') return SLOW;
  if (isBlank(v)) return undefined;
  if (v.length > 400 || !COUNTRY_LIST_RE.test(v)) return SLOW;
  return v.split(',').map((c) => c.toUpperCase());
}

function fastLanguage(v: unknown): Field<string> {
  if (v === undefined) return 'en';
  if (typeof v !== 'string') return SLOW;
  if (isBlank(v)) return 'en';
  return LANGUAGE_RE.test(v) ? v.replace(/_/g, '-') : SLOW;
}

function fastLimit(v: unknown, dflt: number): Field<number> {
  if (v === undefined) return dflt;
  if (typeof v !== 'string') return SLOW;
  if (isBlank(v)) return dflt;
  if (!WHOLE_RE.test(v)) return SLOW;
  const n = Number(v);
  return n >= 1 && n <= 20 ? n : SLOW;
}

function fastCoordinate(v: unknown, max: number): Field<number> {
  if (typeof v !== 'string' || !NUMBER_RE.test(v)) return SLOW;
  const n = Number(v);
  return n >= -max && n <= max ? n : SLOW;
}

function fastPoint(v: string): Field<{ lat: number; lon: number }> {
  if (!POINT_RE.test(v)) return SLOW;
  const [lat = NaN, lon = NaN] = v.split(',').map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : SLOW;
}

/** The key is not in the query at all (a key present with undefined is left to the schema). */
const absent = (raw: RawQuery, key: string): boolean => !(key in raw);

export function fastAutocompleteQuery(raw: unknown): AutocompleteQuery | undefined {
  if (!isObject(raw)) return undefined;
  const q = fastPlaceText(raw.q);
  const noCountries = absent(raw, 'countries');
  const countries = noCountries ? undefined : fastCountries(raw);
  const lang = fastLanguage(raw.lang);
  const limit = fastLimit(raw.limit, 8);
  if (q === SLOW || countries === SLOW || lang === SLOW || limit === SLOW) return undefined;
  const out: AutocompleteQuery = noCountries ? { q, lang, limit } : { q, countries, lang, limit };
  if (absent(raw, 'lat') && absent(raw, 'lon')) return out;
  const lat = fastCoordinate(raw.lat, 90);
  const lon = fastCoordinate(raw.lon, 180);
  if (lat === SLOW || lon === SLOW) return undefined;
  out.lat = lat;
  out.lon = lon;
  return out;
}

export function fastGeocodeQuery(raw: unknown): GeocodeQuery | undefined {
  if (!isObject(raw)) return undefined;
  const q = fastPlaceText(raw.q);
  const noCountries = absent(raw, 'countries');
  const countries = noCountries ? undefined : fastCountries(raw);
  const lang = fastLanguage(raw.lang);
  const limit = fastLimit(raw.limit, 5);
  if (q === SLOW || countries === SLOW || lang === SLOW || limit === SLOW) return undefined;
  return noCountries ? { q, lang, limit } : { q, countries, lang, limit };
}

export function fastReverseQuery(raw: unknown): ReverseQuery | undefined {
  if (!isObject(raw)) return undefined;
  const lat = fastCoordinate(raw.lat, 90);
  const lon = fastCoordinate(raw.lon, 180);
  const lang = fastLanguage(raw.lang);
  if (lat === SLOW || lon === SLOW || lang === SLOW) return undefined;
  return { lat, lon, lang };
}

export function fastEtaQuery(raw: unknown): EtaQuery | undefined {
  if (!isObject(raw)) return undefined;
  const { origin: o, destinations: d, mode: m } = raw;
  if (typeof o !== 'string' || typeof d !== 'string') return undefined;
  if (d.length > MAX_ETA_DESTINATIONS * 48) return undefined;
  const origin = fastPoint(o);
  const parts = d.split(';');
  if (origin === SLOW || parts.length > MAX_ETA_DESTINATIONS) return undefined;
  const destinations: { lat: number; lon: number }[] = [];
  for (const part of parts) {
    const point = fastPoint(part);
    if (point === SLOW) return undefined;
    destinations.push(point);
  }
  let mode: EtaQuery['mode'] = 'automobile';
  if (typeof m === 'string' && !isBlank(m)) {
    if (m !== 'automobile' && m !== 'walking') return undefined;
    mode = m;
  } else if (m !== undefined && typeof m !== 'string') {
    return undefined;
  }
  return { origin, destinations, mode };
}
