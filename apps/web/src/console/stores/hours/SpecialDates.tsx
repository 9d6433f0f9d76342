/**
 * The special dates of the hours editor: dates whose hours replace the week's (holidays,
 * closures), each a fieldset with its date, optional name and hours (as a weekday's), and its
 * remove button;
 * "Add special date" under them. Removing one moves the focus to "Add special date"; adding one
 * to its date.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DayTimes, modeId } from './DayTimes';
import { HoursInput } from './HoursInput';
import { newSpecial, type SpecialDraft } from './hours-draft';
import { problemsAt, type HoursProblem } from './hours-problems';

export interface SpecialDatesProps {
  special: SpecialDraft[];
  onChange: (special: SpecialDraft[]) => void;
  problems: readonly HoursProblem[];
  id: string;
  disabled: boolean;
}

export function SpecialDates({ special, onChange, problems, id, disabled }: SpecialDatesProps) {
  const { t } = useTranslation();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusDate = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (focusDate.current === undefined) return;
    document.getElementById(`${id}-${focusDate.current}-date`)?.focus();
    focusDate.current = undefined;
  });

  const set = (i: number, entry: SpecialDraft) =>
    onChange(special.map((s, j) => (j === i ? entry : s)));
  const remove = (i: number) => {
    onChange(special.filter((_, j) => j !== i));
    addButton.current?.focus();
  };
  const add = () => {
    focusDate.current = special.length;
    onChange([...special, newSpecial()]);
  };

  return (
    <section className="hours-special" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('hours.special.heading')}</h2>
      <p className="hours-hint">{t('hours.special.intro')}</p>
      {special.length === 0 ? <p>{t('hours.special.none')}</p> : null}
      {special.map((entry, i) => {
        const path = `special.${i}`;
        const dateProblem = problemsAt(problems, `${path}.date`)[0];
        const nameProblem = problemsAt(problems, `${path}.name`)[0];
        const entryId = `${id}-${i}`;
        return (
          <fieldset key={i} className="hours-day">
            <legend>{t('hours.special.legend', { number: i + 1 })}</legend>
            <div className="hours-special__fields">
              <HoursInput
                id={`${entryId}-date`}
                label={t('hours.special.date')}
                type="date"
                value={entry.date}
                onChange={(date) => set(i, { ...entry, date })}
                disabled={disabled}
                error={dateProblem && t(`hours.problem.${dateProblem.code}`)}
                className="console-field"
              />
              <HoursInput
                id={`${entryId}-name`}
                label={t('hours.special.name')}
                type="text"
                maxLength={100}
                value={entry.name}
                onChange={(name) => set(i, { ...entry, name })}
                disabled={disabled}
                error={nameProblem && t(`hours.problem.${nameProblem.code}`)}
                className="console-field"
              />
            </div>
            <div className="hours-special__times">
              <label htmlFor={modeId(entryId)}>{t('hours.special.hours')}</label>
              <DayTimes
                day={entry}
                onChange={(day) => set(i, { ...entry, ...day })}
                id={entryId}
                path={path}
                problems={problems}
                disabled={disabled}
              />
            </div>
            <button
              type="button"
              className="console-button"
              disabled={disabled}
              onClick={() => remove(i)}
            >
              {t('hours.special.remove', { number: i + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button
        ref={addButton}
        type="button"
        className="console-button"
        disabled={disabled}
        onClick={add}
      >
        {t('hours.special.add')}
      </button>
    </section>
  );
}
