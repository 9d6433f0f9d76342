/**
 * A store page's opening hours (no live status: the page is the same all day and may be
 * cached): the weekly hours Monday first and the special dates of the coming weeks, times and
 * weekday names with Intl in the page's language, in the store's own time. Every value is
 * escaped. Also the schema.org openingHoursSpecification of the same hours.
 */
import {
  dayOfIsoDate,
  formatDayMonth,
  formatInterval,
  formatWeekday,
  hoursText,
  localTimeAt,
  type HoursInterval,
  type StoreHours,
} from '@locator/core';
import type { OpeningHoursSpecification } from 'schema-dts';
import { esc } from './html.js';
import type { Translate } from './texts.js';

/** Special dates shown: those of the next four weeks. */
const SPECIAL_DAYS = 28;
const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

function times(hours: readonly HoursInterval[], locale: string, t: Translate): string {
  return hours.length > 0
    ? hours.map((i) => formatInterval(i, locale)).join(', ')
    : t('result:hours.closed');
}

/** The hours section of a store page, at an instant (which special dates are coming). */
export function renderStoreHours(
  hours: StoreHours,
  locale: string,
  t: Translate,
  now: number,
): string {
  const rows = hours.week.map(
    (day, i) =>
      `<tr><th scope="row">${esc(formatWeekday(i, locale, 'long'))}</th><td>${esc(times(day, locale, t))}</td></tr>`,
  );
  const today = localTimeAt(now, hours.timeZone).day;
  const coming = hours.special.filter((s) => {
    const day = dayOfIsoDate(s.date) ?? -1;
    return day >= today && day < today + SPECIAL_DAYS;
  });
  const special = coming.map(
    (s) =>
      `<tr><th scope="row">${esc(formatDayMonth(s.date, locale))}${
        s.name ? ` <bdi>${esc(s.name)}</bdi>` : ''
      }</th><td>${esc(times(s.hours, locale, t))}</td></tr>`,
  );
  return [
    `<section class="sp-hours"><h2>${esc(t('result:hours.title'))}</h2>`,
    `<table><tbody>${rows.join('')}</tbody></table>`,
    special.length > 0
      ? `<h3>${esc(t('result:hours.special'))}</h3><table><tbody>${special.join('')}</tbody></table>`
      : '',
    '</section>',
  ].join('');
}

/**
 * schema.org openingHoursSpecification: one entry per weekday interval and per special date
 * (validFrom = validThrough; a closed date is 00:00–00:00, as schema.org says). A run past
 * midnight closes at its wall time on the next day.
 */
export function openingHoursSpecification(hours: StoreHours): OpeningHoursSpecification[] {
  const clock = (m: number) => hoursText(m % 1440);
  const out: OpeningHoursSpecification[] = [];
  hours.week.forEach((day, i) => {
    for (const [open, close] of day) {
      out.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${DAY_NAMES[i]!}`,
        opens: clock(open),
        closes: close === 1440 ? '23:59' : clock(close),
      });
    }
  });
  for (const s of hours.special) {
    const dates = { validFrom: s.date, validThrough: s.date };
    if (s.hours.length === 0) {
      out.push({ '@type': 'OpeningHoursSpecification', ...dates, opens: '00:00', closes: '00:00' });
    }
    for (const [open, close] of s.hours) {
      out.push({
        '@type': 'OpeningHoursSpecification',
        ...dates,
        opens: clock(open),
        closes: close === 1440 ? '23:59' : clock(close),
      });
    }
  }
  return out;
}
