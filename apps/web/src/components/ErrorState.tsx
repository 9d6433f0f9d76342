import { useTranslation } from 'react-i18next';
import './components.css';

/** Error state of a failed load (PRODUCT.md#errors "Something went wrong."), with a retry. */
export function ErrorState({ onRetry, help }: { onRetry?: () => void; help?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="error-state" role="alert">
      <svg
        className="error-state__icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="17.3" r="1.3" fill="#fff" />
      </svg>
      <div>
        <p className="error-state__title">{t('error.generic')}</p>
        {help ? <p className="error-state__help">{help}</p> : null}
        {onRetry ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('error.retry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
