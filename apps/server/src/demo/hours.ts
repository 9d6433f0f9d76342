/**
 * Demo opening hours: weekly hours by kind of store and country custom, the time zone of the
 * store's position, and the country's public holidays (date-holidays, names in the data
 * language) as special dates for three months from generation, with shortened hours on
 * Christmas Eve and New Year's Eve and longer hours in the week before Christmas where those
 * are days of their own. Drawn from a generator seeded by the store id, so the rest of the demo
 * data does not change with them.
 */
import Holidays from 'date-holidays';
import {
  dayOfIsoDate,
  isoDateOf,
  parseWeeklyHours,
  weekdayOf,
  type HoursInterval,
  type SpecialDate,
  type StoreHours,
} from '@locator/core';
import { timeZoneAt } from '../modules/stores/time-zone.js';
import { Rng } from './rng.js';

export type DemoKind = 'maker' | 'carrier' | 'retail' | 'service' | 'dropoff';

/** Days of public holidays given as special dates, from the day before generation. */
const HOLIDAY_WINDOW_DAYS = 90;

const SUNDAY_CLOSED = new Set(['DE', 'AT', 'CH', 'NO', 'PL', 'HU', 'HR', 'LU', 'BE', 'DK']);
const GULF = new Set(['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO']);
const SIESTA = new Set(['ES', 'IT', 'GR', 'PT']);
const EAST_ASIA = new Set(['JP', 'CN', 'KR', 'HK', 'TW', 'SG', 'MO', 'TH', 'MY']);
const CHRISTMAS = new Set(['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'DE', 'AT', 'CH', 'NL', 'BE']);

function weekly(kind: DemoKind, cc: string, rng: Rng): string {
  if (cc === 'IL') {
    return kind === 'retail' || kind === 'maker'
      ? 'Su-Th 09:30-21:00; Fr 09:00-14:00; Sa 20:00-23:00'
      : 'Su-Th 09:00-19:00; Fr 09:00-13:00; Sa off';
  }
  if (GULF.has(cc)) {
    return kind === 'service' || kind === 'carrier'
      ? 'Sa-Th 09:00-21:00; Fr 16:00-22:00'
      : 'Mo-We,Su 10:00-22:00; Th-Sa 10:00-00:00';
  }
  if (kind === 'dropoff') {
    const roll = rng.next();
    if (roll < 0.2) return '24/7';
    if (roll < 0.5) return '07:00-01:00';
    return SUNDAY_CLOSED.has(cc)
      ? 'Mo-Fr 08:00-20:00; Sa 08:00-16:00; Su off'
      : 'Mo-Fr 08:00-20:00; Sa 09:00-17:00; Su 10:00-16:00';
  }
  const late = rng.chance(0.5) ? '21:00' : '20:00';
  if (EAST_ASIA.has(cc)) return `10:00-${rng.chance(0.5) ? '22:00' : '21:00'}`;
  if (kind === 'service' || kind === 'carrier') {
    if (SIESTA.has(cc) && rng.chance(0.6)) {
      return 'Mo-Fr 09:30-13:30,17:00-20:30; Sa 10:00-14:00; Su off';
    }
    const sat = kind === 'carrier' ? '09:00-18:00' : '10:00-16:00';
    const open = rng.chance(0.7) ? '09:00' : '09:30';
    return `Mo-Fr ${open}-${kind === 'carrier' ? '19:00' : '18:00'}; Sa ${sat}; Su off`;
  }
  const sunday = SUNDAY_CLOSED.has(cc) ? 'off' : cc === 'GB' ? '10:00-16:00' : '11:00-18:00';
  const weekdays = cc === 'ES' ? '10:00-22:00' : `${kind === 'maker' ? '10:00' : '09:30'}-${late}`;
  return `Mo-Sa ${weekdays}; Su ${sunday}`;
}

const holidayCache = new Map<string, { date: string; name: string }[]>();

/** The country's public holidays in the window, in the language (else the country's). */
function holidays(cc: string, lang: string, from: number): { date: string; name: string }[] {
  const key = `${cc}|${lang}|${from}`;
  let list = holidayCache.get(key);
  if (!list) {
    const hd = new Holidays(cc, { languages: [lang], types: ['public'] });
    // Only the years the window touches (date-holidays takes some milliseconds a year).
    const first = Number(isoDateOf(from).slice(0, 4));
    const last = Number(isoDateOf(from + HOLIDAY_WINDOW_DAYS - 1).slice(0, 4));
    const years = first === last ? [first] : [first, last];
    list = years
      .flatMap((year) => hd.getHolidays(year, lang) || [])
      .filter((h) => h.type === 'public')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
      .filter((h) => {
        const day = dayOfIsoDate(h.date) ?? -1;
        return day >= from && day < from + HOLIDAY_WINDOW_DAYS;
      })
      .filter((h, i, all) => all.findIndex((x) => x.date === h.date) === i);
    holidayCache.set(key, list);
  }
  return list;
}

const seasonCache = new Map<number, { day: number; date: string; md: string }[]>();

/** The days of the window that are Christmas Eve, New Year's Eve or the week before Christmas. */
function seasonDays(from: number): { day: number; date: string; md: string }[] {
  let list = seasonCache.get(from);
  if (!list) {
    list = [];
    for (let day = from; day < from + HOLIDAY_WINDOW_DAYS; day += 1) {
      const date = isoDateOf(day);
      const md = date.slice(5);
      if (md === '12-24' || md === '12-31' || (md >= '12-18' && md <= '12-23')) {
        list.push({ day, date, md });
      }
    }
    seasonCache.set(from, list);
  }
  return list;
}

const weekCache = new Map<string, HoursInterval[][]>();

function weekOf(text: string): HoursInterval[][] {
  let week = weekCache.get(text);
  if (!week) {
    const parsed = parseWeeklyHours(text);
    if (!parsed.ok) throw new Error(parsed.error);
    week = parsed.value;
    weekCache.set(text, week);
  }
  return week;
}

function shortened(day: readonly HoursInterval[], close: number): HoursInterval[] {
  return day
    .filter(([open]) => open < close)
    .map(([open, end]) => [open, Math.min(end, close)] as const);
}

export function demoHours(
  kind: DemoKind,
  cc: string,
  lang: string,
  position: { latitude: number; longitude: number },
  seed: number,
  now: number,
): StoreHours {
  const rng = new Rng(seed);
  const week = weekOf(weekly(kind, cc, rng));
  const always = week.every((d) => d.length === 1 && d[0]![0] === 0 && d[0]![1] === 1440);
  const from = Math.floor(now / 86_400_000) - 1;
  const byDate = new Map<string, SpecialDate>();
  if (!always) {
    const open = kind === 'maker' || kind === 'retail';
    for (const h of holidays(cc, lang, from)) {
      const closedAllDay = !open || h.date.endsWith('-12-25') || h.date.endsWith('-01-01');
      byDate.set(h.date, { date: h.date, hours: closedAllDay ? [] : [[660, 1020]], name: h.name });
    }
    if (CHRISTMAS.has(cc)) {
      for (const { day, date, md } of seasonDays(from)) {
        const usual = week[weekdayOf(day)] ?? [];
        if (byDate.has(date) || usual.length === 0) continue;
        if (md === '12-24' || md === '12-31') {
          byDate.set(date, { date, hours: shortened(usual, md === '12-24' ? 840 : 960) });
        } else if (kind === 'maker' && md >= '12-18' && md <= '12-23') {
          byDate.set(date, { date, hours: usual.map(([o, c]) => [o, Math.min(c + 120, 1440)]) });
        }
      }
    }
    // Now and then a store is closed for a few days (refurbishment, stocktaking).
    if (rng.chance(0.01)) {
      const start = from + rng.int(2, 40);
      const days = rng.int(2, 7);
      for (let day = start; day < start + days; day += 1) {
        const date = isoDateOf(day);
        byDate.set(date, { date, hours: [] });
      }
    }
  }
  return {
    timeZone: timeZoneAt(position.latitude, position.longitude),
    week,
    special: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
