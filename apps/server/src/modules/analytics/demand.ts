/**
 * The console's demand dashboard (GET /api/v1/admin/demand): the figures of a period in the
 * viewer's time zone, with the filters, against the previous period of the same length. Counted
 * through the report's aggregation functions (demand-aggregate.ts) over the hourly roll-ups;
 * every count passes the privacy threshold (shownCount, ANALYTICS_MIN_COUNT).
 */
import {
  DEMAND_FUNNEL_STEPS,
  demandPeriod,
  shownCount,
  shownRate,
  type DemandAnswer,
  type DemandQuery,
} from '@locator/core/console-demand';
import {
  HOUR_MS,
  isUnmet,
  type DemandRollups,
  type HourlyColumn,
  type RollupGroup,
} from './demand-rollups.js';
import { countEvents, countOf, countPlaces, total, type DemandScope } from './demand-aggregate.js';

export interface DemandDeps {
  events: DemandRollups;
  /** The privacy threshold. */
  minCount: number;
  /** Display name of a product id; default: none (the id). */
  productName?: (id: string) => string | undefined;
  /** The gazetteer's name of a rounded position; default (or none): the coordinates. */
  placeName?: (lat: number, lon: number) => Promise<string | undefined>;
  /** Distance (km) to the nearest store of the country (and channel); null: none near. */
  nearestKm?: (
    lat: number,
    lon: number,
    country: string,
    channel?: string,
  ) => Promise<number | null>;
}

/** One place of unmet demand with its exact counts (the answer and the CSV hide small ones). */
export interface UnmetPlace {
  latitude: number;
  longitude: number;
  country: string;
  place: string;
  searches: number;
  /** Of these, the searches answered only beyond the radius. */
  beyondRadius: number;
  nearestStoreKm: number | null;
}

const FUNNEL_LINKS = ['details', 'directions', 'website', 'phone', 'appointment'] as const;

export function scopeOf(q: DemandQuery, fromMs: number, toMs: number): DemandScope {
  return {
    from: new Date(fromMs),
    to: new Date(toMs),
    country: q.country,
    channel: q.channel,
    product: q.product,
  };
}

/** The places of unmet demand, most searches first: the first `limit`, named, and how many. */
export async function unmetPlaces(
  deps: DemandDeps,
  q: DemandQuery,
  scope: DemandScope,
): Promise<{ total: number; located: number; rows: UnmetPlace[] }> {
  const byOutcome = await countPlaces(deps.events, scope, 'search', [
    'country',
    'latitude',
    'longitude',
    'outcome',
  ]);
  // One row per place, with how many of its searches were answered beyond the radius.
  const merged = new Map<string, { key: (typeof byOutcome)[number]['key']; count: number }>();
  const beyond = new Map<string, number>();
  for (const g of byOutcome) {
    const k = JSON.stringify([g.key.country, g.key.latitude, g.key.longitude]);
    const row = merged.get(k) ?? { key: g.key, count: 0 };
    row.count += g.count;
    merged.set(k, row);
    if (g.key.outcome === 'beyond') beyond.set(k, (beyond.get(k) ?? 0) + g.count);
  }
  const groups = [...merged.values()];
  groups.sort(
    (a, b) =>
      b.count - a.count ||
      Number(a.key.latitude) - Number(b.key.latitude) ||
      Number(a.key.longitude) - Number(b.key.longitude) ||
      String(a.key.country).localeCompare(String(b.key.country)),
  );
  const rows = await Promise.all(
    groups.slice(0, q.limit).map(async (g): Promise<UnmetPlace> => {
      const latitude = Number(g.key.latitude);
      const longitude = Number(g.key.longitude);
      const country = String(g.key.country ?? '');
      const coordinates = `${latitude.toFixed(2)}, ${longitude.toFixed(2)}`;
      const [name, km] = await Promise.all([
        deps.placeName?.(latitude, longitude).catch(() => undefined),
        country && deps.nearestKm
          ? deps.nearestKm(latitude, longitude, country, q.channel).catch(() => null)
          : null,
      ]);
      return {
        latitude,
        longitude,
        country,
        place: name ?? coordinates,
        searches: g.count,
        beyondRadius: beyond.get(JSON.stringify([country, g.key.latitude, g.key.longitude])) ?? 0,
        nearestStoreKm: km === null ? null : Math.round(km * 10) / 10,
      };
    }),
  );
  return { total: groups.length, located: total(groups), rows };
}

/**
 * The searches of a period by outcome: all, unmet (no store, or only beyond the radius), of
 * these answered beyond the radius, reporting a count, and found within the radius.
 */
function outcomes(groups: readonly RollupGroup<HourlyColumn>[]) {
  const searches = total(groups);
  const beyond = countOf(groups, 'outcome', 'beyond');
  const unmet = countOf(groups, 'outcome', 'none') + beyond;
  const found = countOf(groups, 'outcome', 'found');
  return { searches, unmet, beyond, found, withCount: found + unmet };
}

