import { useTranslation } from 'react-i18next';

/** A field error under its input, with a visually hidden "Error:" prefix (PRODUCT.md#search-form, #errors). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation('common');
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7.5" fill="currentColor" />
        <path d="M8 4v5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="8" cy="11.6" r="0.95" fill="#fff" />
      </svg>
      <span className="visually-hidden">{t('error.prefix')} </span>
      {message}
    </p>
  );
}
