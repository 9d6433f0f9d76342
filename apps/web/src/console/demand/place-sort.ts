/**
 * The order of the unmet places' table: by place, country, unmet searches, those of them answered
 * beyond the radius, or the distance to the nearest store, either way. A hidden count ("fewer
 * than N") sorts as less than N and more than 0; a place without a store in reach sorts as the
 * farthest. Ties keep the answer's order.
 */
import type { DemandPlace } from '@locator/core/console-demand';
import { sizeOf } from './demand-summary';

export const PLACE_SORTS = [
  'place',
  'country',
  'searches',
  'beyondRadius',
  'nearestStoreKm',
] as const;
export type PlaceSort = (typeof PLACE_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export interface PlaceOrder {
  sort: PlaceSort;
  dir: SortDir;
}

/** The table's first order: most unmet searches first. */
export const DEFAULT_PLACE_ORDER: PlaceOrder = { sort: 'searches', dir: 'desc' };

/** The direction a column sorts in when first chosen: counts and distances largest first. */
export const firstDirOf = (sort: PlaceSort): SortDir =>
  sort === 'place' || sort === 'country' ? 'asc' : 'desc';

/** The order after a column's header is activated: its other way, or its first way. */
export function nextOrder(current: PlaceOrder, sort: PlaceSort): PlaceOrder {
  if (current.sort === sort) return { sort, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: firstDirOf(sort) };
}

export function sortPlaces(
  rows: readonly DemandPlace[],
  order: PlaceOrder,
  locale: string,
): DemandPlace[] {
  const collator = new Intl.Collator(locale);
  const compare = (a: DemandPlace, b: DemandPlace): number => {
    switch (order.sort) {
      case 'place':
        return collator.compare(a.place, b.place);
      case 'country':
        return collator.compare(a.country, b.country);
      case 'searches':
        return sizeOf(a.searches) - sizeOf(b.searches);
      case 'beyondRadius':
        return sizeOf(a.beyondRadius) - sizeOf(b.beyondRadius);
      case 'nearestStoreKm':
        return (a.nearestStoreKm ?? Infinity) - (b.nearestStoreKm ?? Infinity) || 0;
    }
  };
  const sign = order.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.i - b.i)
    .map((x) => x.row);
}
