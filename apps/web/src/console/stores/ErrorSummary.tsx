/**
 * The problems of a save, above the form: focused when it appears, each problem a link that
 * moves the focus to its field.
 */
import { forwardRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from './store-form';
import { ANCHOR_FIELD, type StoreField } from './store-fields';
import { fieldId, useProblemText } from './StoreFieldInput';

export const ErrorSummary = forwardRef<HTMLDivElement, { problems: readonly FieldProblem[] }>(
  function ErrorSummary({ problems }, ref) {
    const { t } = useTranslation();
    const problemText = useProblemText();
    const anchor = (field: string) => fieldId(ANCHOR_FIELD[field as StoreField] ?? field);
    const focusField = (field: string) => (event: MouseEvent<HTMLAnchorElement>) => {
      const input = document.getElementById(anchor(field));
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.scrollIntoView({ block: 'center' });
    };
    return (
      <div
        ref={ref}
        className="console-error-summary"
        tabIndex={-1}
        aria-labelledby="store-error-summary-heading"
        role="group"
      >
        <h2 id="store-error-summary-heading">
          {t('store.summary.heading', { count: problems.length })}
        </h2>
        <ul>
          {problems.map((p) => (
            <li key={p.field}>
              <a href={`#${anchor(p.field)}`} onClick={focusField(p.field)}>
                {problemText(p)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
