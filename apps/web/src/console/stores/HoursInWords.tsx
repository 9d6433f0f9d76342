/**
 * The store's opening hours in words, read-only: each weekday's times, and the special dates.
 * The place where the opening-hours schedule editor is wired in; until then the hours are kept
 * as they are read (the form sends them back unchanged).
 */
import { useTranslation } from 'react-i18next';
import { formatInterval, formatWeekday, parseWeeklyHours } from '@locator/core';

export function HoursInWords({ hours, specialHours }: { hours: string; specialHours: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const week = hours.trim() === '' ? undefined : parseWeeklyHours(hours);
  const special = specialHours
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="console-hours" data-slot="opening-hours-editor">
      <p className="console-hours__heading">{t('store.hours.heading')}</p>
      {week === undefined ? <p>{t('store.hours.none')}</p> : null}
      {week && !week.ok ? <p dir="ltr">{hours}</p> : null}
      {week?.ok ? (
        <dl className="console-hours__week">
          {week.value.map((intervals, day) => (
            <div key={day}>
              <dt>{formatWeekday(day, locale, 'long')}</dt>
              <dd>
                {intervals.length === 0
                  ? t('store.hours.closed')
                  : intervals.map((i) => formatInterval(i, locale)).join(', ')}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {special.length > 0 ? (
        <>
          <p className="console-hours__heading">{t('store.hours.special')}</p>
          <ul className="console-hours__special" dir="ltr">
            {special.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="console-field__hint">{t('store.hours.editorLater')}</p>
    </div>
  );
}
