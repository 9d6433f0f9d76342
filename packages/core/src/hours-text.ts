/**
 * The text form of opening hours, as an import file and the admin API give them: a subset of
 * OpenStreetMap's `opening_hours` syntax for the weekly hours, and dated entries for special
 * dates. Both read into the stored form of `hours.ts` and are written back from it (export).
 *
 * Weekly hours: rules separated by ";", each "days times", e.g.
 * `Mo-Fr 09:00-18:00; Sa 10:00-13:00,14:00-17:00; Su off`. Days are Mo Tu We Th Fr Sa Su, ranges
 * ("Mo-Fr", "Fr-Mo") and lists ("Mo,We"); without days a rule is for every day; a later rule
 * replaces the hours of the days it names. Times are "HH:MM-HH:MM" separated by ","; a closing
 * at or before the opening runs past midnight ("22:00-02:00"), as does a closing written past
 * 24:00 ("22:00-26:00"); "off" or "closed" is a closed day; "24/7" alone is always open.
 * Other OpenStreetMap forms (public holidays "PH", months, weeks, sunrise) are refused with a
 * reason: special dates are given as such.
 *
 * Special dates: entries separated by ";", each "DATE times [name]" where DATE is
 * "YYYY-MM-DD" or a range "YYYY-MM-DD..YYYY-MM-DD" (at most 366 days), times as above or
 * "off", and the optional name in double quotes: `2026-12-25 off "Christmas Day"`.
 */
import { dayOfIsoDate, isoDateOf } from './hours-zone.js';
import type { HoursInterval, SpecialDate } from './hours.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const DAY_MIN = 1440;
const TIME = /^(\d{1,2}):(\d{2})$/;
/** The longest range of special dates one entry may give. */
export const SPECIAL_RANGE_MAX_DAYS = 366;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

function minutes(text: string, max: number): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && v <= max ? v : undefined;
}

/** "09:00-18:00,19:00-22:00" or "off" → intervals (sorted, not overlapping). */
export function parseTimes(text: string): Parsed<HoursInterval[]> {
  const t = text.trim();
  if (t === 'off' || t === 'closed') return { ok: true, value: [] };
  const out: [number, number][] = [];
  for (const part of t.split(',')) {
    const [a = '', b = '', ...rest] = part.trim().split('-');
    const open = minutes(a.trim(), DAY_MIN - 1);
    let close = minutes(b.trim(), 2 * DAY_MIN);
    if (rest.length > 0 || open === undefined || close === undefined) {
      return fail(`"${part.trim()}" is not a time range like 09:00-18:00`);
    }
    if (close <= open) close += DAY_MIN;
    if (close - open > DAY_MIN || close > 2 * DAY_MIN) {
      return fail(`"${part.trim()}" is longer than a day`);
    }
    out.push([open, close]);
  }
  out.sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < out.length; i += 1) {
    if (out[i]![0] < out[i - 1]![1]) return fail(`"${t}" has overlapping time ranges`);
  }
  return { ok: true, value: out };
}

function parseDays(text: string): Parsed<number[]> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [a = '', b, ...rest] = part.split('-');
    const from = DAYS.indexOf(a as (typeof DAYS)[number]);
    const to = b === undefined ? from : DAYS.indexOf(b as (typeof DAYS)[number]);
    if (rest.length > 0 || from < 0 || to < 0) {
      return fail(`"${part}" is not a weekday (Mo Tu We Th Fr Sa Su) or range (Mo-Fr)`);
    }
    for (let d = from; ; d = (d + 1) % 7) {
      out.add(d);
      if (d === to) break;
    }
  }
  return { ok: true, value: [...out] };
}

/** Weekly hours from the text form (see the module comment). */
export function parseWeeklyHours(text: string): Parsed<HoursInterval[][]> {
  const week: HoursInterval[][] = Array.from({ length: 7 }, () => []);
  const rules = text
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean);
  if (rules.length === 0) return fail('no hours given');
  if (rules.length === 1 && rules[0] === '24/7') {
    return { ok: true, value: week.map(() => [[0, DAY_MIN]]) };
  }
  for (const rule of rules) {
    const space = rule.search(/\s/);
    const head = space < 0 ? rule : rule.slice(0, space);
    const hasDays = /^[A-Z]/.test(head);
    const days = hasDays ? parseDays(head) : { ok: true as const, value: [0, 1, 2, 3, 4, 5, 6] };
    if (!days.ok) return fail(`${days.error} in "${rule}"`);
    const timesText = hasDays ? rule.slice(head.length) : rule;
    if (timesText.trim() === '') return fail(`"${rule}" gives no times (or "off")`);
    const times = parseTimes(timesText);
    if (!times.ok) return fail(`${times.error} in "${rule}"`);
    for (const d of days.value) week[d] = times.value;
  }
  return { ok: true, value: week };
}

const SPECIAL = /^(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?\s+([^"]+?)(?:\s+"([^"]*)")?$/;

/** Special dates from the text form (one string, or its entries); sorted, each date once. */
export function parseSpecialDates(text: string | readonly string[]): Parsed<SpecialDate[]> {
  const entries = (typeof text === 'string' ? text.split(';') : text)
    .map((e) => e.trim())
    .filter(Boolean);
  const byDate = new Map<string, SpecialDate>();
  for (const entry of entries) {
    const m = SPECIAL.exec(entry);
    if (!m) return fail(`"${entry}" is not like 2026-12-25 off or 2026-12-24 09:00-14:00`);
    const from = dayOfIsoDate(m[1]!);
    const to = m[2] === undefined ? from : dayOfIsoDate(m[2]);
    if (from === undefined || to === undefined) return fail(`"${entry}" has no such date`);
    if (to < from || to - from >= SPECIAL_RANGE_MAX_DAYS) {
      return fail(`"${entry}" is not a range of 1 to ${SPECIAL_RANGE_MAX_DAYS} days`);
    }
    const times = parseTimes(m[3]!);
    if (!times.ok) return fail(`${times.error} in "${entry}"`);
    const name = m[4]?.trim();
    for (let day = from; day <= to; day += 1) {
      const date = isoDateOf(day);
      if (byDate.has(date)) return fail(`${date} is given twice`);
      byDate.set(date, { date, hours: times.value, ...(name ? { name } : {}) });
    }
  }
  return { ok: true, value: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "HH:MM" of minutes after midnight (1440 → "24:00", 1560 → "26:00"). */
export function hoursText(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

function timesText(hours: readonly HoursInterval[]): string {
  if (hours.length === 0) return 'off';
  return hours.map(([o, c]) => `${hoursText(o)}-${hoursText(c)}`).join(',');
}

/** The text form of weekly hours: one rule per run of weekdays with the same hours. */
export function weeklyHoursText(week: readonly (readonly HoursInterval[])[]): string {
  const rules: string[] = [];
  for (let d = 0; d < 7;) {
    const times = timesText(week[d] ?? []);
    let end = d;
    while (end + 1 < 7 && timesText(week[end + 1] ?? []) === times) end += 1;
    rules.push(`${DAYS[d]}${end > d ? `-${DAYS[end]}` : ''} ${times}`);
    d = end + 1;
  }
  return rules.join('; ');
}

/** The text form of special dates, one entry per date. */
export function specialDatesText(special: readonly SpecialDate[]): string {
  return special
    .map((s) => `${s.date} ${timesText(s.hours)}${s.name ? ` "${s.name}"` : ''}`)
    .join('; ');
}
