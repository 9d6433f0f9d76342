/**
 * The store's opening hours as a schedule (docs/ARCHITECTURE.md "The console"): whether the
 * store gives hours at all, the week (a compact row per day: its name labelling the choice of
 * closed, open 24 hours or times, its intervals, and copying it to other days; Monday copied to
 * the other weekdays at once), special dates and the time zone. Controlled: `value` is the store's
 * hours columns as the admin API accepts them (hours-draft.ts); each edit calls `onChange` with
 * the new value. The draft being edited is kept here, so a half-filled interval survives the
 * round trip through the parent; a `value` from elsewhere (another store loaded) replaces it.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyDay } from './CopyDay';
import { DayTimes, modeId } from './DayTimes';
import { draftOfValue, valueOfDraft, type HoursDraft, type HoursValue } from './hours-draft';
import { hoursProblems, problemsAt } from './hours-problems';
import { SpecialDates } from './SpecialDates';
import { TimeZoneSelect } from './TimeZoneSelect';
import './hours.css';

/** The server's reasons (a 400 INVALID_BODY's problems) for the hours columns, in words. */
export type HoursErrors = Partial<Record<'hours' | 'specialHours' | 'timeZone', string>>;

export interface HoursEditorProps {
  value: HoursValue;
  onChange: (value: HoursValue) => void;
  disabled?: boolean;
  errors?: HoursErrors;
  /** The store's country (ISO 3166-1 alpha-2): its time zones are offered first. */
  country?: string;
}

/** Tuesday … Friday: what "copy Monday to the weekdays" copies to. */
const WEEKDAYS = [1, 2, 3, 4];

const key = (value: HoursValue) =>
  JSON.stringify([value.hours ?? null, value.specialHours ?? null, value.timeZone ?? null]);

/** Monday … Sunday in the console's language (2024-01-01 was a Monday). */
function weekdayNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, d) => format.format(Date.UTC(2024, 0, 1 + d)));
}

export function HoursEditor({
  value,
  onChange,
  disabled = false,
  errors = {},
  country,
}: HoursEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The draft, and the value it was read from or written as.
  const [state, setState] = useState(() => ({ key: key(value), ...draftOfValue(value) }));
  const [announcement, setAnnouncement] = useState('');
  // A value the editor did not write (another store): read it afresh.
  if (key(value) !== state.key) setState({ key: key(value), ...draftOfValue(value) });
  const { draft, unreadable } = state;
  const dayNames = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const problems = useMemo(() => hoursProblems(draft), [draft]);

  const change = (next: HoursDraft) => {
    const v = valueOfDraft(next);
    setState({ key: key(v), draft: next });
    onChange(v);
  };
  const setDay = (d: number, day: HoursDraft['week'][number]) =>
    change({ ...draft, week: draft.week.map((x, i) => (i === d ? day : x)) });
  const copyDay = (from: number, to: number[]) => {
    const source = draft.week[from]!;
    change({
      ...draft,
      week: draft.week.map((x, i) => (to.includes(i) ? structuredClone(source) : x)),
    });
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    setAnnouncement(
      t('hours.copy.done', { day: dayNames[from], days: list.format(to.map((d) => dayNames[d]!)) }),
    );
  };

  return (
    <fieldset className="hours-editor" disabled={disabled}>
      <legend>{t('hours.legend')}</legend>
      <div role="status" className="hours-status">
        {announcement ? <p>{announcement}</p> : null}
      </div>
      {unreadable ? (
        <p className="console-alert">
          {t('hours.unreadable', {
            field: t(`hours.field.${unreadable.field}`),
            reason: unreadable.reason,
          })}
        </p>
      ) : null}
      <label className="hours-given">
        <input
          type="checkbox"
          checked={draft.given}
          onChange={(e) => change({ ...draft, given: e.target.checked })}
        />
        {t('hours.given')}
      </label>
      {errors.hours && !draft.given ? <p className="console-field__error">{errors.hours}</p> : null}
      {draft.given ? (
        <>
          <section className="hours-week" aria-labelledby={`${id}-week`}>
            <h2 id={`${id}-week`}>{t('hours.week')}</h2>
            {errors.hours ? <p className="console-field__error">{errors.hours}</p> : null}
            <div className="hours-week__tools">
              <button
                type="button"
                className="console-button console-button--small"
                disabled={disabled}
                onClick={() => copyDay(0, WEEKDAYS)}
              >
                {t('hours.copy.weekdays', {
                  day: dayNames[0],
                  first: dayNames[WEEKDAYS[0]!],
                  last: dayNames[WEEKDAYS[WEEKDAYS.length - 1]!],
                })}
              </button>
            </div>
            {draft.week.map((day, d) => (
              <div
                key={d}
                role="group"
                aria-labelledby={`${id}-day${d}-name`}
                className="hours-row"
              >
                <label
                  id={`${id}-day${d}-name`}
                  htmlFor={modeId(`${id}-day${d}`)}
                  className="hours-row__day"
                >
                  {dayNames[d]}
                </label>
                <DayTimes
                  day={day}
                  onChange={(next) => setDay(d, next)}
                  id={`${id}-day${d}`}
                  path={`week.${d}`}
                  problems={problems}
                  disabled={disabled}
                />
                <CopyDay
                  day={d}
                  dayNames={dayNames}
                  onCopy={(to) => copyDay(d, to)}
                  id={`${id}-day${d}`}
                  disabled={disabled}
                />
              </div>
            ))}
          </section>
          {errors.specialHours ? (
            <p className="console-field__error">{errors.specialHours}</p>
          ) : null}
          <SpecialDates
            special={draft.special}
            onChange={(special) => change({ ...draft, special })}
            problems={problems}
            id={`${id}-special`}
            disabled={disabled}
          />
          <TimeZoneSelect
            value={draft.timeZone}
            onChange={(timeZone) => change({ ...draft, timeZone })}
            country={country}
            id={`${id}-zone`}
            disabled={disabled}
            error={
              errors.timeZone ??
              (problemsAt(problems, 'timeZone').length > 0
                ? t('hours.problem.timeZone')
                : undefined)
            }
          />
        </>
      ) : (
        <p className="hours-hint">{t('hours.notGiven')}</p>
      )}
    </fieldset>
  );
}
