/**
 * Store normalisation (PRODUCT.md#store-search-answer, #store): resolves a search result's ids through its lookup lists
 * and makes the store safe to display.
 *
 * - storeBadges: badge ids → codes, kept only when the badge's channels include the current
 *   channel.
 * - salesProducts / serviceProducts: ids into productMatrixList, sorted by displayOrder.
 * - serviceTypes, solutionsSpecialties, valueAddedServices: ids → {_id, code}.
 * - storeWeb: "https://" is prefixed when the scheme is missing; any other scheme than http or
 *   https is rejected (→ "").
 * Unknown ids are dropped; missing lists count as empty. Opening hours are kept when they have
 * the stored form (`hours-schema.ts`), else dropped.
 *
 * Decisions where PRODUCT.md is silent:
 * - A store has presence in a channel (inSales / inService, used by the filters of 4.4) when it
 *   has at least one resolved product of that channel.
 * - `productRibbon` lists the productRibbonName of the current channel's products (service
 *   products for service, training products for training, sales products otherwise), de-duplicated in displayOrder, blanks
 *   dropped.
 * - Badge ids are compared as strings; a badge matching twice is listed once.
 * - storeWeb is also rejected when it holds whitespace or control characters, user
 *   information ("user@host"), a backslash or no host. It is returned as written (not
 *   re-serialised), apart from the added scheme and trimmed outer whitespace.
 */
import { addressLines } from './address.js';
import { isStoreHours } from './hours-check.js';
import type { Badge, CodeItem, Product, RawStore, SearchResults, Store } from './types.js';

type Lookup<T> = ReadonlyMap<string, T>;

function indexBy<T>(items: readonly T[] | undefined, key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items ?? []) {
    const k = key(item);
    if (!map.has(k)) map.set(k, item);
  }
  return map;
}

function resolveIds<T>(ids: readonly (string | number)[] | undefined, lookup: Lookup<T>): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const raw of ids ?? []) {
    const id = String(raw);
    const item = lookup.get(id);
    if (item !== undefined && !seen.has(id)) {
      seen.add(id);
      out.push(item);
    }
  }
  return out;
}

function toCodeItem(item: CodeItem): CodeItem {
  return { _id: item._id, code: item.code };
}

/** Products sorted by displayOrder, stable for ties; does not modify its input. */
export function sortByDisplayOrder<T extends { displayOrder: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.displayOrder - b.displayOrder);
}

/** Unique non-blank values, first occurrence kept. */
export function uniqueNonBlank(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => v.trim() !== ''))];
}

