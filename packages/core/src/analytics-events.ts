/**
 * Analytics events without zod: the constants of the wire format of POST
 * /api/v1/analytics/events and a plain check of one event (`isAnalyticsEvent`), for the web
 * client, which checks every event before queuing it on every page, the home page included,
 * whose JavaScript budget has no room for zod (bench:web). The zod schemas the server validates
 * with (`analytics.ts`) are built from the same constants; a test proves that both accept and
 * refuse the same events.
 */
import { CHANNEL_KEYS } from './types.js';

/** Path of the events endpoint. */
export const ANALYTICS_EVENTS_PATH = '/api/v1/analytics/events';
/** Most events in one request. */
export const ANALYTICS_MAX_BATCH = 50;
/** Decimal places kept of a searched coordinate (0.01° ≈ 1.1 km of latitude). */
export const COORDINATE_DECIMALS = 2;

/** Event types a browser sends; the server adds "locationSearch" for the location-search statistic. */
export const ANALYTICS_EVENT_TYPES = ['pageView', 'search', 'click'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
/** Every type in the events store. */
export const STORED_EVENT_TYPES = [...ANALYTICS_EVENT_TYPES, 'locationSearch'] as const;
export type StoredEventType = (typeof STORED_EVENT_TYPES)[number];

/**
 * Link kinds of the results page (PRODUCT.md#external-links) and its header; `details`: a store's details opened
 * (its entry or pin selected: the callout on a wide screen, the detail view on a narrow one).
 */
export const LINK_KINDS = [
  'details',
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

/** Screens with a page view (PRODUCT.md#screens-and-routes). */
export const PAGE_KINDS = ['home', 'chooser', 'results', 'error'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** How a search started: the form, a deep link, or the drop-off switch. */
export const SEARCH_TRIGGERS = ['form', 'deepLink', 'dropOff'] as const;
export type SearchTrigger = (typeof SEARCH_TRIGGERS)[number];

/** The text fields of an event and what they must look like. */
export const ANALYTICS_PATTERNS = Object.freeze({
  /** A country or region code. */
  country: /^[A-Za-z]{2,8}$/,
  /** Looks like en-GB (or en_GB). */
  locale: /^[a-z]{2,3}[-_][A-Za-z0-9]{2,8}$/,
  /** A product id or "all". */
  product: /^(all|[0-9]{1,9})$/i,
  /** A store id. */
  storeId: /^[A-Za-z0-9._-]{1,64}$/,
});
/** Longest carrier name. */
export const ANALYTICS_CARRIER_MAX = 60;
/** Largest result count of a search event. */
export const ANALYTICS_RESULT_COUNT_MAX = 10_000;

/** A coordinate rounded to COORDINATE_DECIMALS (about 1 km); never "-0". */
export function roundCoordinate(value: number): number {
  const f = 10 ** COORDINATE_DECIMALS;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

type Check = (value: unknown) => boolean;

const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const matches =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === 'string' && pattern.test(v);
const between =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);

const country = matches(ANALYTICS_PATTERNS.country);
const locale = matches(ANALYTICS_PATTERNS.locale);
const channel = oneOf(CHANNEL_KEYS);
const product = matches(ANALYTICS_PATTERNS.product);

/** The fields of each event type (all of them: any other key is refused). */
const EVENT_FIELDS: Readonly<Record<AnalyticsEventType, Readonly<Record<string, Check>>>> = {
  pageView: {
    page: oneOf(PAGE_KINDS),
    locale,
    country: optional(country),
    channel: optional(channel),
  },
  search: {
    channel,
    country,
    locale,
    product,
    carrier: optional((v) => typeof v === 'string' && v.length <= ANALYTICS_CARRIER_MAX),
    trigger: optional(oneOf(SEARCH_TRIGGERS)),
    dropOff: optional((v) => typeof v === 'boolean'),
    resultCount: optional((v) => Number.isInteger(v) && between(0, ANALYTICS_RESULT_COUNT_MAX)(v)),
    beyondRadius: optional((v) => typeof v === 'boolean'),
    latitude: optional(between(-90, 90)),
    longitude: optional(between(-180, 180)),
  },
  click: {
    link: oneOf(LINK_KINDS),
    locale,
    channel: optional(channel),
    country: optional(country),
    product: optional(product),
    storeId: optional(matches(ANALYTICS_PATTERNS.storeId)),
  },
};

/**
 * True when the value is one event the events endpoint accepts: the same rules as
 * `analyticsEventSchema`, without zod.
 */
export function isAnalyticsEvent(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  const type = event.type;
  if (typeof type !== 'string' || !Object.hasOwn(EVENT_FIELDS, type)) return false;
  const fields = EVENT_FIELDS[type as AnalyticsEventType];
  for (const key of Object.keys(event)) {
    if (key !== 'type' && !Object.hasOwn(fields, key)) return false;
  }
  for (const [key, check] of Object.entries(fields)) {
    if (!check(event[key])) return false;
  }
  // A searched position has both coordinates or neither.
  return type !== 'search' || (event.latitude === undefined) === (event.longitude === undefined);
}
