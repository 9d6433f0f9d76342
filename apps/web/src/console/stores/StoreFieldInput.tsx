/**
 * One field of the store form: its label, hint, the input and, when it has one, its problem in
 * words (aria-invalid, aria-describedby). Read-only for a viewer.
 */
import { useTranslation } from 'react-i18next';
import { GEO_CODE_STATUSES } from '@locator/core/admin-api';
import { COORDINATE_FIELDS, LIST_FIELDS, REQUIRED_FIELDS, type StoreField } from './store-fields';
import type { FieldProblem } from './store-form';

export const fieldId = (field: string) => `store-field-${field}`;
export const errorId = (field: string) => `store-field-${field}-error`;
const hintId = (field: string) => `store-field-${field}-hint`;

/** A problem said in words: the field's own sentence for its code, or the code's general one. */
export function useProblemText(): (problem: FieldProblem) => string {
  const { t } = useTranslation();
  return (p) =>
    t([`store.error.${p.field}.${p.code}`, `store.error.${p.code}`, 'store.error.INVALID_VALUE'], {
      field: t(`store.field.${p.field}`),
    });
}

export interface StoreFieldInputProps {
  field: StoreField;
  value: string;
  problem: FieldProblem | undefined;
  readOnly: boolean;
  onChange: (field: StoreField, value: string) => void;
}

export function StoreFieldInput({
  field,
  value,
  problem,
  readOnly,
  onChange,
}: StoreFieldInputProps) {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const hintKey = `store.hint.${field}`;
  const hint = i18n.exists(hintKey)
    ? t(hintKey)
    : LIST_FIELDS.has(field)
      ? t('store.hint.list')
      : '';
  const describedBy =
    [problem ? errorId(field) : '', hint ? hintId(field) : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id: fieldId(field),
    name: field,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': REQUIRED_FIELDS.has(field) || undefined,
  } as const;
  return (
    <div className="console-field">
      <label htmlFor={fieldId(field)}>
        {t(`store.field.${field}`)}
        {REQUIRED_FIELDS.has(field) ? null : (
          <span className="console-field__optional"> {t('store.optional')}</span>
        )}
      </label>
      {hint ? (
        <p className="console-field__hint" id={hintId(field)}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="console-field__error" id={errorId(field)}>
          {problemText(problem)}
        </p>
      ) : null}
      {field === 'geoCodeStatus' ? (
        <select {...common} disabled={readOnly} onChange={(e) => onChange(field, e.target.value)}>
          <option value="">{t('store.geoCodeStatus.none')}</option>
          {GEO_CODE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`store.geoCodeStatus.${s}`)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={COORDINATE_FIELDS.has(field) ? 'number' : 'text'}
          step={COORDINATE_FIELDS.has(field) ? 'any' : undefined}
          dir={field === 'phone' || field === 'storeWeb' ? 'ltr' : undefined}
          inputMode={field === 'phone' ? 'tel' : field === 'storeWeb' ? 'url' : undefined}
          autoComplete="off"
          spellCheck={field === 'title' ? undefined : false}
          readOnly={readOnly}
          onChange={(e) => onChange(field, e.target.value)}
        />
      )}
    </div>
  );
}
