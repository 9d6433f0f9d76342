/**
 * A screen's alert region, always present so that a message put in it is announced: empty, or
 * the reason the figures could not be read with a button that asks again.
 */
import { useTranslation } from 'react-i18next';

export interface RetryAlertProps {
  /** What went wrong (none: the region stays empty). */
  message: string | undefined;
  onRetry: () => void;
}

export function RetryAlert({ message, onRetry }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="console-alert-region">
      {message === undefined ? null : (
        <div className="console-alert">
          <p>{message}</p>
          <button type="button" className="console-button" onClick={onRetry}>
            {t('unavailable.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
