/**
 * Analytics events (PRODUCT.md#what-the-product-does: "reports analytics page views, searches and link clicks"): the wire
 * schema of POST /api/v1/analytics/events, which the server validates with. The web client checks
 * each event before queuing it with `isAnalyticsEvent` (analytics-events.ts: the same rules
 * without zod). Privacy-first: no free text, no URLs, no identifiers of the visitor; searched
 * coordinates are rounded to COORDINATE_DECIMALS (0.01° ≈ 1.1 km).
 */
import { z } from 'zod';
import { CHANNEL_KEYS } from './types.js';
import {
  ANALYTICS_CARRIER_MAX,
  ANALYTICS_MAX_BATCH,
  ANALYTICS_PATTERNS,
  ANALYTICS_RESULT_COUNT_MAX,
  LINK_KINDS,
  PAGE_KINDS,
  SEARCH_TRIGGERS,
} from './analytics-events.js';

// The constants, the zod-free check the web client uses and roundCoordinate.
export * from './analytics-events.js';

const country = z.string().regex(ANALYTICS_PATTERNS.country, 'must be a country or region code');
const locale = z.string().regex(ANALYTICS_PATTERNS.locale, 'must look like en-GB');
const channel = z.enum(CHANNEL_KEYS);
const product = z.string().regex(ANALYTICS_PATTERNS.product, 'must be a product id or "all"');
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
    carrier: z.string().max(ANALYTICS_CARRIER_MAX).optional(),
    trigger: z.enum(SEARCH_TRIGGERS).optional(),
    dropOff: z.boolean().optional(),
    /** Stores found; 0 is unmet demand. Absent when the client did not report it. */
    resultCount: z.number().int().min(0).max(ANALYTICS_RESULT_COUNT_MAX).optional(),
    /**
     * True when no store was within the radius and the stores shown are the nearest beyond it
     * (the search answer's `beyondRadius`): unmet demand too (PRODUCT.md#demand-dashboard).
     */
    beyondRadius: z.boolean().optional(),
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
  storeId: z.string().regex(ANALYTICS_PATTERNS.storeId, 'must be a store id').optional(),
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
