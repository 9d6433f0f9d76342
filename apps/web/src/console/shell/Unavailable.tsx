/** The console could not ask the server for the session: said so, with a way to try again. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './useDocumentTitle';

export function Unavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle('unavailable.title');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="console-home" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {t('unavailable.title')}
      </h1>
      <p>{t('error.unavailable')}</p>
      <button type="button" className="console-button console-button--primary" onClick={onRetry}>
        {t('unavailable.retry')}
      </button>
    </div>
  );
}
