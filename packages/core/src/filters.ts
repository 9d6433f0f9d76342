/**
 * Result filters (PRODUCT.md#results-page, #filter-groups-and-suggestions, #filters).
 *
 * Matching (PRODUCT.md#filters), for a non-empty selected set:
 * - "sales" / "service": the store has presence in that channel;
 * - badge keys: the store has any of the selected badges;
 * - specialty keys: the store has any of the selected specialties;
 * - any other key is a product code: the store has all selected product codes and, when the
 *   chosen product is not "all", the chosen product as well.
 * - "opennow": the store has opening hours and is open at the context's instant (`now`).
 * The kinds combine with AND. An empty set shows all stores.
 *
 * Decisions where PRODUCT.md is silent:
 * - A key is classified in this order: channel key, badge code, specialty code, product code.
 * - A store's product codes are those of the current channel (service products for service,
 *   training products for training, sales products otherwise).
 * - The chosen product is required only while at least one product key is selected: the search
 *   already limited the stores to it, so it only matters in combination.
 * - Filtering keeps each store's orderNumber (pins keep their labels).
 * - Filter groups are built from the search result: "products" (product codes present on the
 *   stores, in displayOrder), "badges" (badge codes of the channel present on the stores) and
 *   "specialties". Titles are display names for products and codes otherwise (the UI
 *   translates codes). The exclusion of defaultProducts / otherProducts applies to the further
 *   groups, as PRODUCT.md lists it after them.
 */
import { ALL_PRODUCTS_CODE, ALL_PRODUCTS_ID } from './channels.js';
import { hoursStatus } from './hours.js';
import { productsOfChannel, sortByDisplayOrder } from './store.js';
import type { FilterGroup, SearchResults, Store } from './types.js';

export type FilterItem = FilterGroup['filterData'][number];

/** The channel keys of 4.4. */
export const CHANNEL_FILTER_KEYS: readonly string[] = ['sales', 'service'];

/** The "Open now" chip's key; it is offered in a group of its own when any store has hours. */
export const OPEN_NOW_FILTER = 'opennow';

/** Filter groups never offered in the panel (PRODUCT.md#results-page). */
export const EXCLUDED_FILTER_GROUPS: readonly string[] = ['defaultProducts', 'otherProducts'];

/** The extra chip of the sales channel's first group (PRODUCT.md#results-page). */
export const SERVICE_CHIP: Readonly<FilterItem> = Object.freeze({
  id: 'service',
  code: 'service',
  title: 'service',
});

export interface FilterContext {
  /** Current channel; decides which of the store's products count. */
  channel: string;
  /** Codes that are badge keys. */
  badgeCodes: ReadonlySet<string>;
  /** Codes that are specialty keys. */
  specialtyCodes: ReadonlySet<string>;
  /** Code of the chosen product; "all", "allproducts" or "" for all products. */
  chosenProductCode: string;
  /** The instant "open now" is judged at (epoch milliseconds); the epoch when absent. */
  now?: number;
}

export type FilterKind = 'channel' | 'badge' | 'specialty' | 'product' | 'hours';

/** The kind of a selected key (see the classification order above). */
export function filterKind(key: string, ctx: Omit<FilterContext, 'chosenProductCode'>): FilterKind {
  if (CHANNEL_FILTER_KEYS.includes(key)) return 'channel';
  if (key === OPEN_NOW_FILTER) return 'hours';
  if (ctx.badgeCodes.has(key)) return 'badge';
  if (ctx.specialtyCodes.has(key)) return 'specialty';
  return 'product';
}

/** True for "all", "allproducts" and "" (no product chosen). */
export function isAllProducts(code: string | null | undefined): boolean {
  const c = (code ?? '').trim().toLowerCase();
  return c === '' || c === ALL_PRODUCTS_ID || c === ALL_PRODUCTS_CODE;
}

/** A filter context from a search result's badge and specialty lists. */
export function filterContextFromResults(
  results: Partial<Pick<SearchResults, 'badgesArray' | 'solutionsSpeciality'>>,
  channel: string,
  chosenProductCode: string,
): FilterContext {
  return {
    channel,
    badgeCodes: new Set((results.badgesArray ?? []).map((b) => b.code)),
    specialtyCodes: new Set((results.solutionsSpeciality ?? []).map((s) => s.code)),
    chosenProductCode,
  };
}

function storeProductCodes(store: Store, channel: string): Set<string> {
  return new Set(productsOfChannel(store, channel).map((p) => p.code));
}

function hasPresence(store: Store, key: string): boolean {
  return key === 'sales' ? store.inSales : store.inService;
}

