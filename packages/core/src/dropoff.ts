/**
 * Drop-off rules of the service channel (PRODUCT.md#results-page, #drop-off, #code-lists).
 *
 * - When the results have dropOff true, a link re-searches with repairType "Drop off" if the
 *   current search is not drop-off, else without it.
 * - Drop-off filtering (a service search that is not a drop-off search shows no store having
 *   the service type rt2, numbered from 1) is applied once, by the server's search: the
 *   browser shows the stores as answered.
 *
 * Decisions where PRODUCT.md is silent:
 * - A search is drop-off when its repairType is "Drop off", compared case-insensitively and
 *   ignoring surrounding spaces and a "+" or "%20" for the space (as it arrives from a query).
 */
import { DROP_OFF_REPAIR_TYPE } from './types.js';
import type { SearchRequest } from './types.js';

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
 * Which re-search link the drop-off / on-site switch shows (PRODUCT.md#drop-off), or undefined when the
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
