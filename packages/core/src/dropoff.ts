/**
 * Drop-off rules of the service channel (spec 2.5 item 5, 4.5, 9.3).
 *
 * - When the results have dropOff true, a link re-searches with repairType "Drop off" if the
 *   current search is not drop-off, else without it.
 * - Drop-off filtering applies when the channel is service, the results' dropOff is true and
 *   the page URL does not contain "repairType=Drop"; it removes the stores having a service
 *   type with code rt2 and renumbers orderNumber from 1.
 *
 * Decisions where the spec is silent:
 * - A search is drop-off when its repairType is "Drop off", compared case-insensitively and
 *   ignoring surrounding spaces and a "+" or "%20" for the space (as it arrives from a query).
 * - The "repairType=Drop" test on the page URL is case-sensitive, exactly as the spec words it;
 *   both "Drop off" encodings ("Drop%20off", "Drop+off") contain it.
 */
import { DROP_OFF_EXCLUDED_SERVICE_TYPE, DROP_OFF_REPAIR_TYPE } from './types.js';
import type { CodeItem, SearchRequest } from './types.js';

/** True when a repairType value means a drop-off search. */
export function isDropOffRepairType(repairType: string | null | undefined): boolean {
  const value = (repairType ?? '')
    .replace(/\+|%20/gi, ' ')
    .trim()
    .toLowerCase();
  return value === DROP_OFF_REPAIR_TYPE.toLowerCase();
}

export type DropOffSwitch = 'toDropOff' | 'toOnSite';

/**
 * Which re-search link the drop-off / on-site switch shows (spec 4.5), or undefined when the
 * switch is not shown (not service, or results without dropOff).
 */
export function dropOffSwitch(
  channel: string,
  resultsDropOff: boolean | undefined,
  currentRepairType: string | null | undefined,
): DropOffSwitch | undefined {
  if (channel !== 'service' || resultsDropOff !== true) return undefined;
  return isDropOffRepairType(currentRepairType) ? 'toOnSite' : 'toDropOff';
}

/** The search request of the switch's link: with repairType "Drop off", or without it. */
export function dropOffSearchRequest(request: SearchRequest, target: DropOffSwitch): SearchRequest {
  const { repairType: _ignored, ...rest } = request;
  return target === 'toDropOff' ? { ...rest, repairType: DROP_OFF_REPAIR_TYPE } : rest;
}

/** Whether drop-off filtering applies (spec 4.5). */
export function shouldApplyDropOffFilter(
  channel: string,
  resultsDropOff: boolean | undefined,
  pageUrl: string,
): boolean {
  return channel === 'service' && resultsDropOff === true && !pageUrl.includes('repairType=Drop');
}

/** True when the store has the excluded service type rt2. */
export function hasExcludedServiceType(store: { serviceTypes: readonly CodeItem[] }): boolean {
  return store.serviceTypes.some((t) => t.code === DROP_OFF_EXCLUDED_SERVICE_TYPE);
}

/** Copies of the stores with orderNumber 1, 2, 3… in list order. */
export function renumber<T extends { orderNumber: number }>(stores: readonly T[]): T[] {
  return stores.map((store, index) => ({ ...store, orderNumber: index + 1 }));
}

/** Stores without rt2, renumbered from 1 (spec 4.5). */
export function removeDropOffExcluded<
  T extends { orderNumber: number; serviceTypes: readonly CodeItem[] },
>(stores: readonly T[]): T[] {
  return renumber(stores.filter((s) => !hasExcludedServiceType(s)));
}

/** Applies drop-off filtering when its conditions hold; otherwise returns the stores as they are. */
export function applyDropOffRules<
  T extends { orderNumber: number; serviceTypes: readonly CodeItem[] },
>(
  stores: readonly T[],
  ctx: { channel: string; resultsDropOff: boolean | undefined; pageUrl: string },
): T[] {
  return shouldApplyDropOffFilter(ctx.channel, ctx.resultsDropOff, ctx.pageUrl)
    ? removeDropOffExcluded(stores)
    : [...stores];
}
