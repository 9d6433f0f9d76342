/**
 * The demand report (`npm run analytics:report`): for a period, searches by country, channel and
 * product; the most searched places (from the location-search statistic); the unmet searches
 * (no store found, or only beyond the radius: PRODUCT.md#demand-dashboard), with where they
 * were; clicks by link kind and click-through per search; searches and clicks by embedding
 * origin (the locator's own pages, or a site of EMBED_ORIGINS).
 * report-format.ts writes it as terminal tables and as CSV.
 */
import type { EventRepository } from '../../db/types.js';
import {
  countEvents,
  countOf,
  countPlaces,
  countUnmet,
  total,
  unlocated,
} from './demand-aggregate.js';

export interface ReportOptions {
  /** First day, inclusive (UTC midnight). */
  from: Date;
  /** Day after the last one (exclusive). */
  to: Date;
  /** Rows of the places and unmet-demand tables; default 10. */
  top?: number;
  /**
   * Names a rounded position ("Manchester, England, United Kingdom"); cells with the same name
   * are counted together. Default (or no name): the coordinates "53.48, -2.24".
   */
  placeName?: (lat: number, lon: number) => Promise<string | undefined> | string | undefined;
  /** Display name of a product id ("1" → "Phone"); default: the id. */
  productName?: (id: string) => string | undefined;
}

export interface SearchRow {
  country: string;
  channel: string;
  product: string;
  searches: number;
  /** Unmet searches: no store found, or only beyond the radius. */
  noStore: number;
}
export interface PlaceRow {
  place: string;
  country: string;
  searches: number;
}
export interface UnmetRow {
  country: string;
  channel: string;
  product: string;
  place: string;
  searches: number;
  /** Of these, the searches answered only beyond the radius. */
  beyondRadius: number;
}
export interface ClickRow {
  link: string;
  clicks: number;
  /** Share of all clicks. */
  share: number;
  /** Clicks per search (click-through rate); null without searches. */
  perSearch: number | null;
}
export interface OriginRow {
  /** The embedding site's origin; "" for the locator's own pages. */
  origin: string;
  searches: number;
  clicks: number;
  perSearch: number | null;
}
export interface ChannelRow {
  channel: string;
  searches: number;
  clicks: number;
  perSearch: number | null;
}

export interface Report {
  /** Inclusive dates, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Events stored at any date. */
  stored: number;
  totals: {
    pageViews: number;
    searches: number;
    /**
     * Searches that reported a result count (or an answer beyond the radius); the unmet ones
     * (no store found, or only beyond the radius); of these, those answered beyond the radius.
     */
    searchesWithCount: number;
    noStore: number;
    beyondRadius: number;
    locationSearches: number;
    clicks: number;
    clickThrough: number | null;
  };
  searches: SearchRow[];
  places: PlaceRow[];
  unmet: UnmetRow[];
  clicks: ClickRow[];
  channels: ChannelRow[];
  /** Searches and clicks by embedding origin (only when some came from an embed). */
  origins: OriginRow[];
}

const DAY_MS = 86_400_000;
const NOT_REPORTED = '(position not reported)';

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const rate = (n: number, d: number): number | null => (d > 0 ? n / d : null);
/** Largest count first, then by the row's other values (stable across dialects). */
function byCount<T extends object>(count: keyof T) {
  return (a: T, b: T): number =>
    Number(b[count]) - Number(a[count]) ||
    JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b)));
}

/** "YYYY-MM-DD" → UTC midnight; undefined when not a real date. */
export function parseDay(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? undefined : d;
}

