/**
 * One day's hours in the hours editor (a weekday's row or a special date): closed, open 24 hours
 * or open at times, as a select (labelled by the caller: `modeId(id)`), and then its intervals,
 * each a group of two time inputs (named "Opens" and "Closes") with its remove button, and
 * "Add interval".
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_RANGE, type DayDraft, type DayMode, type TimeRange } from './hours-draft';
import { problemsAt, type HoursProblem } from './hours-problems';
import { HoursInput } from './HoursInput';

const MODES: readonly DayMode[] = ['closed', 'allDay', 'hours'];

/** The id of the day's mode select, for its label. */
export const modeId = (id: string) => `${id}-mode`;

export interface DayTimesProps {
  day: DayDraft;
  onChange: (day: DayDraft) => void;
  /** Unique id prefix of the day's controls. */
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

/** The interval after `last`: from its closing, an hour long (the default one after 23:00). */
function nextRange(last: TimeRange | undefined): TimeRange {
  const start = last ? minutesOf(last.close) : undefined;
  if (start === undefined || start >= 1380) return DEFAULT_RANGE;
  const hour = String(Math.floor(start / 60) + 1).padStart(2, '0');
  return { open: last!.close, close: `${hour}:${last!.close.slice(3)}` };
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
  const add = () =>
    onChange({ ...day, ranges: [...day.ranges, nextRange(day.ranges[day.ranges.length - 1])] });
  const dayProblem = problems.find((p) => p.path === path);
  const dayErrorId = dayProblem ? `${id}-error` : undefined;

  return (
    <>
      <select
        id={modeId(id)}
        className="hours-select hours-mode"
        value={day.mode}
        disabled={disabled}
        onChange={(e) => onChange({ ...day, mode: e.target.value as DayMode })}
      >
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`hours.mode.${mode}`)}
          </option>
        ))}
      </select>
      {day.mode === 'hours' ? (
        <div className="hours-ranges">
          {day.ranges.map((range, i) => {
            const problem = problemsAt(problems, `${path}.${i}`)[0];
            const errorId = problem ? `${id}-${i}-error` : undefined;
            const next = closesNextDay(range) ? `${id}-${i}-next` : undefined;
            const time = (end: 'open' | 'close', describedBy: (string | undefined)[]) => (
              <HoursInput
                id={`${id}-${i}-${end}`}
                label={t(end === 'open' ? 'hours.opens' : 'hours.closes')}
                hideLabel
                type="time"
                value={range[end]}
                onChange={(value) => setRange(i, { ...range, [end]: value })}
                disabled={disabled}
                invalid={Boolean(problem || dayProblem)}
                describedBy={describedBy}
              />
            );
            return (
              <div
                key={i}
                role="group"
                aria-label={t('hours.interval', { number: i + 1 })}
                className="hours-range"
              >
                {time('open', [errorId, dayErrorId])}
                <span aria-hidden="true">–</span>
                {time('close', [errorId, dayErrorId, next])}
                {next ? (
                  <span className="hours-range__note" id={next}>
                    {t('hours.nextDay')}
                  </span>
                ) : null}
                {day.ranges.length > 1 ? (
                  <button
                    type="button"
                    className="console-button console-button--small"
                    aria-label={t('hours.removeInterval', { number: i + 1 })}
                    disabled={disabled}
                    onClick={() => remove(i)}
                  >
                    {t('hours.remove')}
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
            <p className="console-field__error hours-ranges__error" id={dayErrorId}>
              {t(`hours.problem.${dayProblem.code}`)}
            </p>
          ) : null}
          <button
            ref={addButton}
            type="button"
            className="console-button console-button--small"
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
