/**
 * The demand dashboard's query, read and checked the same way by the server (which answers a
 * stable error code and the parameter) and the console: a period of local days in the viewer's
 * time zone, both days included, with its UTC bounds, the previous period of the same length,
 * and the day or week buckets of the series.
 *
 * The roll-ups count whole UTC hours, so a bound is the local midnight rounded down to its UTC
 * hour: exact in every zone whose offset is whole hours; in a zone 30 or 45 minutes off the hour
 * (India, Nepal, parts of Australia) a day runs from the whole UTC hour before its midnight, so
 * up to 45 minutes move from one day to the day before.
 */
import { ANALYTICS_PATTERNS } from './analytics-events.js';
import { dayOfIsoDate, instantOf, isTimeZone, isoDateOf, weekdayOf } from './hours-zone.js';
import { CHANNEL_KEYS, type ChannelKey } from './types.js';

const HOUR_MS = 3_600_000;
/** The longest period (days), the previous period of the same length aside. */
export const DEMAND_MAX_DAYS = 400;
export const DEMAND_BUCKETS = ['day', 'week'] as const;
export type DemandBucket = (typeof DEMAND_BUCKETS)[number];
/** Rows of the unmet places: default and most. */
export const DEMAND_PLACES_DEFAULT = 100;
export const DEMAND_PLACES_MAX = 1000;

export interface DemandQuery {
  /** Local days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  timeZone: string;
  by: DemandBucket;
  /** Rows of the unmet places. */
  limit: number;
  country?: string;
  channel?: ChannelKey;
  product?: string;
}

export interface DemandQueryProblem {
  code: 'MISSING_PARAMETER' | 'INVALID_PARAMETER' | 'PARAMETER_OUT_OF_RANGE';
  param: string;
  message: string;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** The query of the dashboard from its URL parameters, or the first problem found. */
export function readDemandQuery(raw: Record<string, unknown>): DemandQuery | DemandQueryProblem {
  const problem = (code: DemandQueryProblem['code'], param: string, message: string) => ({
    code,
    param,
    message,
  });
  const days: number[] = [];
  for (const param of ['from', 'to'] as const) {
    const value = text(raw[param]);
    if (value === undefined) return problem('MISSING_PARAMETER', param, `${param} is required.`);
    const day = dayOfIsoDate(value);
    if (day === undefined) {
      return problem('INVALID_PARAMETER', param, `${param} must be a date such as 2026-11-30.`);
    }
    days.push(day);
  }
  const [from, to] = days as [number, number];
  if (from > to) return problem('PARAMETER_OUT_OF_RANGE', 'to', 'to is before from.');
  if (to - from + 1 > DEMAND_MAX_DAYS) {
    return problem(
      'PARAMETER_OUT_OF_RANGE',
      'from',
      `The period is longer than ${DEMAND_MAX_DAYS} days.`,
    );
  }
  const timeZone = text(raw.tz) ?? 'UTC';
  if (!isTimeZone(timeZone)) {
    return problem('INVALID_PARAMETER', 'tz', `tz must be a time zone such as Europe/London.`);
  }
  const by = text(raw.by) ?? 'day';
  if (!(DEMAND_BUCKETS as readonly string[]).includes(by)) {
    return problem('INVALID_PARAMETER', 'by', 'by must be day or week.');
  }
  const limitText = text(raw.limit);
  const limit = limitText === undefined ? DEMAND_PLACES_DEFAULT : Number(limitText);
  if (!/^\d+$/.test(limitText ?? '0')) {
    return problem('INVALID_PARAMETER', 'limit', 'limit must be a whole number.');
  }
  if (limit < 1 || limit > DEMAND_PLACES_MAX) {
    return problem('PARAMETER_OUT_OF_RANGE', 'limit', `limit must be 1 to ${DEMAND_PLACES_MAX}.`);
  }
  const q: DemandQuery = {
    from: isoDateOf(from),
    to: isoDateOf(to),
    timeZone,
    by: by as DemandBucket,
    limit,
  };
  const country = text(raw.country);
  if (country !== undefined) {
    if (!ANALYTICS_PATTERNS.country.test(country)) {
      return problem('INVALID_PARAMETER', 'country', 'country must be a country or region code.');
    }
    q.country = country.toUpperCase();
  }
  const channel = text(raw.channel);
  if (channel !== undefined) {
    if (!(CHANNEL_KEYS as readonly string[]).includes(channel)) {
      return problem('INVALID_PARAMETER', 'channel', `channel must be ${CHANNEL_KEYS.join(', ')}.`);
    }
    q.channel = channel as ChannelKey;
  }
  const product = text(raw.product);
  if (product !== undefined) {
    if (!ANALYTICS_PATTERNS.product.test(product)) {
      return problem('INVALID_PARAMETER', 'product', 'product must be a product id or "all".');
    }
    q.product = product.toLowerCase();
  }
  return q;
}

export const isDemandProblem = (q: DemandQuery | DemandQueryProblem): q is DemandQueryProblem =>
  'code' in q;

/** Local midnight of a local day, rounded down to its UTC hour (epoch ms). */
export function dayStart(day: number, timeZone: string): number {
  return Math.floor(instantOf(day, 0, timeZone) / HOUR_MS) * HOUR_MS;
}

export interface DemandBucketBounds {
  /** The bucket's first local day (a Monday for weeks, unless the period starts later). */
  start: string;
  /** UTC bounds, [fromMs, toMs). */
  fromMs: number;
  toMs: number;
}

export interface DemandPeriod {
  days: number;
  fromMs: number;
  toMs: number;
  previous: { from: string; to: string; fromMs: number; toMs: number };
  buckets: DemandBucketBounds[];
}

/** The UTC bounds of a query's period, its previous period, and the series' buckets. */
export function demandPeriod(q: DemandQuery): DemandPeriod {
  const from = dayOfIsoDate(q.from)!;
  const to = dayOfIsoDate(q.to)!;
  const days = to - from + 1;
  const buckets: DemandBucketBounds[] = [];
  for (let d = from; d <= to; d++) {
    if (q.by === 'day' || d === from || weekdayOf(d) === 0) {
      buckets.push({ start: isoDateOf(d), fromMs: dayStart(d, q.timeZone), toMs: 0 });
    }
  }
  buckets.forEach((b, i) => {
    b.toMs = buckets[i + 1]?.fromMs ?? dayStart(to + 1, q.timeZone);
  });
  return {
    days,
    fromMs: dayStart(from, q.timeZone),
    toMs: dayStart(to + 1, q.timeZone),
    previous: {
      from: isoDateOf(from - days),
      to: isoDateOf(from - 1),
      fromMs: dayStart(from - days, q.timeZone),
      toMs: dayStart(from, q.timeZone),
    },
    buckets,
  };
}
