/**
 * Opening hours of a store, computed in the store's own time zone (see `hours-zone.ts`).
 *
 * A store's hours are its weekly hours (per weekday, Monday first, any number of intervals), its
 * special dates (holidays, temporary closures, extended hours: they replace the weekly hours of
 * that date) and its IANA time zone. An interval is [open, close] in minutes after the local
 * midnight of its day; a close after 1440 runs past midnight into the next day ("22:00–02:00"
 * is [1320, 1560]), and such a run carries on even when the next day is a special date.
 *
 * The status at an instant: open or closed, and the next change (the closing, or the next
 * opening within two weeks) as an instant and as the store's wall clock. Intervals that touch
 * or overlap are one opening (a store open 00:00–24:00 every day never closes). "Soon" is a
 * change within the hour.
 */
import { instantOf, isoDateOf, localTimeAt, weekdayOf } from './hours-zone.js';

/** Minutes after local midnight: [open, close), close > open, close ≤ 2880. */
export type HoursInterval = readonly [number, number];

export interface SpecialDate {
  /** "YYYY-MM-DD" in the store's calendar. */
  date: string;
  /** The intervals of that date; empty when closed. */
  hours: HoursInterval[];
  /** What the date is ("Christmas Day"), as given; optional. */
  name?: string;
}

export interface StoreHours {
  timeZone: string;
  /** Seven lists, Monday first. */
  week: HoursInterval[][];
  /** Special dates, in date order, each date once. */
  special: SpecialDate[];
}

export interface HoursChange {
  /** Epoch milliseconds. */
  at: number;
  /** The store's weekday of the change, 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** "YYYY-MM-DD" of the change in the store's calendar. */
  date: string;
  /** Minutes after the store's local midnight. */
  minute: number;
}

export interface HoursStatus {
  open: boolean;
  /** The closing (open) or the next opening (closed); null when none within two weeks. */
  change: HoursChange | null;
}

/** The status as the search answer carries it (computed as of the request). */
export interface HoursStatusWire {
  open: boolean;
  /** Epoch milliseconds of the next change, or null. */
  changeAt: number | null;
}

/** How far ahead the next change is looked for, in days. */
export const HOURS_HORIZON_DAYS = 14;
/** A change this close (minutes) makes the status "closes soon" / "opens in … min". */
export const SOON_MINUTES = 60;

const DAY_MIN = 1440;

/** The intervals of one local day: its special date's, else its weekday's. */
export function hoursOfDay(
  hours: StoreHours,
  day: number,
): {
  hours: readonly HoursInterval[];
  special?: SpecialDate;
} {
  const date = isoDateOf(day);
  const special = hours.special.find((s) => s.date === date);
  if (special) return { hours: special.hours, special };
  return { hours: hours.week[weekdayOf(day)] ?? [] };
}

/** Opening runs between two local days, in minutes since local day 0, merged and sorted. */
function runs(hours: StoreHours, fromDay: number, toDay: number): [number, number][] {
  const all: [number, number][] = [];
  for (let day = fromDay; day <= toDay; day += 1) {
    for (const [open, close] of hoursOfDay(hours, day).hours) {
      all.push([day * DAY_MIN + open, day * DAY_MIN + close]);
    }
  }
  all.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of all) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function changeAt(localMinute: number, timeZone: string): HoursChange {
  const day = Math.floor(localMinute / DAY_MIN);
  const minute = localMinute - day * DAY_MIN;
  return {
    at: instantOf(day, minute, timeZone),
    weekday: weekdayOf(day),
    date: isoDateOf(day),
    minute,
  };
}

/** Open or closed at an instant, and the next change. */
export function hoursStatus(hours: StoreHours, instant: number): HoursStatus {
  const now = localTimeAt(instant, hours.timeZone);
  const at = now.day * DAY_MIN + now.minute;
  const list = runs(hours, now.day - 1, now.day + HOURS_HORIZON_DAYS);
  const current = list.find(([open, close]) => open <= at && at < close);
  if (current) {
    const lastDay = (now.day + HOURS_HORIZON_DAYS + 1) * DAY_MIN;
    return {
      open: true,
      change: current[1] >= lastDay ? null : changeAt(current[1], hours.timeZone),
    };
  }
  const next = list.find(([open]) => open > at);
  return { open: false, change: next ? changeAt(next[0], hours.timeZone) : null };
}

/** The status in the search answer's form. */
export function hoursStatusWire(hours: StoreHours, instant: number): HoursStatusWire {
  const s = hoursStatus(hours, instant);
  return { open: s.open, changeAt: s.change ? s.change.at : null };
}

/**
 * The hours a search answer carries: the special dates from the store's yesterday to the last
 * day `hoursStatus` looks at. The status and the week view (`hoursWeek`) read nothing further,
 * so an answer does not carry months of holidays for every store; the store page shows them.
 */
export function hoursAhead(hours: StoreHours, instant: number): StoreHours {
  const today = localTimeAt(instant, hours.timeZone).day;
  const first = isoDateOf(today - 1);
  const last = isoDateOf(today + HOURS_HORIZON_DAYS);
  return {
    ...hours,
    special: hours.special.filter((s) => s.date >= first && s.date <= last),
  };
}

/** Whole minutes (rounded up) from an instant to a change; 0 when past. */
export function minutesUntil(change: HoursChange, instant: number): number {
  return Math.max(0, Math.ceil((change.at - instant) / 60_000));
}

/** True when the change is within the hour ("closes soon", "opens in … min"). */
export function isSoon(change: HoursChange | null, instant: number): boolean {
  return change !== null && minutesUntil(change, instant) <= SOON_MINUTES;
}

export interface HoursDay {
  /** "YYYY-MM-DD" in the store's calendar. */
  date: string;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  hours: readonly HoursInterval[];
  today: boolean;
  /** The special date replacing the weekday's hours, if any. */
  special?: SpecialDate;
}

/** The seven days from the store's today, each with its hours (special dates marked). */
export function hoursWeek(hours: StoreHours, instant: number): HoursDay[] {
  const today = localTimeAt(instant, hours.timeZone).day;
  return Array.from({ length: 7 }, (_, i) => {
    const day = today + i;
    const of = hoursOfDay(hours, day);
    return {
      date: isoDateOf(day),
      weekday: weekdayOf(day),
      hours: of.hours,
      today: i === 0,
      ...(of.special ? { special: of.special } : {}),
    };
  });
}
