/**
 * The console's demand dashboard contract (every role may read it), shared by the server (which
 * validates and documents it) and the console (which reads it): for a period in the viewer's time
 * zone and the filters, the headline figures against the previous period, the series, the totals
 * by country, channel and product, the funnel and the places of unmet demand. Counted from the
 * same hourly roll-ups as `npm run analytics:report`, so both agree on the same period.
 *
 * Privacy: a count from 1 to `minCount` − 1 is never given as a number but as
 * `{ "fewerThan": minCount }`; a rate whose counts are so hidden is null.
 */
import { z } from 'zod';
import { DEMAND_BUCKETS, DEMAND_MAX_DAYS } from './console-demand-period.js';

export * from './console-demand-period.js';

export const demandCountSchema = z
  .union([z.number().int().min(0), z.strictObject({ fewerThan: z.number().int().min(1) })])
  .meta({
    id: 'DemandCount',
    description:
      'A count, or {"fewerThan": N} when it is from 1 to N − 1 (N: the privacy threshold).',
  });
export type DemandCount = z.infer<typeof demandCountSchema>;

/** A count as the contract gives it: hidden when from 1 to minCount − 1. */
export function shownCount(n: number, minCount: number): DemandCount {
  return n > 0 && n < minCount ? { fewerThan: minCount } : n;
}

/** A rate of two counts, null without a denominator or when either count is hidden. */
export function shownRate(num: number, den: number, minCount: number): number | null {
  const hidden = (n: number) => n > 0 && n < minCount;
  return den === 0 || hidden(num) || hidden(den) ? null : num / den;
}

const change = <T extends z.ZodType>(value: T) => z.object({ current: value, previous: value });

const breakdownRow = z.object({
  /** The country code, channel key or product id; "" when the events did not say. */
  key: z.string(),
  /** The product's display name (products only; the id when the catalogue has no name). */
  name: z.string().optional(),
  searches: demandCountSchema,
  /** Unmet searches: no store found, or only beyond the radius. */
  unmet: demandCountSchema,
});

export const demandPlaceSchema = z
  .object({
    /** The rounded position (0.01°, about 1 km). */
    latitude: z.number(),
    longitude: z.number(),
    country: z.string(),
    /** The place's name from the embedded gazetteer; the coordinates when it has none. */
    place: z.string(),
    /** Unmet searches there: no store found, or only beyond the radius. */
    searches: demandCountSchema,
    /** Of these, the searches answered only beyond the radius (the nearest stores beyond it). */
    beyondRadius: demandCountSchema,
    /** Distance to the nearest store of the country (of the channel filter, if any); null: none. */
    nearestStoreKm: z.number().nullable(),
  })
  .meta({ id: 'DemandPlace', description: 'A rounded position with unmet searches.' });
export type DemandPlace = z.infer<typeof demandPlaceSchema>;

export const DEMAND_FUNNEL_STEPS = [
  'searches',
  'found',
  'details',
  'directions',
  'website',
  'phone',
  'appointment',
  'otherClicks',
] as const;

export const demandAnswerSchema = z
  .object({
    period: z.object({
      /** Local days, both included, as understood. */
      from: z.string(),
      to: z.string(),
      timeZone: z.string(),
      by: z.enum(DEMAND_BUCKETS),
      days: z.number().int().min(1).max(DEMAND_MAX_DAYS),
      /** The UTC instants counted, [utcFrom, utcTo) (ISO 8601; whole hours). */
      utcFrom: z.string(),
      utcTo: z.string(),
      previous: z.object({ from: z.string(), to: z.string() }),
    }),
    filters: z.object({
      country: z.string().nullable(),
      channel: z.string().nullable(),
      product: z.string().nullable(),
    }),
    /** The privacy threshold (ANALYTICS_MIN_COUNT). */
    minCount: z.number().int().min(1),
    headline: z.object({
      searches: change(demandCountSchema),
      /**
       * Searches that found no store nearby (PRODUCT.md#demand-dashboard): none at all, or only
       * beyond the radius.
       */
      unmet: change(demandCountSchema),
      /** Of the unmet searches, those answered only beyond the radius. */
      beyondRadius: change(demandCountSchema),
      /** Of the searches that reported a result count, the share that found a store within the radius. */
      shareFound: change(z.number().nullable()),
      clicksPerSearch: change(z.number().nullable()),
    }),
    series: z.array(
      z.object({
        /** The bucket's first local day. */
        start: z.string(),
        searches: demandCountSchema,
        unmet: demandCountSchema,
      }),
    ),
    byCountry: z.array(breakdownRow),
    byChannel: z.array(breakdownRow),
    byProduct: z.array(breakdownRow),
    /**
     * Searches → searches that found a store within the radius → a store's details opened (its entry or pin
     * selected) → the store links clicked by kind → other clicks.
     */
    funnel: z.array(z.object({ step: z.enum(DEMAND_FUNNEL_STEPS), count: demandCountSchema })),
    unmetPlaces: z.object({
      /** Places with unmet searches in the period (the rows are the first `limit`). */
      total: z.number().int().min(0),
      /** Unmet searches that reported no position. */
      unlocated: demandCountSchema,
      rows: z.array(demandPlaceSchema),
    }),
  })
  .meta({ id: 'DemandDashboard', description: 'The demand figures of a period.' });
export type DemandAnswer = z.infer<typeof demandAnswerSchema>;

const param = (description: string) => z.string().optional().meta({ description });

/** The query parameters as documented; readDemandQuery checks them. */
export const demandQueryParamsSchema = z.object({
  from: param('First local day, YYYY-MM-DD (required).'),
  to: param(`Last local day, YYYY-MM-DD, included (required; at most ${DEMAND_MAX_DAYS} days).`),
  tz: param('IANA time zone of the days (default UTC).'),
  by: param('Series buckets: day (default) or week (weeks start on Monday).'),
  country: param('Only this country or region code.'),
  channel: param('Only this channel.'),
  product: param('Only this product id (or "all").'),
  limit: param('Rows of the unmet places (1–1000, default 100).'),
});
