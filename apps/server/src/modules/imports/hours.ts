/**
 * A row's opening hours (README "Import", columns hours, specialHours, timeZone): the text forms
 * of @locator/core's hours-text.ts read into the stored form. A time zone left out is derived
 * from the store's position when the record is made (modules/stores/time-zone.ts); specialHours and
 * timeZone need hours.
 */
import {
  isTimeZone,
  parseSpecialDates,
  parseWeeklyHours,
  type SpecialDate,
  type StoreHours,
} from '@locator/core';

export interface HoursProblem {
  field: 'hours' | 'specialHours' | 'timeZone';
  reason: string;
}

export interface HoursColumns {
  hours: string;
  specialHours: string;
  timeZone: string;
}

/** The stored hours of a row (timeZone "" when to be derived), or its problems. */
export function hoursOfRow(row: HoursColumns): { hours?: StoreHours; problems: HoursProblem[] } {
  const problems: HoursProblem[] = [];
  if (row.hours === '') {
    for (const field of ['specialHours', 'timeZone'] as const) {
      if (row[field] !== '') problems.push({ field, reason: 'needs the weekly hours (hours)' });
    }
    return { problems };
  }
  const week = parseWeeklyHours(row.hours);
  if (!week.ok) problems.push({ field: 'hours', reason: week.error });
  let special: SpecialDate[] = [];
  if (row.specialHours !== '') {
    const parsed = parseSpecialDates(row.specialHours);
    if (parsed.ok) special = parsed.value;
    else problems.push({ field: 'specialHours', reason: parsed.error });
  }
  if (row.timeZone !== '' && !isTimeZone(row.timeZone)) {
    problems.push({ field: 'timeZone', reason: 'not an IANA time zone like Europe/London' });
  }
  if (!week.ok || problems.length > 0) return { problems };
  return { hours: { timeZone: row.timeZone, week: week.value, special }, problems };
}