// Anything that is not printable: C0 and C1 controls, DEL, all whitespace (incl. NBSP, U+2028).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\s\u200b-\u200f\u2028\u2029\ufeff]/u;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_PORT = /^[^:/?#]+\.[^:/?#]+:\d/;
const HTTP_URL = /^https?:\/\/[^/?#\\@\s]+(?:[/?#][^\s\\]*)?$/i;

/**
 * A store website made safe (PRODUCT.md#store): http(s) URLs pass, a missing scheme gets "https://",
 * everything else (javascript:, data:, vbscript:, protocol-relative "//host", relative paths,
 * control characters, credentials) gives "".
 */
export function safeWebUrl(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (trimmed === '' || UNSAFE_CHARS.test(trimmed)) return '';
  if (trimmed.startsWith('/') || trimmed.startsWith('\\')) return '';
  const hasScheme = SCHEME.test(trimmed) && !HOST_PORT.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;
  return HTTP_URL.test(candidate) ? candidate : '';
}

/** Badge ids → codes of the badges that apply to the channel (PRODUCT.md#store). */
export function resolveBadgeCodes(
  ids: readonly (string | number)[] | undefined,
  badges: readonly Badge[] | undefined,
  channel: string,
): string[] {
  const byId = indexBy(badges, (b) => String(b.id));
  const codes = resolveIds(ids, byId)
    .filter((b) => (b.channels ?? []).includes(channel))
    .map((b) => b.code);
  return [...new Set(codes)];
}

/** Lookups of one search result, built once for all its stores. */
export interface StoreLookups {
  products: Lookup<Product>;
  badges: readonly Badge[];
  repairTypes: Lookup<CodeItem>;
  specialties: Lookup<CodeItem>;
  vas: Lookup<CodeItem>;
}

export function buildStoreLookups(results: Partial<SearchResults>): StoreLookups {
  return {
    products: indexBy(results.productMatrixList, (p) => String(p._id)),
    badges: results.badgesArray ?? [],
    repairTypes: indexBy(results.repairTypes, (r) => String(r._id)),
    specialties: indexBy(results.solutionsSpeciality, (s) => String(s._id)),
    vas: indexBy(results.vas, (v) => String(v._id)),
  };
}

/**
 * The products of a store that count in a channel: service products for service, training
 * products for training, sales products otherwise.
 */
export function productsOfChannel(
  store: Pick<Store, 'salesProducts' | 'serviceProducts' | 'trainingProducts'>,
  channel: string,
): Product[] {
  if (channel === 'service') return store.serviceProducts;
  if (channel === 'training') return store.trainingProducts;
  return store.salesProducts;
}

/**
 * The address lines the server wrote for the store's country; for a store without them, the
 * lines `addressLines` writes from its fields.
 */
function shownAddressLines(raw: RawStore): string[] {
  const lines = raw.addressLines;
  if (Array.isArray(lines) && lines.every((l) => typeof l === 'string')) {
    const shown = lines.map((l) => l.trim()).filter((l) => l !== '');
    if (shown.length > 0) return shown;
  }
  return addressLines(raw);
}

/** One store with its ids resolved for the channel (PRODUCT.md#store). */
export function normaliseStore(raw: RawStore, lookups: StoreLookups, channel: string): Store {
  const salesProducts = sortByDisplayOrder(resolveIds(raw.salesProducts, lookups.products));
  const serviceProducts = sortByDisplayOrder(resolveIds(raw.serviceProducts, lookups.products));
  const trainingProducts = sortByDisplayOrder(resolveIds(raw.trainingProducts, lookups.products));
  const channelProducts = productsOfChannel(
    { salesProducts, serviceProducts, trainingProducts },
    channel,
  );
  return {
    id: raw.id,
    storeId: raw.storeId,
    orderNumber: raw.orderNumber,
    title: raw.title,
    distance: raw.distance,
    badges: resolveBadgeCodes(raw.storeBadges, lookups.badges, channel),
    street1: raw.street1 ?? '',
    street2: raw.street2 ?? '',
    city: raw.city ?? '',
    state: raw.state ?? '',
    postalCode: raw.postalCode ?? '',
    addressLines: shownAddressLines(raw),
    phone: raw.phone ?? '',
    latitude: raw.latitude,
    longitude: raw.longitude,
    geoCodeStatus: raw.geoCodeStatus ?? '',
    storeWeb: safeWebUrl(raw.storeWeb),
    apptSchedulerIndVal: raw.apptSchedulerIndVal ?? '',
    storeTypes: [...(raw.storeTypes ?? [])],
    inSales: salesProducts.length > 0,
    inService: serviceProducts.length > 0,
    inTraining: trainingProducts.length > 0,
    salesProducts,
    serviceProducts,
    trainingProducts,
    productRibbon: uniqueNonBlank(channelProducts.map((p) => p.productRibbonName ?? '')),
    serviceTypes: resolveIds(raw.serviceTypes, lookups.repairTypes).map(toCodeItem),
    valueAddedServices: resolveIds(raw.valueAddedServices, lookups.vas).map(toCodeItem),
    solutionsSpecialties: resolveIds(raw.solutionsSpecialties, lookups.specialties).map(toCodeItem),
    ...(isStoreHours(raw.hours) ? { hours: raw.hours } : {}),
  };
}

/** Every store of a search result, normalised for the channel (PRODUCT.md#store-search-answer, #store). */
export function normaliseStores(results: Partial<SearchResults>, channel: string): Store[] {
  const lookups = buildStoreLookups(results);
  return (results.stores ?? []).map((raw) => normaliseStore(raw, lookups, channel));
}
