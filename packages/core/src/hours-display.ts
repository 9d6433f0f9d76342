/**
 * What a visitor reads of a store's hours, as keys and values for the translations (the words
 * are in each language's files; times and weekday names come from `Intl` in the visitor's
 * locale, 12- or 24-hour as the locale has it).
 *
 * - open, closing more than an hour ahead: "Open now · closes 18:00" (`openCloses`);
 * - open, closing within the hour: "Closes soon · 18:00" (`closesSoon`);
 * - closed, opening within the hour: "Opens in 30 min" (`opensIn`, minutes rounded up);
 * - closed, opening later: "Closed · opens Mon 09:00" (`closedOpens`, the weekday only when
 *   the opening is not on the store's today);
 * - open with no closing within two weeks: "Open 24 hours" (`openAlways`);
 * - closed with no opening within two weeks: "Closed" (`closed`).
 * A closing past midnight within a day shows its time only ("closes 02:00").
 */
import { hoursStatus, minutesUntil, SOON_MINUTES, type StoreHours } from './hours.js';
import { localTimeAt } from './hours-zone.js';
import { languageTag } from './locale.js';

export type HoursLineKey =
  'openCloses' | 'closesSoon' | 'opensIn' | 'closedOpens' | 'openAlways' | 'closed';

export interface HoursLine {
  key: HoursLineKey;
  open: boolean;
  /** Minutes after the store's local midnight of the change (closing or opening). */
  minute?: number;
  /** Weekday (0 = Monday) of the change, when it is to be named. */
  weekday?: number;
  /** Minutes until the change (opensIn). */
  minutes?: number;
}

/** The status line of a store's hours at an instant. */
export function hoursLine(hours: StoreHours, instant: number): HoursLine {
  const { open, change } = hoursStatus(hours, instant);
  if (!change) return { key: open ? 'openAlways' : 'closed', open };
  const until = minutesUntil(change, instant);
  if (open) {
    return {
      key: until <= SOON_MINUTES ? 'closesSoon' : 'openCloses',
      open,
      minute: change.minute,
    };
  }
  if (until <= SOON_MINUTES) return { key: 'opensIn', open, minutes: until };
  const today = localTimeAt(instant, hours.timeZone).day;
  const changeDay = Math.floor(Date.parse(`${change.date}T00:00:00Z`) / 86_400_000);
  return {
    key: 'closedOpens',
    open,
    minute: change.minute,
    ...(changeDay !== today ? { weekday: change.weekday } : {}),
  };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  map: Map<string, Intl.DateTimeFormat>,
  key: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let f = map.get(key);
  if (!f) {
    f = make();
    map.set(key, f);
  }
  return f;
}

/** A wall time (minutes after midnight, past-midnight values wrap) in the locale's clock. */
export function formatClock(minute: number, locale: string): string {
  // The page's locale as Intl reads it ("es-LAC" → "es-419"): Intl throws on a region "LAC".
  const tag = languageTag(locale);
  const f = cached(clockFormats, tag, () => {
    const numeric = Intl.DateTimeFormat(tag, {
      timeZone: 'UTC',
      hour: 'numeric',
      minute: '2-digit',
    });
    // A 24-hour clock is written with two-digit hours ("02:00"), as such locales do.
    const cycle = numeric.resolvedOptions().hourCycle;
    return cycle === 'h23' || cycle === 'h24'
      ? Intl.DateTimeFormat(tag, {
          timeZone: 'UTC',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: cycle,
        })
      : numeric;
  });
  return f.format((((minute % 1440) + 1440) % 1440) * 60_000);
}

/** A weekday's name (0 = Monday) in the locale, short ("Mon") or long ("Monday"). */
export function formatWeekday(weekday: number, locale: string, width: 'short' | 'long'): string {
  const tag = languageTag(locale);
  const f = cached(weekdayFormats, `${tag}|${width}`, () =>
    Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: width }),
  );
  // 1970-01-05 was a Monday.
  return f.format((4 + weekday) * 86_400_000);
}

/** A "YYYY-MM-DD" date as day and month in the locale ("25 Dec"). */
export function formatDayMonth(date: string, locale: string): string {
  return Intl.DateTimeFormat(languageTag(locale), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  }).format(Date.parse(`${date}T00:00:00Z`));
}

/** An interval "09:00–18:00" in the locale's clock. */
export function formatInterval(interval: readonly [number, number], locale: string): string {
  return `${formatClock(interval[0], locale)}–${formatClock(interval[1], locale)}`;
}
