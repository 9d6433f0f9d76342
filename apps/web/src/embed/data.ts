/**
 * The elements' data, through the web app's own code: the country configuration
 * (lib/config/global-config), the results context and its rules (features/results/context) and
 * the store normalisation of packages/core, against the locator's origin. The maps client
 * (place search, which reads its answers with the schema library) is loaded only when a place
 * must be found by name, so that the compact element stays small without it.
 */
import {
  ALL_PRODUCTS_OPTION,
  normaliseStores,
  parseErrorBody,
  searchApiPath,
  searchApiQuery,
  type GlobalMatrixResponse,
  type SearchRequest,
  type SearchResults,
  type Store,
} from '@locator/core';
import { fetchGlobalMatrix, toLoadedConfig, type MatrixReader } from '../lib/config/global-config';
import type { MapsClient } from '../lib/maps/client';
import { resultsContext, searchCountry, type ResultsContext } from '../features/results/context';
import type { EmbedSettings } from './settings';
import { locatorFetch } from './origin';

/** The maps client, loaded on first use. */
export const loadMaps = (): Promise<MapsClient> => import('./maps').then((m) => m.maps);

const matrices = new Map<string, Promise<GlobalMatrixResponse>>();

/** The results context of the element's locale and channel; undefined when not offered there. */
export async function loadContext(settings: EmbedSettings): Promise<ResultsContext | undefined> {
  const key = `${settings.pathCountry}/${settings.pathLang}`;
  let matrix = matrices.get(key);
  if (!matrix) {
    matrix = fetchGlobalMatrix(settings.pathCountry, settings.pathLang, locatorFetch, readMatrix);
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Why the elements read the locator's answers with the two small checks below, and not with
 * their schemas (@locator/core's config-response and search-response, which the web app uses):
 * the schema library alone is 27.5 KB of gzipped JavaScript (115 KB raw: its chunk in the
 * embed's build, which only the place search loads, for the maps answers), more than the
 * whole 25 KB that `<store-nearest>` may load (18.8 KB today, bench/results/web-embed.json;
 * test/embed-budget.api.test.ts in apps/server holds the build to it).
 * The checks ask for exactly what the elements cannot do without, as the schemas require it;
 * the rest is read leniently (normaliseStores, toLoadedConfig).
 */
const isMatrix = (body: unknown): body is GlobalMatrixResponse =>
  isRecord(body) && Array.isArray(body.response);
const readMatrix: MatrixReader = async (body) => {
  if (!isMatrix(body)) throw new Error('globalmatrix: unexpected response');
  return body;
};

/**
 * The search answer has what the elements read: the store list, and for each store the values
 * a store cannot be shown without (as the search-response schema requires them: id, order
 * number, title, position); the rest is read leniently by normaliseStores.
 */
export function isSearchAnswer(
  body: unknown,
): body is { results: SearchResults & { beyondRadius?: boolean } } {
  if (!isRecord(body) || !isRecord(body.results) || !Array.isArray(body.results.stores)) {
    return false;
  }
  return body.results.stores.every(
    (s) =>
      isRecord(s) &&
      (typeof s.id === 'string' || typeof s.id === 'number') &&
      Number.isInteger(s.orderNumber) &&
      typeof s.title === 'string' &&
      Number.isFinite(s.latitude) &&
      Number.isFinite(s.longitude),
  );
}

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
  if (!isSearchAnswer(body)) throw new SearchFailed('unexpected search response');
  const { results } = body;
  for (const store of results.stores) store.id = String(store.id);
  return {
    stores: normaliseStores(results, ctx.channelKey),
    beyondRadius: results.beyondRadius === true,
  };
}

/** The position the settings name: their coordinates, else their place found by name. */
export async function settingsPosition(
  ctx: ResultsContext,
  settings: EmbedSettings,
): Promise<Position | undefined> {
  if (settings.position) return { ...settings.position, address: settings.place };
  if (settings.place === '') return undefined;
  const maps = await loadMaps();
  const [place] = await maps.geocode({
    q: settings.place,
    countries: placeCountries(ctx),
    lang: ctx.mapsLang,
  });
  return place
    ? { latitude: place.latitude, longitude: place.longitude, address: settings.place }
    : undefined;
}
