/**
 * The elements' data, through the web app's own code: the country configuration
 * (lib/config/global-config), the results context and its rules (features/results/context),
 * the maps client (place search, reverse geocoding) and the one search-response schema, all
 * against the locator's origin.
 */
import {
  ALL_PRODUCTS_OPTION,
  normaliseStores,
  parseErrorBody,
  searchApiPath,
  searchApiQuery,
  searchResponseSchema,
  type GlobalMatrixResponse,
  type SearchRequest,
  type SearchResults,
  type Store,
} from '@locator/core';
import { fetchGlobalMatrix, toLoadedConfig } from '../lib/config/global-config';
import { createMapsClient, type MapsClient } from '../lib/maps/client';
import { resultsContext, searchCountry, type ResultsContext } from '../features/results/context';
import type { EmbedSettings } from './settings';
import { locatorFetch } from './origin';

export const maps: MapsClient = createMapsClient({ fetch: locatorFetch });

const matrices = new Map<string, Promise<GlobalMatrixResponse>>();

/** The results context of the element's locale and channel; undefined when not offered there. */
export async function loadContext(settings: EmbedSettings): Promise<ResultsContext | undefined> {
  const key = `${settings.pathCountry}/${settings.pathLang}`;
  let matrix = matrices.get(key);
  if (!matrix) {
    matrix = fetchGlobalMatrix(settings.pathCountry, settings.pathLang, locatorFetch);
    matrices.set(key, matrix);
    matrix.catch(() => matrices.delete(key));
  }
  const config = toLoadedConfig(settings.locale, await matrix);
  const channel = config?.channels[settings.channel];
  if (!config || !channel) return undefined;
  return resultsContext(settings.locale, '', settings.channel, channel, config);
}

/** The ISO country codes place searches are limited to. */
export const placeCountries = (ctx: ResultsContext): string[] => [searchCountry(ctx, '')];

export interface Position {
  latitude: number;
  longitude: number;
  /** What the visitor searched for, or the place found there. */
  address: string;
}

/** The search request near a position, for a product id ("" for the channel's default). */
export function searchRequest(
  ctx: ResultsContext,
  position: Position,
  productId: string,
  maxResults?: number,
): SearchRequest {
  const products = ctx.channel.options.products;
  const option =
    products.find((p) => p._id === productId) ??
    (ctx.channelKey === 'sales' ? ALL_PRODUCTS_OPTION : products[0]) ??
    ALL_PRODUCTS_OPTION;
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    channel: ctx.channelKey,
    lang: ctx.pathLang,
    countryCode: searchCountry(ctx, ''),
    productId: option._id,
    product: option.displayName,
    maxRadius: ctx.channel.searchRadius,
    maxResults: maxResults ?? ctx.channel.maxResults,
    carriers: '',
    formattedAddress: position.address,
  };
}

export class SearchFailed extends Error {}

export async function searchStores(
  ctx: ResultsContext,
  request: SearchRequest,
  signal?: AbortSignal,
): Promise<{ stores: Store[]; beyondRadius: boolean }> {
  const path = searchApiPath({ ...request, countryCode: ctx.pathCountry, lang: ctx.pathLang });
  const query = new URLSearchParams(searchApiQuery(request)).toString();
  const res = await locatorFetch(`${path}?${query}`, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new SearchFailed(parseErrorBody(body)?.message ?? `HTTP ${res.status}`);
  const parsed = searchResponseSchema.safeParse(body);
  if (!parsed.success) throw new SearchFailed('unexpected search response');
  const results = parsed.data.results as unknown as SearchResults;
  return {
    stores: normaliseStores(results, ctx.channelKey),
    beyondRadius: parsed.data.results.beyondRadius,
  };
}

/** The position the settings name: their coordinates, else their place found by name. */
export async function settingsPosition(
  ctx: ResultsContext,
  settings: EmbedSettings,
): Promise<Position | undefined> {
  if (settings.position) return { ...settings.position, address: settings.place };
  if (settings.place === '') return undefined;
  const [place] = await maps.geocode({
    q: settings.place,
    countries: placeCountries(ctx),
    lang: ctx.mapsLang,
  });
  return place
    ? { latitude: place.latitude, longitude: place.longitude, address: settings.place }
    : undefined;
}
