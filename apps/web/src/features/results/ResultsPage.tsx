import { useTranslation } from 'react-i18next';
import type { ResultChannel } from '@locator/core';
import { Navigate } from '../../lib/router';
import { hasResultsPage, localeToPath } from '@locator/core';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import type { Boot } from '../../lib/boot';
import { useGlobalConfig } from '../../lib/config/useGlobalConfig';
import { ResultsScreen } from './ResultsScreen';
import './results.css';

/**
 * Results page (PRODUCT.md#results-page, #page-states): a spinner until the configuration loads, its error state, then
 * the page. A channel the country does not configure, or training without products to search
 * (its card leads to its externalLink or nowhere), goes back to the locale home.
 */
export function ResultsPage({ boot, channel }: { boot: Boot; channel: ResultChannel }) {
  const { t } = useTranslation(['result', 'common']);
  const config = useGlobalConfig(boot.locale);
  if (config.status === 'ready') {
    if (!hasResultsPage(channel, config.config.channels[channel]))
      return <Navigate to={localeToPath(boot.locale)} replace />;
    return <ResultsScreen boot={boot} channelKey={channel} config={config.config} />;
  }
  return (
    <main
      id="main"
      tabIndex={-1}
      data-testid="results"
      data-locale={boot.locale}
      data-channel={channel}
      aria-busy={config.status === 'loading'}
    >
      <h1>{t(`page.results.${channel}.heading`)}</h1>
      {config.status === 'loading' ? <Spinner label={t('common:app.loading')} /> : null}
      {config.status === 'error' ? (
        <ErrorState onRetry={config.retry} help={t('common:error.configHelp')} />
      ) : null}
    </main>
  );
}
