/**
 * The admin store API's requests (README "Admin API"), as zod schemas shared by the server
 * (which validates every request with them and generates its OpenAPI document from them) and
 * any console that writes stores. A store is an import row as JSON: the import's columns, lists
 * as arrays (or ";"-separated text), coordinates as numbers (or decimal text). These schemas
 * check a store's form; the server then checks its content as the import does (catalogue codes,
 * phone numbers, opening hours, coordinates inside the country).
 */
import { z } from 'zod';
import { FORBIDDEN_CHARACTERS } from './store-text.js';

/** A store id: 1–64 of A-Z a-z 0-9 . _ - ("bulk" is the bulk import's path). */
export const STORE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const GEO_CODE_STATUSES = [
  'BULK_UPLOAD',
  'DATA_FEED',
  'ADDRESS_PARCEL',
  'ADDRESS_INTERPOLATED',
] as const;

/** Text without the characters no store text may hold (store-text.ts). */
export const CLEAN_TEXT = new RegExp(`^[^${FORBIDDEN_CHARACTERS.source.slice(1, -1)}]*$`, 'u');
export const CLEAN_TEXT_MESSAGE = 'contains a control or bidirectional character';

const clean = (max: number) => z.string().max(max).regex(CLEAN_TEXT, { error: CLEAN_TEXT_MESSAGE });

/** A required text column. */
const required = (max: number, description: string) =>
  clean(max).trim().min(1).meta({ description });

/** An optional text column: text (a number is read as its digits); empty or null is none. */
const optional = (max: number, description: string) =>
  z
    .union([clean(max), z.number(), z.null()])
    .optional()
    .meta({ description });

/** A list column: an array, or its items separated by ";" as in CSV; empty or null is none. */
const list = (description: string, item: z.ZodType = z.union([clean(60).min(1), z.number()])) =>
  z
    .union([z.array(item), clean(20_000), z.null()])
    .optional()
    .meta({ description });

/** A plain decimal number as text: no hexadecimal, exponent, "Infinity" or separators. */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$|^$/;

const coordinate = (max: number, description: string, example: number) =>
  z
    .union([
      z.number().min(-max).max(max),
      z.string().regex(DECIMAL_TEXT, { error: 'must be a decimal number like 51.5142' }),
      z.null(),
    ])
    .meta({ description, examples: [example] });

const storeColumns = {
  storeId: z
    .union([z.string().regex(STORE_ID_PATTERN), z.number().int().nonnegative()])
    .optional()
    .meta({ description: "The store's id; when given, it must be the path's." }),
  title: required(200, "The store's name."),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code' })
    .meta({ description: 'ISO 3166-1 alpha-2 country code.', examples: ['GB'] }),
  street1: required(200, 'First address line.'),
  street2: optional(200, 'Second address line.'),
  city: required(100, 'City or town.'),
  state: optional(100, 'State, county or province.'),
  postalCode: optional(20, 'Postal code.'),
  phone: optional(40, "Phone number, national or international; checked for the store's country."),
  latitude: coordinate(90, 'Latitude in decimal degrees (WGS 84).', 51.5142),
  longitude: coordinate(180, 'Longitude in decimal degrees (WGS 84).', -0.142),
  storeWeb: optional(300, 'Web address, http or https (the scheme may be left out).'),
  storeTypes: list(
    "Store types, numbers (5 = the maker's own store).",
    z.union([z.number().int().min(0).max(999), z.string().regex(/^\d{1,3}$/)]),
  ),
  badges: list('Badge codes of the catalogue.'),
  salesProducts: list('Product codes the store sells.'),
  serviceProducts: list('Product codes the store services.'),
  trainingProducts: list('Product codes the store trains on (a training provider).'),
  serviceTypes: list('Repair type codes (rt1…).'),
  valueAddedServices: list('Value-added service codes (vas1…).'),
  specialties: list('Specialty codes (ss1…).'),
  carriers: list('Carrier names of the country; none: carrier-neutral.'),
  apptSchedulerIndVal: optional(10, 'Appointment scheduler flag.'),
  geoCodeStatus: z
    .union([z.enum(GEO_CODE_STATUSES), z.literal(''), z.null()])
    .optional()
    .meta({ description: 'How the position was found (default BULK_UPLOAD).' }),
  hours: optional(
    1000,
    "Weekly opening hours, a subset of OpenStreetMap's opening_hours: `Mo-Fr 09:00-18:00; Su off`.",
  ),
  specialHours: z
    .union([z.array(clean(200)), clean(20_000), z.null()])
    .optional()
    .meta({
      description:
        'Dates that replace the weekly hours, each `DATE times ["name"]` (a `;`-separated text ' +
        'is also read). Needs `hours`.',
      examples: [['2026-12-25 off "Christmas Day"', '2026-12-24 09:00-14:00']],
    }),
  timeZone: optional(64, "IANA time zone; left out, derived from the store's position."),
};

