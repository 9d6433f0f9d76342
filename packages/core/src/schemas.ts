/**
 * Schemas of the HTTP boundaries (PRODUCT.md#product-api, #other-server-calls), shared by server (validation) and web (types
 * and client-side checks). Query strings arrive as strings; empty values mean "not given"
 * (PRODUCT.md#product-api: "Empty values are sent as empty strings").
 */
import { z } from 'zod';
import { CHANNEL_KEYS } from './types.js';
import { ApiError, type ErrorCode } from './errors.js';

/** Largest search radius a client may ask for, in kilometres (the channel's radius caps it). */
export const MAX_RADIUS_KM = 1000;
/** Most results a client may ask for (the channel's maxResults caps it). */
export const MAX_RESULTS_LIMIT = 500;
/** The carrier option meaning "no carrier" (PRODUCT.md#search-form). */
export const NO_CONTRACT_CARRIER = 'No-Contract';

const emptyToUndefined = (v: unknown): unknown =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

const numberText = (min: number, max: number) =>
  z.string().regex(NUMBER, 'must be a number').transform(Number).pipe(z.number().min(min).max(max));

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\s*\d+\s*$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const numeric = (min: number, max: number) => z.preprocess(emptyToUndefined, numberText(min, max));
const optionalNumeric = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, numberText(min, max).optional());
const optionalInteger = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, integerText(min, max).optional());

export const searchPathSchema = z.object({
  countryCode: z.string().regex(/^[A-Za-z]{2,8}$/, 'must be a country or region code'),
  lang: z.string().regex(/^[A-Za-z]{2,3}$/, 'must be a language code'),
  channel: z.string().regex(/^[a-z]{2,20}$/, 'must be a channel name'),
});

export const globalMatrixPathSchema = searchPathSchema.pick({ countryCode: true, lang: true });

/**
 * A map's visible area, `west,south,east,north` in degrees (GeoJSON's bbox order); west may be
 * greater than east when the area crosses the antimeridian.
 */
const bboxText = z.string().transform((v, ctx) => {
  const parts = v.split(',');
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p))) {
    ctx.addIssue({ code: 'custom', message: 'must be four numbers: west,south,east,north' });
    return z.NEVER;
  }
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (
    Math.max(Math.abs(west), Math.abs(east)) > 180 ||
    Math.max(Math.abs(south), Math.abs(north)) > 90 ||
    south > north
  ) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: 180,
      message:
        'must be longitudes from -180 to 180 and latitudes from -90 to 90, south before north',
    });
    return z.NEVER;
  }
  return { west, south, east, north };
});

export type SearchArea = z.output<typeof bboxText>;

/** GET /api/v1/grlui/{cc}/{lang}/{channel} query (PRODUCT.md#product-api). */
export const searchQuerySchema = z.object({
  /** Product _id, or "all" (default). */
  pt: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(all|[0-9]{1,9})$/i, 'must be a product id or "all"')
      .transform((v) => v.toLowerCase())
      .default('all'),
  ),
  lat: numeric(-90, 90),
  lon: numeric(-180, 180),
  carrier: z.preprocess(emptyToUndefined, z.string().max(60).optional()),
  /** Kilometres. */
  maxrad: optionalNumeric(0.1, MAX_RADIUS_KM),
  maxResult: optionalInteger(1, MAX_RESULTS_LIMIT),
  repairType: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^drop[ _-]?off$/i, 'must be "Drop off" or empty')
      .optional(),
  ),
  /**
   * Search this area (the map's visible area) instead of the radius: the stores inside it
   * nearest lat/lon (its centre), and every match's position for the map.
   */
  bbox: z.preprocess(emptyToUndefined, bboxText.optional()),
});

export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** POST /api/v1/grlui/locationSearch body (PRODUCT.md#location-search-statistic). */
export const locationSearchSchema = z.strictObject({
  channel: z.enum(CHANNEL_KEYS),
  country: z.string().regex(/^[A-Za-z]{2,8}$/, 'must be a country or region code'),
  locale: z.string().regex(/^[a-z]{2,3}[-_][A-Za-z0-9]{2,8}$/, 'must look like en_GB'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  product: z.string().max(100),
  searchedLocation: z.string().max(500),
});

export type LocationSearchBody = z.infer<typeof locationSearchSchema>;

/** GET /locales/{namespace}s-{lang_REGION}.json file name (PRODUCT.md#other-server-calls). */
export const localeFilePattern =
  /^([a-z][a-zA-Z0-9]{0,39})s-([a-z]{2,3})(?:_([A-Za-z0-9]{2,8}))?\.json$/;

export interface LocaleFileName {
  namespace: string;
  lang: string;
  region?: string;
}

export function parseLocaleFileName(file: string): LocaleFileName | undefined {
  const m = localeFilePattern.exec(file);
  if (!m?.[1] || !m[2]) return undefined;
  return m[3] ? { namespace: m[1], lang: m[2], region: m[3] } : { namespace: m[1], lang: m[2] };
}

/**
 * The API error for the first problem of a failed parse: its code and the parameter named.
 * `input` is the parsed value, to tell a missing parameter from a malformed one.
 */
export function apiErrorFromIssues(
  issues: readonly z.core.$ZodIssue[],
  body = false,
  input?: unknown,
): ApiError {
  const issue = issues[0];
  const param = issue?.path.map(String).join('.') || undefined;
  if (body) return new ApiError('INVALID_BODY', describe(issue, param), param);
  // A query parameter given more than once (?lat=1&lat=2) arrives as an array.
  if (issue && param && Array.isArray(valueAt(input, issue.path))) {
    return new ApiError('INVALID_PARAMETER', `${param}: given more than once`, param);
  }
  let code: ErrorCode = 'INVALID_PARAMETER';
  if (
    issue?.code === 'invalid_type' &&
    emptyToUndefined(valueAt(input, issue.path)) === undefined
  ) {
    code = 'MISSING_PARAMETER';
  } else if (issue?.code === 'too_big' || issue?.code === 'too_small') {
    code = 'PARAMETER_OUT_OF_RANGE';
  }
  return new ApiError(code, describe(issue, param), param);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function describe(issue: z.core.$ZodIssue | undefined, param: string | undefined): string {
  if (!issue) return 'Invalid input.';
  return param ? `${param}: ${issue.message}` : issue.message;
}