export async function buildReport(events: EventRepository, o: ReportOptions): Promise<Report> {
  const top = o.top ?? 10;
  const product = (id: unknown): string => {
    const s = str(id);
    if (s === '' || s === 'all') return s === '' ? '' : 'All Products';
    return o.productName?.(s) ?? s;
  };
  const names = new Map<string, string>();
  const place = async (lat: unknown, lon: unknown): Promise<string> => {
    if (typeof lat !== 'number' || typeof lon !== 'number') return NOT_REPORTED;
    const key = `${lat.toFixed(2)}, ${lon.toFixed(2)}`;
    if (!names.has(key)) {
      const name = await Promise.resolve(o.placeName?.(lat, lon)).catch(() => undefined);
      names.set(key, name ?? key);
    }
    return names.get(key) ?? key;
  };

  const scope = { from: o.from, to: o.to };
  const [types, searchGroups, noStoreGroups, placeGroups, unmetLocated, clickGroups, clickCh] =
    await Promise.all([
      countEvents(events, scope, ['type']),
      countEvents(events, scope, ['country', 'channel', 'product'], { type: 'search' }),
      countUnmet(events, scope, ['country', 'channel', 'product']),
      countPlaces(events, scope, 'locationSearch', ['country', 'latitude', 'longitude']),
      countPlaces(events, scope, 'search', [
        'country',
        'channel',
        'product',
        'latitude',
        'longitude',
        'outcome',
      ]),
      countEvents(events, scope, ['link'], { type: 'click' }),
      countEvents(events, scope, ['channel'], { type: 'click' }),
    ]);
  const withCount = await countEvents(events, scope, ['outcome'], { type: 'search' });
  const originGroups = await countEvents(events, scope, ['type', 'embed_origin']);
  const stored = await events.count();
  const unmetGroups: { key: Partial<Record<string, string | number>>; count: number }[] = [
    ...unmetLocated,
    ...unlocated(noStoreGroups, unmetLocated, ['country', 'channel', 'product', 'outcome']),
  ];

  const ofType = (t: string) => countOf(types, 'type', t);
  const searches = ofType('search');
  const clicks = ofType('click');

  const noStoreOf = new Map<string, number>();
  for (const g of noStoreGroups) {
    const k = JSON.stringify([g.key.country, g.key.channel, g.key.product]);
    noStoreOf.set(k, (noStoreOf.get(k) ?? 0) + g.count);
  }
  const searchRows: SearchRow[] = searchGroups
    .map((g) => ({
      country: str(g.key.country),
      channel: str(g.key.channel),
      product: product(g.key.product),
      searches: g.count,
      noStore: noStoreOf.get(JSON.stringify([g.key.country, g.key.channel, g.key.product])) ?? 0,
    }))
    .sort(byCount('searches'));

  const placeTotals = new Map<string, PlaceRow>();
  for (const g of placeGroups) {
    const name = await place(g.key.latitude, g.key.longitude);
    const k = JSON.stringify([name, g.key.country]);
    const row = placeTotals.get(k) ?? { place: name, country: str(g.key.country), searches: 0 };
    row.searches += g.count;
    placeTotals.set(k, row);
  }

  const unmetTotals = new Map<string, UnmetRow>();
  for (const g of unmetGroups) {
    const row: UnmetRow = {
      country: str(g.key.country),
      channel: str(g.key.channel),
      product: product(g.key.product),
      place: await place(g.key.latitude, g.key.longitude),
      searches: 0,
      beyondRadius: 0,
    };
    const k = JSON.stringify([row.country, row.channel, row.product, row.place]);
    const existing = unmetTotals.get(k) ?? row;
    existing.searches += g.count;
    if (g.key.outcome === 'beyond') existing.beyondRadius += g.count;
    unmetTotals.set(k, existing);
  }

  const clickRows: ClickRow[] = clickGroups
    .map((g) => ({
      link: str(g.key.link),
      clicks: g.count,
      share: g.count / clicks,
      perSearch: rate(g.count, searches),
    }))
    .sort(byCount('clicks'));

  const searchesByChannel = new Map<string, number>();
  for (const r of searchRows) {
    searchesByChannel.set(r.channel, (searchesByChannel.get(r.channel) ?? 0) + r.searches);
  }
  const clicksByChannel = new Map(clickCh.map((g) => [str(g.key.channel), g.count]));
  const channelRows: ChannelRow[] = [
    ...new Set([...searchesByChannel.keys(), ...clicksByChannel.keys()]),
  ]
    .map((channel) => {
      const s = searchesByChannel.get(channel) ?? 0;
      const c = clicksByChannel.get(channel) ?? 0;
      return { channel, searches: s, clicks: c, perSearch: rate(c, s) };
    })
    .sort(byCount('searches'));

  const originRows = new Map<string, OriginRow>();
  for (const g of originGroups) {
    if (g.key.type !== 'search' && g.key.type !== 'click') continue;
    const origin = str(g.key.embed_origin);
    const row = originRows.get(origin) ?? { origin, searches: 0, clicks: 0, perSearch: null };
    if (g.key.type === 'search') row.searches += g.count;
    else row.clicks += g.count;
    originRows.set(origin, row);
  }
  for (const row of originRows.values()) row.perSearch = rate(row.clicks, row.searches);
  const embedded = [...originRows.keys()].some((o) => o !== '');

  const noStore = total(noStoreGroups);
  return {
    from: o.from.toISOString().slice(0, 10),
    to: new Date(o.to.getTime() - DAY_MS).toISOString().slice(0, 10),
    stored,
    totals: {
      pageViews: ofType('pageView'),
      searches,
      searchesWithCount: total(withCount) - countOf(withCount, 'outcome', 'unknown'),
      noStore,
      beyondRadius: countOf(noStoreGroups, 'outcome', 'beyond'),
      locationSearches: ofType('locationSearch'),
      clicks,
      clickThrough: rate(clicks, searches),
    },
    searches: searchRows,
    places: [...placeTotals.values()].sort(byCount('searches')).slice(0, top),
    unmet: [...unmetTotals.values()].sort(byCount('searches')).slice(0, top),
    clicks: clickRows,
    channels: channelRows,
    origins: embedded ? [...originRows.values()].sort(byCount('searches')) : [],
  };
}

/** True when nothing happened in the period. */
export function isEmpty(r: Report): boolean {
  const t = r.totals;
  return t.pageViews + t.searches + t.locationSearches + t.clicks === 0;
}