const STORE_EXAMPLE = {
  title: 'High Street store',
  country: 'GB',
  street1: '1 High Street',
  city: 'London',
  latitude: 51.5142,
  longitude: -0.142,
};

/**
 * PUT /stores/{storeId}: a whole store. Only what the server requires is required; unknown
 * columns are refused (a typo must not lose data).
 */
export const storeInputSchema = z.strictObject(storeColumns).meta({
  // Request schemas are documented with "Input" appended: this is "StoreInput".
  id: 'Store',
  description: 'A store as an import row (README "Import"): the columns, no others.',
  examples: [
    {
      ...STORE_EXAMPLE,
      postalCode: 'W1B 2EL',
      phone: '+44 20 7946 0000',
      salesProducts: ['phone'],
      storeTypes: [5],
      hours: 'Mo-Sa 09:00-18:00; Su off',
      specialHours: ['2026-12-25 off "Christmas Day"'],
    },
  ],
});
export type StoreInput = z.input<typeof storeInputSchema>;

/** PATCH /stores/{storeId}: some columns; the merged store is checked as a PUT's. */
export const storePatchSchema = storeInputSchema.partial().meta({
  id: 'StorePatch', // documented as "StorePatchInput"
  description: 'Some columns of a store; each replaces the stored one.',
  examples: [{ title: 'High Street store (closed for works)', hours: 'Mo-Fr 10:00-16:00' }],
});
export type StorePatch = z.input<typeof storePatchSchema>;

/** Columns of the store answer's document that an API key reads back. */
export const STORE_COLUMNS = Object.keys(storeColumns);

export const storePathSchema = z.object({
  storeId: z
    .string()
    .regex(STORE_ID_PATTERN, { error: '1–64 of A-Z a-z 0-9 . _ -' })
    .meta({
      description: 'The store id (1–64 of A-Z a-z 0-9 . _ -).',
      examples: ['GB-0001'],
    }),
});

const emptyToUndefined = (v: unknown): unknown => (v === '' ? undefined : v);

const limit = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(100)
      .meta({ description: `Most entries answered (1–${max}).` }),
  );

export const storeListQuerySchema = z.object({
  limit: limit(500),
  after: z
    .preprocess(emptyToUndefined, z.string().max(64).optional())
    .meta({ description: 'The `next` of the previous page: stores after this id.' }),
});

export const auditQuerySchema = z.object({
  storeId: z
    .preprocess(emptyToUndefined, z.string().max(64).optional())
    .meta({ description: "Only this store's entries." }),
  limit: limit(1000),
});

const flag = (description: string) =>
  z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).optional())
    .transform((v) => v === 'true')
    .meta({ description });

export const bulkQuerySchema = z.object({
  mode: z
    .preprocess(emptyToUndefined, z.enum(['upsert', 'sync']).default('upsert'))
    .meta({ description: 'upsert: write the stores given; sync: also remove the others.' }),
  dryRun: flag('true: check and count the changes, write nothing.'),
  allowRemoval: flag('true: a sync may remove any share of the stores.'),
  maxRemoval: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).optional())
    .meta({ description: 'Largest share (0–1) of the stores a sync may remove (default 0.1).' }),
});

/** Idempotency-Key: 1–255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const ifMatch = z.string().optional().meta({
  description:
    'Write only if the store is still this version (its ETag, `"…"`), or any existing one with `*`.',
});
const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: '1–255 visible ASCII characters' })
  .optional()
  .meta({
    description:
      'A retry with the same key and request gets the first answer again (24 hours, per API key).',
  });

/** Headers of PUT, PATCH and DELETE (header names in lower case, as HTTP/2 and Node have them). */
export const writeHeadersSchema = z.looseObject({
  'if-match': ifMatch,
  'idempotency-key': idempotencyKey,
});
/** Headers of the bulk import. */
export const bulkHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKey });
/** Headers of GET /stores/{storeId}. */
export const readHeadersSchema = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of a copy: 304 without a body while it is current.' }),
});
