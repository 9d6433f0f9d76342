/**
 * Analytics events (spec 1: "reports analytics page views, searches and link clicks"): the wire
 * schema of POST /api/v1/analytics/events, shared by the web client (checks before queuing) and
 * the server (validation). Privacy-first: no free text, no URLs, no identifiers of the visitor;
 * searched coordinates are rounded to COORDINATE_DECIMALS (0.01° ≈ 1.1 km).
 */
import { z } from 'zod';
import { CHANNEL_KEYS } from './types.js';

/** Path of the events endpoint. */
export const ANALYTICS_EVENTS_PATH = '/api/v1/analytics/events';
/** Most events in one request. */
export const ANALYTICS_MAX_BATCH = 50;
/** Decimal places kept of a searched coordinate (0.01° ≈ 1.1 km of latitude). */
export const COORDINATE_DECIMALS = 2;

/** Event types a browser sends; the server adds "locationSearch" for the 3.9 statistic. */
export const ANALYTICS_EVENT_TYPES = ['pageView', 'search', 'click'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
/** Every type in the events store. */
export const STORED_EVENT_TYPES = [...ANALYTICS_EVENT_TYPES, 'locationSearch'] as const;
export type StoredEventType = (typeof STORED_EVENT_TYPES)[number];

/** Link kinds of the results page (spec 7.4) and its header. */
export const LINK_KINDS = [
  'directions',
  'website',
  'phone',
  'appointment',
  'carrier',
  'enterprise',
  'external',
  'share',
  'home',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Screens with a page view (spec 2). */
export const PAGE_KINDS = ['home', 'chooser', 'results', 'error'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** How a search started: the form, a deep link, or the drop-off switch. */
export const SEARCH_TRIGGERS = ['form', 'deepLink', 'dropOff'] as const;
export type SearchTrigger = (typeof SEARCH_TRIGGERS)[number];

const country = z.string().regex(/^[A-Za-z]{2,8}$/, 'must be a country or region code');
const locale = z.string().regex(/^[a-z]{2,3}[-_][A-Za-z0-9]{2,8}$/, 'must look like en-GB');
const channel = z.enum(CHANNEL_KEYS);
const product = z.string().regex(/^(all|[0-9]{1,9})$/i, 'must be a product id or "all"');
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const pageViewEventSchema = z.strictObject({
  type: z.literal('pageView'),
  page: z.enum(PAGE_KINDS),
  locale,
  country: country.optional(),
  channel: channel.optional(),
});

export const searchEventSchema = z
  .strictObject({
    type: z.literal('search'),
    channel,
    country,
    locale,
    product,
    /** A carrier name of the country (public, not personal); absent or "" for none. */
    carrier: z.string().max(60).optional(),
    trigger: z.enum(SEARCH_TRIGGERS).optional(),
    dropOff: z.boolean().optional(),
    /** Stores found; 0 is unmet demand. Absent when the client did not report it. */
    resultCount: z.number().int().min(0).max(10_000).optional(),
    /** The searched position; the server rounds it. Both or neither. */
    latitude: latitude.optional(),
    longitude: longitude.optional(),
  })
  .refine((e) => (e.latitude === undefined) === (e.longitude === undefined), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  });

export const clickEventSchema = z.strictObject({
  type: z.literal('click'),
  link: z.enum(LINK_KINDS),
  locale,
  channel: channel.optional(),
  country: country.optional(),
  product: product.optional(),
  storeId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a store id')
    .optional(),
});

export const analyticsEventSchema = z.discriminatedUnion('type', [
  pageViewEventSchema,
  searchEventSchema,
  clickEventSchema,
]);

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
export type SearchAnalyticsEvent = z.infer<typeof searchEventSchema>;
export type ClickAnalyticsEvent = z.infer<typeof clickEventSchema>;
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** POST /api/v1/analytics/events body. */
export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** A coordinate rounded to COORDINATE_DECIMALS (about 1 km); never "-0". */
export function roundCoordinate(value: number): number {
  const f = 10 ** COORDINATE_DECIMALS;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}
