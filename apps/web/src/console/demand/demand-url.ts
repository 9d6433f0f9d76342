/**
 * The demand dashboard's filters as they stand in the address (/admin/demand?period=30d&by=week
 * &country=DE&channel=sales&product=7, or from=…&to=… for a custom period): a shared link opens
 * the same figures. The period is local days of the viewer's time zone, counted back from today
 * there. A value the address cannot mean is dropped with a note (its default applies); the
 * checks are the server's own (`readDemandQuery` of @locator/core/console-demand).
 */
import { dayOfIsoDate, isoDateOf, localTimeAt } from '@locator/core';
import {
  DEMAND_BUCKETS,
  isDemandProblem,
  readDemandQuery,
  type DemandBucket,
  type DemandQueryProblem,
} from '@locator/core/console-demand';

export const DEMAND_PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type DemandPreset = (typeof DEMAND_PRESETS)[number];
export const DEFAULT_PRESET: DemandPreset = '30d';

export interface DemandFilters {
  /** A preset counted back from today, or custom days. */
  period: DemandPreset | 'custom';
  /** Local days, both included (those of the preset, or the custom ones). */
  from: string;
  to: string;
  by: DemandBucket;
  country: string;
  channel: string;
  product: string;
}

/** A parameter of the address that could not be used. */
export interface FilterNote {
  param: string;
  code: DemandQueryProblem['code'] | 'UNKNOWN_PERIOD';
}

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: number): string {
  return isoDateOf(localTimeAt(now, timeZone).day);
}

/** The days of a preset ending today. */
export function presetDays(preset: DemandPreset, today: string): { from: string; to: string } {
  const end = dayOfIsoDate(today)!;
  if (preset === '12m') {
    const d = new Date(end * 86_400_000);
    d.setUTCFullYear(d.getUTCFullYear() - 1);
    return { from: isoDateOf(Math.round(d.getTime() / 86_400_000) + 1), to: today };
  }
  const days = Number(preset.slice(0, -1));
  return { from: isoDateOf(end - days + 1), to: today };
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T =>
  v !== null && (list as readonly string[]).includes(v);

/** The filters of the address, and the notes of what in it could not be used. */
export function filtersOfSearch(
  params: URLSearchParams,
  timeZone: string,
  now: number,
): { filters: DemandFilters; notes: FilterNote[] } {
  const notes: FilterNote[] = [];
  const today = todayIn(timeZone, now);
  const periodParam = params.get('period');
  const custom = params.has('from') || params.has('to');
  let period: DemandFilters['period'] = DEFAULT_PRESET;
  if (periodParam !== null && !custom) {
    if (oneOf(DEMAND_PRESETS, periodParam)) period = periodParam;
    else notes.push({ param: 'period', code: 'UNKNOWN_PERIOD' });
  }
  const raw: Record<string, string | undefined> = {
    ...(custom
      ? { from: params.get('from') ?? '', to: params.get('to') ?? '' }
      : presetDays(period as DemandPreset, today)),
    tz: timeZone,
    by: params.get('by') ?? undefined,
    country: params.get('country') ?? undefined,
    channel: params.get('channel') ?? undefined,
    product: params.get('product') ?? undefined,
  };
  if (custom) period = 'custom';
  // The server's checks, one problem at a time: the parameter at fault falls back.
  for (let i = 0; i < 8; i++) {
    const q = readDemandQuery(raw);
    if (!isDemandProblem(q)) {
      return {
        filters: {
          period,
          from: q.from,
          to: q.to,
          by: q.by,
          country: q.country ?? '',
          channel: q.channel ?? '',
          product: q.product ?? '',
        },
        notes,
      };
    }
    notes.push({ param: q.param, code: q.code });
    if (q.param === 'from' || q.param === 'to') {
      period = DEFAULT_PRESET;
      Object.assign(raw, presetDays(DEFAULT_PRESET, today));
    } else {
      raw[q.param] = undefined;
    }
  }
  /* c8 ignore next */
  throw new Error('unreachable: every parameter falls back to a default');
}

/** The address's query of filters: only what differs from the defaults. */
export function searchOfFilters(f: DemandFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.period === 'custom') {
    out.from = f.from;
    out.to = f.to;
  } else if (f.period !== DEFAULT_PRESET) out.period = f.period;
  if (f.by !== DEMAND_BUCKETS[0]) out.by = f.by;
  if (f.country) out.country = f.country;
  if (f.channel) out.channel = f.channel;
  if (f.product) out.product = f.product;
  return out;
}

/** The API's query of filters (the demand answer and the CSV of unmet places). */
export function apiQueryOfFilters(f: DemandFilters, timeZone: string): string {
  const params = new URLSearchParams({ from: f.from, to: f.to, tz: timeZone, by: f.by });
  if (f.country) params.set('country', f.country);
  if (f.channel) params.set('channel', f.channel);
  if (f.product) params.set('product', f.product);
  return params.toString();
}
