/**
 * The special dates of the hours editor: dates whose hours replace the week's (holidays,
 * closures), each a fieldset with its date, optional name and hours, and its remove button;
 * "Add special date" under them. Removing one moves the focus to "Add special date"; adding one
 * to its date.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DayTimes } from './DayTimes';
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
              <div className="console-field">
                <label htmlFor={`${entryId}-date`}>{t('hours.special.date')}</label>
                {dateProblem ? (
                  <p className="console-field__error" id={`${entryId}-date-error`}>
                    {t(`hours.problem.${dateProblem.code}`)}
                  </p>
                ) : null}
                <input
                  id={`${entryId}-date`}
                  type="date"
                  value={entry.date}
                  disabled={disabled}
                  aria-invalid={dateProblem ? true : undefined}
                  aria-describedby={dateProblem ? `${entryId}-date-error` : undefined}
                  onChange={(e) => set(i, { ...entry, date: e.target.value })}
                />
              </div>
              <div className="console-field">
                <label htmlFor={`${entryId}-name`}>{t('hours.special.name')}</label>
                {nameProblem ? (
                  <p className="console-field__error" id={`${entryId}-name-error`}>
                    {t(`hours.problem.${nameProblem.code}`)}
                  </p>
                ) : null}
                <input
                  id={`${entryId}-name`}
                  type="text"
                  maxLength={100}
                  value={entry.name}
                  disabled={disabled}
                  aria-invalid={nameProblem ? true : undefined}
                  aria-describedby={nameProblem ? `${entryId}-name-error` : undefined}
                  onChange={(e) => set(i, { ...entry, name: e.target.value })}
                />
              </div>
            </div>
            <DayTimes
              day={entry}
              onChange={(day) => set(i, { ...entry, ...day })}
              id={entryId}
              path={path}
              problems={problems}
              disabled={disabled}
            />
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
