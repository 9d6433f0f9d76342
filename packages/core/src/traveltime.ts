/**
 * Travel time (PRODUCT.md#results-page, #store-search-answer, #maps-service, #code-lists): the ETA in seconds shown as hours and minutes,
 * localised with Intl, and the initial travel mode.
 *
 * Decisions where PRODUCT.md is silent:
 * - Seconds are rounded to the nearest minute; a positive time under 30 s shows as 1 minute,
 *   never "0 min". Zero shows as "0 min". Negative, NaN or infinite times give "" (the UI
 *   hides the value).
 * - Hours and minutes use Intl.NumberFormat unit style "short" joined by Intl.ListFormat
 *   (type "unit", style "narrow"): en-US "1 hr 5 min", de-DE "1 Std., 5 Min.". Whole hours
 *   omit "0 min". An unknown locale falls back to Intl's default; a malformed one to en-US.
 * - The initial travel mode is the results' modesOfTransport when it is a known mode, else
 *   automobile.
 * - A walk longer than MAX_WALKING_SECONDS (90 minutes, about 7 km) is not a plausible walk:
 *   it is shown as "too far to walk", not as a time.
 */
import { languageTag } from './locale.js';
import { TRAVEL_MODES } from './types.js';
import type { SearchResults, TravelMode } from './types.js';

export const DEFAULT_TRAVEL_MODE: TravelMode = 'automobile';

export interface Duration {
  hours: number;
  minutes: number;
}

/** Seconds → whole hours and minutes, or undefined for negative / non-finite input. */
export function splitDuration(seconds: number): Duration | undefined {
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  let total = Math.round(seconds / 60);
  if (seconds > 0 && total === 0) total = 1;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

function safeLocale(locale: string): string {
  // "es-LAC" → "es-419": Intl throws on the catch-all regions' codes.
  const tag = languageTag(locale);
  try {
    return String(Intl.getCanonicalLocales(tag));
  } catch {
    return 'en-US';
  }
}

/** A travel time, localised ("1 hr 5 min" in en-US); "" for invalid input. */
export function formatTravelTime(seconds: number, locale: string): string {
  const duration = splitDuration(seconds);
  if (!duration) return '';
  const tag = safeLocale(locale);
  const unit = (value: number, name: 'hour' | 'minute'): string =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts: string[] = [];
  if (duration.hours > 0) parts.push(unit(duration.hours, 'hour'));
  if (duration.minutes > 0 || duration.hours === 0) parts.push(unit(duration.minutes, 'minute'));
  return new Intl.ListFormat(tag, { type: 'unit', style: 'narrow' }).format(parts);
}

/** The longest walk shown as a time (90 minutes). */
export const MAX_WALKING_SECONDS = 90 * 60;

/** Whether a travel time is a walk beyond walking distance (shown as such, not as a time). */
export function isBeyondWalking(mode: TravelMode, seconds: number): boolean {
  return mode === 'walking' && Number.isFinite(seconds) && seconds > MAX_WALKING_SECONDS;
}

/** True for "automobile" and "walking". */
export function isTravelMode(value: unknown): value is TravelMode {
  return typeof value === 'string' && (TRAVEL_MODES as readonly string[]).includes(value);
}

/** The travel mode first selected for a result (PRODUCT.md#store-search-answer modesOfTransport). */
export function initialTravelMode(
  results: Pick<SearchResults, 'modesOfTransport'> | undefined,
): TravelMode {
  const mode = results?.modesOfTransport;
  return isTravelMode(mode) ? mode : DEFAULT_TRAVEL_MODE;
}