/** Whether one store matches the selected keys (PRODUCT.md#filters). */
export function storeMatchesFilters(
  store: Store,
  selected: readonly string[],
  ctx: FilterContext,
): boolean {
  const byKind: Record<FilterKind, string[]> = {
    channel: [],
    badge: [],
    specialty: [],
    product: [],
    hours: [],
  };
  for (const key of selected) byKind[filterKind(key, ctx)].push(key);

  if (byKind.hours.length > 0 && !(store.hours && hoursStatus(store.hours, ctx.now ?? 0).open)) {
    return false;
  }
  if (!byKind.channel.every((key) => hasPresence(store, key))) return false;
  if (byKind.badge.length > 0 && !byKind.badge.some((code) => store.badges.includes(code))) {
    return false;
  }
  if (byKind.specialty.length > 0) {
    const codes = store.solutionsSpecialties.map((s) => s.code);
    if (!byKind.specialty.some((code) => codes.includes(code))) return false;
  }
  if (byKind.product.length > 0) {
    const required = isAllProducts(ctx.chosenProductCode)
      ? byKind.product
      : [...byKind.product, ctx.chosenProductCode];
    const codes = storeProductCodes(store, ctx.channel);
    if (!required.every((code) => codes.has(code))) return false;
  }
  return true;
}

/** The stores matching the selected keys; all stores for an empty set (PRODUCT.md#filters). */
export function filterStores(
  stores: readonly Store[],
  selected: readonly string[],
  ctx: FilterContext,
): Store[] {
  if (selected.length === 0) return [...stores];
  return stores.filter((s) => storeMatchesFilters(s, selected, ctx));
}

/** Adds the key when absent, removes it when present (PRODUCT.md#filters); returns a new array. */
export function toggleFilter(selected: readonly string[], key: string): string[] {
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}

/** The number of active filters shown on the toggle (PRODUCT.md#results-page). */
export function activeFilterCount(selected: readonly string[]): number {
  return new Set(selected).size;
}

/** Filter groups of a search result for its (normalised) stores; see the decisions above. */
export function filterGroupsFromResults(
  results: Partial<
    Pick<SearchResults, 'productMatrixList' | 'badgesArray' | 'solutionsSpeciality'>
  >,
  stores: readonly Store[],
  channel: string,
): FilterGroup[] {
  const productCodes = new Set(stores.flatMap((s) => [...storeProductCodes(s, channel)]));
  const badgeCodes = new Set(stores.flatMap((s) => s.badges));
  const specialtyIds = new Set(stores.flatMap((s) => s.solutionsSpecialties.map((x) => x._id)));
  const products = sortByDisplayOrder(results.productMatrixList ?? []).filter((p) =>
    productCodes.has(p.code),
  );
  const badges = (results.badgesArray ?? []).filter(
    (b) => badgeCodes.has(b.code) && (b.channels ?? []).includes(channel),
  );
  const specialties = (results.solutionsSpeciality ?? []).filter((s) => specialtyIds.has(s._id));
  return [
    {
      filterId: 'products',
      filterData: uniqueByCode(
        products.map((p) => ({ id: p._id, code: p.code, title: p.displayName })),
      ),
    },
    {
      filterId: 'badges',
      filterData: uniqueByCode(badges.map((b) => ({ id: b.id, code: b.code, title: b.code }))),
    },
    {
      filterId: 'specialties',
      filterData: uniqueByCode(
        specialties.map((s) => ({ id: s._id, code: s.code, title: s.code })),
      ),
    },
  ];
}

function uniqueByCode(items: FilterItem[]): FilterItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.code) && seen.add(item.code));
}

/** The group of the "Open now" chip: opening hours, neither products nor a service. */
export const HOURS_FILTER_GROUP = 'hours';

export interface FilterPanel {
  /** "Open now" in a group of its own ("hours"), ahead of the others; undefined without hours. */
  hours: FilterGroup | undefined;
  /** The first group, without the chosen product; undefined when it has nothing to offer. */
  first: FilterGroup | undefined;
  /** Groups revealed by "More filters": those with data, minus the excluded ones. */
  more: FilterGroup[];
}

/**
 * The groups of the filter panel (PRODUCT.md#results-page); with `openNow` (some store has opening
 * hours) the "Open now" chip in a group of its own ahead of them.
 */
export function filterPanel(
  groups: readonly FilterGroup[],
  channel: string,
  chosenProductCode: string,
  openNow = false,
): FilterPanel {
  const [head, ...rest] = groups;
  let first: FilterGroup | undefined;
  if (head) {
    const data = head.filterData.filter(
      (d) => isAllProducts(chosenProductCode) || d.code !== chosenProductCode,
    );
    if (channel === 'sales' && !data.some((d) => d.code === SERVICE_CHIP.code)) {
      data.push({ ...SERVICE_CHIP });
    }
    if (data.length > 0) first = { filterId: head.filterId, filterData: data };
  }
  const more = rest.filter(
    (g) => g.filterData.length > 0 && !EXCLUDED_FILTER_GROUPS.includes(g.filterId),
  );
  const hours: FilterGroup | undefined = openNow
    ? {
        filterId: HOURS_FILTER_GROUP,
        filterData: [{ id: OPEN_NOW_FILTER, code: OPEN_NOW_FILTER, title: OPEN_NOW_FILTER }],
      }
    : undefined;
  return { hours, first, more };
}
