/**
 * The search request of the form and the results page's query (PRODUCT.md#results-page, #search-request): pure functions
 * over @locator/core, shared by the form flow and the deep link.
 */
import {
  ALL_PRODUCTS_OPTION,
  UNKNOWN_PRODUCT_OPTION,
  isDropOffRepairType,
  isFieldShown,
  parseCoordinate,
  resultsQueryEntries,
  resultsQueryOf,
  sanitiseSearchText,
  shouldAutoSearch,
  DROP_OFF_REPAIR_TYPE,
  type FormValues,
  type SearchRequest,
} from '@locator/core';
import { countryOption, productOptionsFor, searchCountry, type ResultsContext } from './context';
import type { KnownPosition } from './hooks/useSearchForm';

/** The search request of the form's values at a known position. */
export function buildSearchRequest(
  ctx: ResultsContext,
  values: FormValues,
  position: KnownPosition,
  repairType?: string,
): SearchRequest {
  const option =
    productOptionsFor(ctx, values.country).find((o) => o.value === values.products) ??
    (ctx.channelKey === 'sales' ? ALL_PRODUCTS_OPTION : UNKNOWN_PRODUCT_OPTION);
  const request: SearchRequest = {
    latitude: position.latitude,
    longitude: position.longitude,
    channel: ctx.channelKey,
    lang: ctx.pathLang,
    countryCode: searchCountry(ctx, values.country),
    productId: option._id,
    product: option.displayName,
    maxRadius: ctx.channel.searchRadius,
    maxResults: ctx.channel.maxResults,
    carriers: isFieldShown('carrier', values, ctx.fields) ? values.carrier : '',
    formattedAddress: position.address,
  };
  if (repairType) request.repairType = repairType;
  return request;
}

/** The results page's query string of a search ("?pt=…&lat=…"); countryCode only when chosen. */
export function pageQueryOf(ctx: ResultsContext, request: SearchRequest): string {
  const query = resultsQueryOf(request);
  if (!ctx.fields.includes('country')) delete query.countryCode;
  const entries = resultsQueryEntries(query);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

export interface DeepLink {
  values: FormValues;
  position: KnownPosition;
  repairType: string | undefined;
}

/** The form and position a page URL asks for (PRODUCT.md#results-page), or undefined when it asks for none. */
export function deepLinkOf(ctx: ResultsContext, params: URLSearchParams): DeepLink | undefined {
  const raw = {
    lat: params.get('lat') ?? undefined,
    lon: params.get('lon') ?? undefined,
    address: params.get('address') ?? undefined,
  };
  if (!shouldAutoSearch(raw)) return undefined;
  const address = sanitiseSearchText(raw.address);
  if (address === '') return undefined;
  const latitude = parseCoordinate(raw.lat, 90) as number;
  const longitude = parseCoordinate(raw.lon, 180) as number;
  const hasCountry = ctx.fields.includes('country');
  const country = hasCountry
    ? (countryOption(ctx, params.get('countryCode') ?? '')?.countryCode ?? '')
    : '';
  const pt = params.get('pt') ?? '';
  const options = productOptionsFor(ctx, country);
  const product =
    options.find((o) => o._id === pt) ??
    (ctx.channelKey === 'sales'
      ? options.find((o) => o._id === ALL_PRODUCTS_OPTION._id)
      : undefined);
  const values: FormValues = {
    search: address,
    country,
    products: product?.value ?? '',
    carrier: '',
  };
  const carrier = params.get('carrier') ?? '';
  if (carrier !== '' && isFieldShown('carrier', values, ctx.fields)) values.carrier = carrier;
  return {
    values,
    position: { latitude, longitude, address },
    repairType: isDropOffRepairType(params.get('repairType')) ? DROP_OFF_REPAIR_TYPE : undefined,
  };
}

/**
 * The query keys of the view within a search's results: the page, the open store, and the map
 * instead of the list on narrow screens.
 */
export const VIEW_QUERY_KEYS = ['page', 'store', 'show', 'filters'] as const;

/** What a narrow screen shows of the results: the list, or the map of the same stores. */
export type ResultsShown = 'list' | 'map';

export interface ResultsViewQuery {
  /** The results page (1 when absent or not a whole number from 1 up). */
  page: number;
  /** The store open in the narrow detail view. */
  store: string | undefined;
  /** The list (absent) or the map (`show=map`) on narrow screens. */
  show: ResultsShown;
  /** The selected filter keys (`filters=opennow,service`). */
  filters: string[];
}

/** The page and open store a URL names. */
export function viewQueryOf(params: URLSearchParams): ResultsViewQuery {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    store: params.get('store') || undefined,
    show: params.get('show') === 'map' ? 'map' : 'list',
    filters: [...new Set((params.get('filters') ?? '').split(',').filter((k) => k !== ''))],
  };
}

/** A search's query string with the view's keys (page only from 2, store when open, map). */
export function withViewQuery(query: string, view: Partial<ResultsViewQuery>): string {
  const params = new URLSearchParams(query);
  for (const key of VIEW_QUERY_KEYS) params.delete(key);
  if (view.page !== undefined && view.page > 1) params.set('page', String(view.page));
  if (view.store) params.set('store', view.store);
  if (view.show === 'map') params.set('show', 'map');
  if (view.filters && view.filters.length > 0) params.set('filters', view.filters.join(','));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
