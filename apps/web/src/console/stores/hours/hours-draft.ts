/**
 * A store's opening hours as the console edits them (a schedule: per day closed, open 24 hours
 * or time intervals; special dates; the time zone), and the mapping to and from the hours the
 * admin API accepts (`hours`, `specialHours`, `timeZone` of StoreInput, @locator/core/admin-api):
 * read with the same text parsers the server reads them with (@locator/core hours-text.ts) and
 * written back in their canonical text ("Mo-Fr 09:00-18:00; Sa-Su off").
 *
 * Times are the "HH:MM" of time inputs; a closing at or before the opening runs past midnight
 * (22:00–02:00), as the text form has it. A draft the server would refuse (a missing time,
 * overlapping intervals) is still written, as the text it is, so the same parser refuses it
 * (hours-problems.ts names why).
 */
import {
  hoursText,
  isStoreHours,
  parseSpecialDates,
  parseTimes,
  parseWeeklyHours,
  specialDatesText,
  weeklyHoursText,
  type HoursInterval,
} from '@locator/core';
import type { StoreInput } from '@locator/core/admin-api';

/** The value of the hours editor: the store's hours columns as the admin API accepts them. */
export type HoursValue = Pick<StoreInput, 'hours' | 'specialHours' | 'timeZone'>;

export type DayMode = 'closed' | 'allDay' | 'hours';

/** One interval: the "HH:MM" of its opening and closing ("" while not filled in). */
export interface TimeRange {
  open: string;
  close: string;
}

export interface DayDraft {
  mode: DayMode;
  /** The intervals of `mode: 'hours'` (kept while another mode is chosen, at least one). */
  ranges: TimeRange[];
}

export interface SpecialDraft extends DayDraft {
  /** "YYYY-MM-DD" ("" while not filled in). */
  date: string;
  /** Its name ("Christmas Day"), "" for none. */
  name: string;
}

export interface HoursDraft {
  /** false: the store gives no opening hours (all three columns empty). */
  given: boolean;
  /** Monday … Sunday. */
  week: DayDraft[];
  special: SpecialDraft[];
  /** IANA zone, "" to have the server derive it from the store's position. */
  timeZone: string;
}

/** What a new interval, or a store's first hours, start from. */
export const DEFAULT_RANGE: TimeRange = { open: '09:00', close: '18:00' };
const DAY_MIN = 1440;
const WEEKDAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

export const newDay = (mode: DayMode = 'hours'): DayDraft => ({ mode, ranges: [DEFAULT_RANGE] });

export const newSpecial = (date = ''): SpecialDraft => ({ ...newDay('closed'), date, name: '' });

/** A store without hours: Monday to Saturday 09:00–18:00, Sunday closed, until changed. */
export function emptyDraft(): HoursDraft {
  return {
    given: false,
    week: WEEKDAY_CODES.map((_, d) => newDay(d === 6 ? 'closed' : 'hours')),
    special: [],
    timeZone: '',
  };
}

const clock = (minute: number): string => hoursText(minute % DAY_MIN);

function dayOfIntervals(intervals: readonly HoursInterval[]): DayDraft {
  if (intervals.length === 0) return newDay('closed');
  const [first] = intervals;
  if (intervals.length === 1 && first![0] === 0 && first![1] === DAY_MIN) return newDay('allDay');
  return {
    mode: 'hours',
    ranges: intervals.map(([o, c]) => ({ open: clock(o), close: clock(c) })),
  };
}

const text = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v).trim();

/** Why a stored value could not be read into a draft (the parser's reason). */
export interface UnreadableHours {
  field: 'hours' | 'specialHours';
  reason: string;
}

/** The draft of a value; what of it could not be read is left at the default, and said. */
export function draftOfValue(value: HoursValue): {
  draft: HoursDraft;
  unreadable?: UnreadableHours;
} {
  const draft = emptyDraft();
  draft.timeZone = text(value.timeZone);
  const weekly = text(value.hours);
  if (weekly === '') return { draft };
  draft.given = true;
  const week = parseWeeklyHours(weekly);
  if (!week.ok) return { draft, unreadable: { field: 'hours', reason: week.error } };
  draft.week = week.value.map(dayOfIntervals);
  const specialHours = value.specialHours ?? '';
  if (specialHours === '' || specialHours.length === 0) return { draft };
  const special = parseSpecialDates(specialHours);
  if (!special.ok) return { draft, unreadable: { field: 'specialHours', reason: special.error } };
  draft.special = special.value.map((s) => ({
    ...dayOfIntervals(s.hours),
    date: s.date,
    name: s.name ?? '',
  }));
  return { draft };
}

/** The text of one day's times: "off", "00:00-24:00", or its intervals as entered. */
export function dayTimesText(day: DayDraft): string {
  if (day.mode === 'closed') return 'off';
  if (day.mode === 'allDay') return '00:00-24:00';
  return day.ranges.map((r) => `${r.open}-${r.close}`).join(',');
}

/** The value of a draft: canonical text where the parser reads it, else the text as entered. */
export function valueOfDraft(draft: HoursDraft): HoursValue {
  if (!draft.given) return { hours: null, specialHours: null, timeZone: null };
  const timeZone = draft.timeZone === '' ? null : draft.timeZone;
  const days = draft.week.map(dayTimesText);
  const read = days.map((t) => parseTimes(t));
  const hours = read.every((r) => r.ok)
    ? weeklyHoursText(read.map((r) => (r.ok ? r.value : [])))
    : days.map((t, d) => `${WEEKDAY_CODES[d]} ${t}`).join('; ');
  const specialHours = draft.special.map((s) => {
    const name = s.name.trim() === '' ? '' : ` "${s.name.trim()}"`;
    const entry = `${s.date} ${dayTimesText(s)}${name}`;
    const parsed = parseSpecialDates([entry]);
    return parsed.ok && parsed.value.length === 1 ? specialDatesText(parsed.value) : entry;
  });
  return { hours, specialHours: specialHours.length > 0 ? specialHours : null, timeZone };
}

/**
 * The value of a store's stored hours (the `hours` of the store answer's document, the form of
 * `storeHoursSchema`), as the import's export writes them; none when it has none (or another
 * form). The stored time zone is the one derived from the position when none was given.
 */
export function hoursValueOfStored(stored: unknown): HoursValue {
  if (!isStoreHours(stored)) return { hours: null, specialHours: null, timeZone: null };
  return {
    hours: weeklyHoursText(stored.week),
    specialHours:
      stored.special.length > 0 ? stored.special.map((s) => specialDatesText([s])) : null,
    timeZone: stored.timeZone === '' ? null : stored.timeZone,
  };
}
