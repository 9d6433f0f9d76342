/**
 * Search request and results-page query (PRODUCT.md#results-page, #search-request, #product-api): the store-search API path and
 * query, the results page's own query, the automatic search on load and the results-page
 * redirect.
 *
 * Decisions where PRODUCT.md is silent:
 * - Numbers are written with String() (no rounding); missing values are sent as "" (PRODUCT.md#product-api).
 * - The results-page query omits empty parameters; the order is that of the product's table.
 * - lat and lon must parse as finite numbers in range for the automatic search to run.
 */
import { channelPath, localeToPath } from './locale.js';
import { API_BASE, RESULT_CHANNELS } from './types.js';
import type { ResultChannel, SearchRequest } from './types.js';

/** True for the channels that have a results page: sales, service and training (PRODUCT.md#routes). */
export function isResultChannel(channel: string | null | undefined): channel is ResultChannel {
  return (RESULT_CHANNELS as readonly string[]).includes(channel ?? '');
}

/** Where the results route goes (PRODUCT.md#results-page): the locale's home for an invalid channel. */
export function resultsRoutePath(locale: string, channel: string | null | undefined): string {
  return isResultChannel(channel) ? channelPath(locale, channel) : localeToPath(locale);
}

/** GET /{countryCode lower-case}/{lang}/{channel} under the API base (PRODUCT.md#product-api). */
export function searchApiPath(
  request: Pick<SearchRequest, 'countryCode' | 'lang' | 'channel'>,
): string {
  const country = encodeURIComponent(request.countryCode.toLowerCase());
  return `${API_BASE}/${country}/${encodeURIComponent(request.lang)}/${request.channel}`;
}

function str(value: string | number | undefined | null): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * The store-search query: pt, lat, lon, carrier, maxrad, maxResult, repairType (PRODUCT.md#product-api), and
 * bbox for an area search.
 */
export function searchApiQuery(request: SearchRequest): Record<string, string> {
  const { area } = request;
  const bbox: Record<string, string> = area
    ? { bbox: [area.west, area.south, area.east, area.north].join(',') }
    : {};
  return {
    pt: str(request.productId),
    lat: str(request.latitude),
    lon: str(request.longitude),
    carrier: str(request.carriers),
    maxrad: str(request.maxRadius),
    maxResult: str(request.maxResults),
    repairType: str(request.repairType),
    ...bbox,
  };
}

/** The results page's query parameters (PRODUCT.md#results-page table). */
export interface ResultsQuery {
  pt?: string;
  countryCode?: string;
  lat?: string;
  lon?: string;
  address?: string;
  carrier?: string;
  repairType?: string;
}

const RESULTS_QUERY_KEYS = [
  'pt',
  'countryCode',
  'lat',
  'lon',
  'address',
  'carrier',
  'repairType',
] as const;

/** The results page's query for a search, as ordered [key, value] pairs without empty values. */
export function resultsQueryEntries(query: ResultsQuery): [string, string][] {
  return RESULTS_QUERY_KEYS.flatMap((key): [string, string][] => {
    const value = query[key];
    return value === undefined || value === '' ? [] : [[key, value]];
  });
}

/** The results page's query of a search request. */
export function resultsQueryOf(request: SearchRequest): ResultsQuery {
  return {
    pt: request.productId,
    countryCode: request.countryCode,
    lat: String(request.latitude),
    lon: String(request.longitude),
    address: request.formattedAddress,
    carrier: request.carriers,
    repairType: request.repairType ?? '',
  };
}

/** A coordinate string parsed, or undefined when it is not a finite number within the limit. */
export function parseCoordinate(
  value: string | null | undefined,
  limit: number,
): number | undefined {
  if (value === undefined || value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/** A search runs on load when lat, lon and address are all present (PRODUCT.md#results-page). */
export function shouldAutoSearch(query: Pick<ResultsQuery, 'lat' | 'lon' | 'address'>): boolean {
  return (
    parseCoordinate(query.lat, 90) !== undefined &&
    parseCoordinate(query.lon, 180) !== undefined &&
    (query.address ?? '').trim() !== ''
  );
}
