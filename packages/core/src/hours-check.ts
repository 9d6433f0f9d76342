/**
 * The form of a store's opening hours (`storeHoursSchema` of hours-schema.ts) checked without
 * zod, for readers that do not load it (the search answer's store normalisation, which the
 * embeddable compact element uses). The same rules; hours-check.test.ts holds the two together.
 */
import type { StoreHours } from './hours.js';
import { isTimeZone } from './hours-zone.js';

const isInt = (v: unknown): v is number => Number.isInteger(v);

function isInterval(v: unknown): boolean {
  if (!Array.isArray(v) || v.length !== 2) return false;
  const [open, close] = v as unknown[];
  return (
    isInt(open) &&
    isInt(close) &&
    open >= 0 &&
    open <= 1439 &&
    close >= 1 &&
    close <= 2880 &&
    close > open &&
    close - open <= 1440
  );
}

const isIntervals = (v: unknown): boolean => Array.isArray(v) && v.every(isInterval);

function isSpecial(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as { date?: unknown; hours?: unknown; name?: unknown };
  return (
    typeof s.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(s.date) &&
    isIntervals(s.hours) &&
    (s.name === undefined || typeof s.name === 'string')
  );
}

export function isStoreHours(value: unknown): value is StoreHours {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as { timeZone?: unknown; week?: unknown; special?: unknown };
  return (
    typeof h.timeZone === 'string' &&
    isTimeZone(h.timeZone) &&
    Array.isArray(h.week) &&
    h.week.length === 7 &&
    h.week.every(isIntervals) &&
    Array.isArray(h.special) &&
    h.special.every(isSpecial)
  );
}
