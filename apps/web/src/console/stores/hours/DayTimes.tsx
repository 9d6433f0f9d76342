/**
 * One day's hours in the hours editor (a weekday or a special date): closed, open 24 hours or
 * open at times, as radio buttons of the day's fieldset, and then its intervals, each a group
 * of two labelled time inputs with its remove button, and "Add interval".
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_RANGE, type DayDraft, type DayMode, type TimeRange } from './hours-draft';
import { problemsAt, type HoursProblem } from './hours-problems';

const MODES: readonly DayMode[] = ['closed', 'allDay', 'hours'];

export interface DayTimesProps {
  day: DayDraft;
  onChange: (day: DayDraft) => void;
  /** Unique id prefix of the day's controls (also its radio group's name). */
  id: string;
  /** Where the day's problems are (`week.0`, `special.2`). */
  path: string;
  problems: readonly HoursProblem[];
  disabled: boolean;
}

/** "HH:MM" → minutes, or undefined while not filled in. */
const minutesOf = (t: string) =>
  /^\d{2}:\d{2}$/.test(t) ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) : undefined;

/** The interval closes the next day (a closing at or before the opening). */
export function closesNextDay(range: TimeRange): boolean {
  const open = minutesOf(range.open);
  const close = minutesOf(range.close);
  return open !== undefined && close !== undefined && close <= open && !(open === 0 && close === 0);
}

export function DayTimes({ day, onChange, id, path, problems, disabled }: DayTimesProps) {
  const { t } = useTranslation();
  const addButton = useRef<HTMLButtonElement>(null);
  const setRange = (i: number, range: TimeRange) =>
    onChange({ ...day, ranges: day.ranges.map((r, j) => (j === i ? range : r)) });
  const remove = (i: number) => {
    onChange({ ...day, ranges: day.ranges.filter((_, j) => j !== i) });
    addButton.current?.focus();
  };
  const add = () => {
    const last = day.ranges[day.ranges.length - 1];
    // The next interval starts where the last one closed, an hour long.
    const start = last ? minutesOf(last.close) : undefined;
    const next =
      start !== undefined && start < 1380
        ? {
            open: last!.close,
            close: `${String(Math.floor(start / 60) + 1).padStart(2, '0')}:${last!.close.slice(3)}`,
          }
        : DEFAULT_RANGE;
    onChange({ ...day, ranges: [...day.ranges, next] });
  };
  const dayProblem = problems.find((p) => p.path === path);
  const dayErrorId = `${id}-error`;

  return (
    <>
      <div className="hours-modes">
        {MODES.map((mode) => (
          <label key={mode} className="hours-mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={day.mode === mode}
              disabled={disabled}
              onChange={() => onChange({ ...day, mode })}
            />
            {t(`hours.mode.${mode}`)}
          </label>
        ))}
      </div>
      {day.mode === 'hours' ? (
        <div className="hours-ranges">
          {day.ranges.map((range, i) => {
            const problem = problemsAt(problems, `${path}.${i}`)[0];
            const errorId = `${id}-${i}-error`;
            const invalid = problem || dayProblem ? true : undefined;
            const next = closesNextDay(range) ? `${id}-${i}-next` : undefined;
            const describedBy = (...ids: (string | undefined)[]) =>
              ids.filter(Boolean).join(' ') || undefined;
            const errors = [problem ? errorId : undefined, dayProblem ? dayErrorId : undefined];
            return (
              <div
                key={i}
                role="group"
                aria-label={t('hours.interval', { number: i + 1 })}
                className="hours-range"
              >
                <span className="hours-range__field">
                  <label htmlFor={`${id}-${i}-open`}>{t('hours.opens')}</label>
                  <input
                    id={`${id}-${i}-open`}
                    type="time"
                    value={range.open}
                    disabled={disabled}
                    aria-invalid={invalid}
                    aria-describedby={describedBy(...errors)}
                    onChange={(e) => setRange(i, { ...range, open: e.target.value })}
                  />
                </span>
                <span className="hours-range__field">
                  <label htmlFor={`${id}-${i}-close`}>{t('hours.closes')}</label>
                  <input
                    id={`${id}-${i}-close`}
                    type="time"
                    value={range.close}
                    disabled={disabled}
                    aria-invalid={invalid}
                    aria-describedby={describedBy(...errors, next)}
                    onChange={(e) => setRange(i, { ...range, close: e.target.value })}
                  />
                </span>
                {next ? (
                  <span className="hours-range__note" id={next}>
                    {t('hours.nextDay')}
                  </span>
                ) : null}
                {day.ranges.length > 1 ? (
                  <button
                    type="button"
                    className="console-button hours-range__remove"
                    disabled={disabled}
                    onClick={() => remove(i)}
                  >
                    {t('hours.removeInterval', { number: i + 1 })}
                  </button>
                ) : null}
                {problem ? (
                  <p className="console-field__error" id={errorId}>
                    {t(`hours.problem.${problem.code}`)}
                  </p>
                ) : null}
              </div>
            );
          })}
          {dayProblem ? (
            <p className="console-field__error" id={dayErrorId}>
              {t(`hours.problem.${dayProblem.code}`)}
            </p>
          ) : null}
          <button
            ref={addButton}
            type="button"
            className="console-button"
            disabled={disabled}
            onClick={add}
          >
            {t('hours.addInterval')}
          </button>
        </div>
      ) : null}
    </>
  );
}
