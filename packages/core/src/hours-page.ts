/**
 * A store page's hours as one model, from which both the page and its structured data are
 * written, so that they say the same of every day shown:
 *
 * - the weekly hours, Monday first, each day closed, open 24 hours (a run from midnight to
 *   midnight or beyond) or open in its intervals;
 * - the special dates from the store's today to STORE_PAGE_SPECIAL_DAYS ahead (past ones and
 *   later ones are in neither);
 * - the store's today (its date and weekday, to be marked);
 * - the opening status at the instant, and until when the page stays right: the next change of
 *   the status line or the store's next midnight, whichever comes first. A page rendered with a
 *   status is cached no longer than that.
 *
 * The status a page shows is the search's status line (`hoursLine`) without the per-minute
 * countdown: "opens in 30 min" reads "Closed · opens 09:00", so the line changes only at the
 * store's own changes (and an hour before a closing, "Closes soon").
 */
import { hoursLine, type HoursLine } from './hours-display.js';
import { hoursStatus, SOON_MINUTES, type HoursInterval, type StoreHours } from './hours.js';
import { instantOf, isoDateOf, localTimeAt, weekdayOf } from './hours-zone.js';

/** Special dates a store page shows (and its structured data states): the next four weeks. */
export const STORE_PAGE_SPECIAL_DAYS = 28;

const DAY_MIN = 1440;

/** One day's hours as a page says them. */
export type DayHours =
  { kind: 'closed' } | { kind: 'allDay' } | { kind: 'open'; intervals: readonly HoursInterval[] };

export interface PageSpecialDate {
  /** "YYYY-MM-DD" in the store's calendar. */
  date: string;
  name?: string;
  hours: DayHours;
  /** True for the store's today. */
  today: boolean;
}

export interface PageHours {
  /** The store's today. */
  today: { date: string; weekday: number };
  /** Seven days, Monday first. */
  week: DayHours[];
  /** The special dates from today to STORE_PAGE_SPECIAL_DAYS ahead, in date order. */
  special: PageSpecialDate[];
  /** The status line at the instant (never "opensIn"). */
  status: HoursLine;
  /** Epoch ms until which today and the status hold (exclusive). */
  validUntil: number;
}

/** A day's intervals as the page says them: none is closed, midnight to midnight is all day. */
export function dayHours(intervals: readonly HoursInterval[]): DayHours {
  if (intervals.length === 0) return { kind: 'closed' };
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let reach = 0;
  for (const [open, close] of sorted) {
    if (open > reach) break;
    reach = Math.max(reach, close);
  }
  return reach >= DAY_MIN ? { kind: 'allDay' } : { kind: 'open', intervals: sorted };
}

/** The status line a page shows (no per-minute countdown) and how long it holds. */
function pageStatus(
  hours: StoreHours,
  instant: number,
  today: number,
): { status: HoursLine; until: number } {
  const line = hoursLine(hours, instant);
  const { change } = hoursStatus(hours, instant);
  const midnight = instantOf(today + 1, 0, hours.timeZone);
  if (!change) return { status: line, until: midnight };
  let status = line;
  if (line.key === 'opensIn') {
    const changeDay = Math.floor(Date.parse(`${change.date}T00:00:00Z`) / 86_400_000);
    status = {
      key: 'closedOpens',
      open: false,
      minute: change.minute,
      ...(changeDay !== today ? { weekday: change.weekday } : {}),
    };
  }
  const soon = change.at - SOON_MINUTES * 60_000;
  const next = line.open && soon > instant ? soon : change.at;
  return { status, until: Math.min(next, midnight) };
}

/** The page's model of a store's hours at an instant. */
export function pageHours(hours: StoreHours, instant: number): PageHours {
  const today = localTimeAt(instant, hours.timeZone).day;
  const first = isoDateOf(today);
  const last = isoDateOf(today + STORE_PAGE_SPECIAL_DAYS - 1);
  const special = hours.special
    .filter((s) => s.date >= first && s.date <= last)
    .map((s) => ({
      date: s.date,
      ...(s.name ? { name: s.name } : {}),
      hours: dayHours(s.hours),
      today: s.date === first,
    }));
  const { status, until } = pageStatus(hours, instant, today);
  return {
    today: { date: first, weekday: weekdayOf(today) },
    week: hours.week.map((day) => dayHours(day)),
    special,
    status,
    validUntil: Math.max(until, instant + 1),
  };
}
