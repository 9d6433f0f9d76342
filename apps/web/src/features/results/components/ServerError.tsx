import { useTranslation } from 'react-i18next';
import { errorMessageKey, type ErrorCode } from '@locator/core';
import { ErrorState } from '../../../components/ErrorState';

/** The server-error banner of a failed search (PRODUCT.md#errors): icon, "Something went wrong." and help. */
export function ServerError({ code, onRetry }: { code: ErrorCode | undefined; onRetry(): void }) {
  const { t } = useTranslation('result');
  return (
    <div data-testid="server-error">
      <ErrorState help={t([errorMessageKey(code), 'error.serverError'])} onRetry={onRetry} />
    </div>
  );
}
