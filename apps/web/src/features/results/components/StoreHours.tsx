/**
 * A store's opening hours (rules in @locator/core hours*.ts, computed in the store's time zone
 * with the browser's Intl): the status line ("Open now · closes 18:00", "Opens in 30 min"…) as
 * a disclosure revealing the seven days from today, today highlighted and special dates
 * marked. Times and weekday names are the visitor's locale's (12- or 24-hour as it has it).
 * The week is written when the disclosure opens: a closed one is never seen or read out, and
 * five of them were a sixth of what a results page renders before its first store is painted
 * (docs/ARCHITECTURE.md "In the browser").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatClock,
  formatDayMonth,
  formatInterval,
  formatWeekday,
  hoursLine,
  hoursWeek,
  type HoursLine,
  type StoreHours as Hours,
} from '@locator/core';
import { useMinuteClock } from '../hooks/useMinuteClock';

type Translate = ReturnType<typeof useTranslation<'result'>>['t'];

function statusText(line: HoursLine, t: Translate, locale: string): string {
  const time = line.minute === undefined ? '' : formatClock(line.minute, locale);
  switch (line.key) {
    case 'opensIn':
      return t('hours.opensIn', { minutes: line.minutes });
    case 'closedOpens':
      return line.weekday === undefined
        ? t('hours.closedOpens', { time })
        : t('hours.closedOpensDay', { time, day: formatWeekday(line.weekday, locale, 'short') });
    default:
      return t(`hours.${line.key}`, { time });
  }
}

function tone(line: HoursLine): string {
  if (line.key === 'closesSoon' || line.key === 'opensIn') return 'soon';
  return line.open ? 'open' : 'closed';
}

export function StoreHours({ hours, locale }: { hours: Hours; locale: string }) {
  const { t } = useTranslation('result');
  const now = useMinuteClock();
  const line = hoursLine(hours, now);
  const [open, setOpen] = useState(false);
  return (
    <details
      className="hours"
      data-testid="store-hours"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <span className={`hours__status hours__status--${tone(line)}`} data-testid="hours-status">
          {statusText(line, t, locale)}
        </span>
      </summary>
      {open ? <Week hours={hours} now={now} locale={locale} /> : null}
    </details>
  );
}

function Week({ hours, now, locale }: { hours: Hours; now: number; locale: string }) {
  const { t } = useTranslation('result');
  return (
    <table className="hours__week">
      <caption className="visually-hidden">{t('hours.title')}</caption>
      <tbody>
        {hoursWeek(hours, now).map((day) => (
          <tr
            key={day.date}
            className={day.today ? 'hours__today' : undefined}
            aria-current={day.today ? 'date' : undefined}
          >
            <th scope="row">
              {formatWeekday(day.weekday, locale, 'long')}
              {day.today ? <span className="hours__tag">{t('hours.today')}</span> : null}
            </th>
            <td>
              {day.hours.length > 0
                ? day.hours.map((i) => formatInterval(i, locale)).join(', ')
                : t('hours.closed')}
              {day.special ? (
                <span className="hours__special">
                  {/* The name is the store's, in its own language and direction. */}
                  <bdi>{day.special.name ?? t('hours.special')}</bdi>
                  {` · ${formatDayMonth(day.date, locale)}`}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
