/**
 * "Copy to other days" of a weekday in the hours editor: a disclosure button opening a group of
 * checkboxes (the other days) with Copy and Cancel. Copying or cancelling closes it and puts
 * the focus back on the button; what was copied is announced by the editor.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CopyDayProps {
  /** The weekday copied (0 = Monday). */
  day: number;
  /** The names of the seven weekdays, Monday first. */
  dayNames: readonly string[];
  onCopy: (to: number[]) => void;
  id: string;
  disabled: boolean;
}

export function CopyDay({ day, dayNames, onCopy, id, disabled }: CopyDayProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [missing, setMissing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);

  const close = () => {
    setOpen(false);
    setChosen(new Set());
    setMissing(false);
    button.current?.focus();
  };
  // Opened: the focus on the first day; Escape closes it.
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return undefined;
    element.querySelector('input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      setChosen(new Set());
      setMissing(false);
      button.current?.focus();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [open]);

  const copy = () => {
    if (chosen.size === 0) {
      setMissing(true);
      return;
    }
    onCopy([...chosen].sort());
    close();
  };
  const toggle = (d: number) => {
    const next = new Set(chosen);
    if (next.has(d)) next.delete(d);
    else next.add(d);
    setChosen(next);
  };

  return (
    <div className="hours-copy">
      <button
        ref={button}
        type="button"
        className="console-button"
        aria-expanded={open}
        aria-controls={`${id}-copy`}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('hours.copy.button')}
      </button>
      {open ? (
        <fieldset ref={panel} id={`${id}-copy`} className="hours-copy__panel">
          <legend>{t('hours.copy.legend', { day: dayNames[day] })}</legend>
          {dayNames.map((name, d) =>
            d === day ? null : (
              <label key={d} className="hours-copy__day">
                <input type="checkbox" checked={chosen.has(d)} onChange={() => toggle(d)} />
                {name}
              </label>
            ),
          )}
          {missing ? <p className="console-field__error">{t('hours.copy.none')}</p> : null}
          <div className="console-actions">
            <button type="button" className="console-button console-button--primary" onClick={copy}>
              {t('hours.copy.apply')}
            </button>
            <button type="button" className="console-button" onClick={close}>
              {t('hours.copy.cancel')}
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
