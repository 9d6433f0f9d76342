/**
 * A store page's opening hours and their schema.org openingHoursSpecification, both written
 * from one model (`pageHours` of @locator/core): the weekly hours Monday first with the store's
 * today marked, the status line ("Open now · closes 18:00"), and the special dates of the
 * coming weeks; times and weekday names with Intl in the page's language, in the store's own
 * time. A day open from midnight to midnight is "Open 24 hours" on the page and 00:00–23:59 in
 * the structured data; a closed day is "Closed" and 00:00–00:00. Every value is escaped.
 */
import {
  formatClock,
  formatDayMonth,
  formatInterval,
  formatWeekday,
  hoursText,
  type DayHours,
  type HoursLine,
  type PageHours,
} from '@locator/core';
import type { OpeningHoursSpecification } from 'schema-dts';
import { esc } from './html.js';
import type { Translate } from './texts.js';

const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

function times(day: DayHours, locale: string, t: Translate): string {
  if (day.kind === 'closed') return t('result:hours.closed');
  if (day.kind === 'allDay') return t('result:hours.openAlways');
  return day.intervals.map((i) => formatInterval(i, locale)).join(', ');
}

/** The status line in the page's language (the web app's words for the same line). */
export function statusText(line: HoursLine, locale: string, t: Translate): string {
  const time = line.minute === undefined ? '' : formatClock(line.minute, locale);
  if (line.key === 'closedOpens' && line.weekday !== undefined) {
    return t('result:hours.closedOpensDay', {
      time,
      day: formatWeekday(line.weekday, locale, 'short'),
    });
  }
  return t(`result:hours.${line.key}`, { time, minutes: line.minutes ?? 0 });
}

function row(head: string, day: DayHours, today: boolean, locale: string, t: Translate): string {
  const mark = today ? ` <span class="sp-today">${esc(t('result:hours.today'))}</span>` : '';
  const current = today ? ' aria-current="date"' : '';
  return `<tr${current}><th scope="row">${head}${mark}</th><td>${esc(times(day, locale, t))}</td></tr>`;
}

/** The hours section of a store page. */
export function renderStoreHours(model: PageHours, locale: string, t: Translate): string {
  const rows = model.week.map((day, i) =>
    row(esc(formatWeekday(i, locale, 'long')), day, i === model.today.weekday, locale, t),
  );
  const special = model.special.map((s) =>
    row(
      `${esc(formatDayMonth(s.date, locale))}${s.name ? ` <bdi>${esc(s.name)}</bdi>` : ''}`,
      s.hours,
      s.today,
      locale,
      t,
    ),
  );
  const state = model.status.open ? 'sp-open' : 'sp-closed';
  return [
    `<section class="sp-hours"><h2>${esc(t('result:hours.title'))}</h2>`,
    `<p class="sp-now ${state}">${esc(statusText(model.status, locale, t))}</p>`,
    `<table><tbody>${rows.join('')}</tbody></table>`,
    special.length > 0
      ? `<h3>${esc(t('result:hours.special'))}</h3><table><tbody>${special.join('')}</tbody></table>`
      : '',
    '</section>',
  ].join('');
}

type Days = Pick<OpeningHoursSpecification, 'dayOfWeek' | 'validFrom' | 'validThrough'>;

function specs(day: DayHours, days: Days): OpeningHoursSpecification[] {
  const spec = (opens: string, closes: string): OpeningHoursSpecification => ({
    '@type': 'OpeningHoursSpecification',
    ...days,
    opens,
    closes,
  });
  if (day.kind === 'closed') return [spec('00:00', '00:00')];
  if (day.kind === 'allDay') return [spec('00:00', '23:59')];
  // A run past midnight closes at its wall time on the next day.
  return day.intervals.map(([open, close]) =>
    spec(hoursText(open % 1440), close === 1440 ? '23:59' : hoursText(close % 1440)),
  );
}

/**
 * schema.org openingHoursSpecification of the same model: every weekday (a closed one
 * 00:00–00:00, as schema.org says closed is written) and every special date the page shows
 * (validFrom = validThrough).
 */
export function openingHoursSpecification(model: PageHours): OpeningHoursSpecification[] {
  return [
    ...model.week.flatMap((day, i) =>
      specs(day, { dayOfWeek: `https://schema.org/${DAY_NAMES[i]!}` }),
    ),
    ...model.special.flatMap((s) => specs(s.hours, { validFrom: s.date, validThrough: s.date })),
  ];
}
