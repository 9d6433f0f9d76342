import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './components.css';

/**
 * The error screen of a rendering failure (PRODUCT.md#error-screen): "Error Occured." (sic) and "Please
 * contact the administrator for the issue.". Falls back to the product's English when the
 * translations themselves are unavailable.
 */
export function ErrorScreen({ homePath }: { homePath: string }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="error-screen" data-testid="error-screen">
      <h1 ref={heading} tabIndex={-1}>
        {t('error.crash.title', { defaultValue: 'Error Occured.' })}
      </h1>
      <p>
        {t('error.crash.message', {
          defaultValue: 'Please contact the administrator for the issue.',
        })}
      </p>
      <p>
        <a href={homePath}>{t('error.crash.homeLink', { defaultValue: 'Go to the home page' })}</a>
      </p>
    </main>
  );
}