export async function demandAnswer(deps: DemandDeps, q: DemandQuery): Promise<DemandAnswer> {
  const p = demandPeriod(q);
  const scope = scopeOf(q, p.fromMs, p.toMs);
  const previousScope = scopeOf(q, p.previous.fromMs, p.previous.toMs);
  const search = { type: 'search' } as const;
  // The series gives the headline too; each breakdown is a read of its own, which the demand
  // cube answers for a long period from a few rows a day (modules/analytics/demand-cube.ts).
  const [hours, clicks, byCountry, byChannel, byProduct, before, clicksBefore, places] =
    await Promise.all([
      countEvents(deps.events, scope, ['hour', 'outcome'], search),
      countEvents(deps.events, scope, ['link'], { type: 'click' }),
      countEvents(deps.events, scope, ['country', 'outcome'], search),
      countEvents(deps.events, scope, ['channel', 'outcome'], search),
      countEvents(deps.events, scope, ['product', 'outcome'], search),
      countEvents(deps.events, previousScope, ['outcome'], search),
      countEvents(deps.events, previousScope, [], { type: 'click' }),
      unmetPlaces(deps, q, scope),
    ]);
  const n = (v: number) => shownCount(v, deps.minCount);
  const rate = (a: number, b: number) => shownRate(a, b, deps.minCount);
  // Not given when the unmet searches it leaves are hidden (it would tell their number).
  const shareFound = (o: ReturnType<typeof outcomes>) =>
    shownRate(o.unmet, o.withCount, deps.minCount) === null ? null : rate(o.found, o.withCount);
  const now = outcomes(hours);
  const then = outcomes(before);
  const clickCount = total(clicks);
  const clicksThen = total(clicksBefore);

  // The series: each hour counted in the bucket it falls in.
  const series = p.buckets.map(() => ({ searches: 0, unmet: 0 }));
  for (const g of hours) {
    const ms = Number(g.key.hour) * HOUR_MS;
    let i = p.buckets.length - 1;
    while (i > 0 && p.buckets[i]!.fromMs > ms) i--;
    series[i]!.searches += g.count;
    if (isUnmet(g.key.outcome)) series[i]!.unmet += g.count;
  }

  const breakdown = (
    groups: readonly RollupGroup<HourlyColumn>[],
    column: 'country' | 'channel' | 'product',
  ) => {
    const rows = new Map<string, { searches: number; unmet: number }>();
    for (const g of groups) {
      const key = String(g.key[column] ?? '');
      const row = rows.get(key) ?? { searches: 0, unmet: 0 };
      row.searches += g.count;
      if (isUnmet(g.key.outcome)) row.unmet += g.count;
      rows.set(key, row);
    }
    return [...rows.entries()]
      .sort(([ka, a], [kb, b]) => b.searches - a.searches || ka.localeCompare(kb))
      .map(([key, r]) => ({
        key,
        ...(column === 'product'
          ? { name: key === 'all' ? 'All Products' : (deps.productName?.(key) ?? key) }
          : {}),
        searches: n(r.searches),
        unmet: n(r.unmet),
      }));
  };

  const linkCount = (link: string) => countOf(clicks, 'link', link);
  const funnelCounts: Record<(typeof DEMAND_FUNNEL_STEPS)[number], number> = {
    searches: now.searches,
    found: now.found,
    details: linkCount('details'),
    directions: linkCount('directions'),
    website: linkCount('website'),
    phone: linkCount('phone'),
    appointment: linkCount('appointment'),
    otherClicks: clickCount - FUNNEL_LINKS.reduce((a, l) => a + linkCount(l), 0),
  };

  return {
    period: {
      from: q.from,
      to: q.to,
      timeZone: q.timeZone,
      by: q.by,
      days: p.days,
      utcFrom: new Date(p.fromMs).toISOString(),
      utcTo: new Date(p.toMs).toISOString(),
      previous: { from: p.previous.from, to: p.previous.to },
    },
    filters: {
      country: q.country ?? null,
      channel: q.channel ?? null,
      product: q.product ?? null,
    },
    minCount: deps.minCount,
    headline: {
      searches: { current: n(now.searches), previous: n(then.searches) },
      unmet: { current: n(now.unmet), previous: n(then.unmet) },
      beyondRadius: { current: n(now.beyond), previous: n(then.beyond) },
      shareFound: { current: shareFound(now), previous: shareFound(then) },
      clicksPerSearch: {
        current: rate(clickCount, now.searches),
        previous: rate(clicksThen, then.searches),
      },
    },
    series: p.buckets.map((b, i) => ({
      start: b.start,
      searches: n(series[i]!.searches),
      unmet: n(series[i]!.unmet),
    })),
    byCountry: breakdown(byCountry, 'country'),
    byChannel: breakdown(byChannel, 'channel'),
    byProduct: breakdown(byProduct, 'product'),
    funnel: DEMAND_FUNNEL_STEPS.map((step) => ({ step, count: n(funnelCounts[step]) })),
    unmetPlaces: {
      total: places.total,
      unlocated: n(now.unmet - places.located),
      rows: places.rows.map((r) => ({
        ...r,
        searches: n(r.searches),
        beyondRadius: n(r.beyondRadius),
      })),
    },
  };
}
