/**
 * Route table of PRODUCT.md#routes. The locale comes from the host page; pages redirect to the locale's
 * own path when the URL differs (PRODUCT.md#home-page, #results-page). Switching locale is a full page load (the server
 * embeds the new locale), so within the app the locale is fixed; within a locale the app
 * routes client-side (the chooser too: it is reached without reloading and its entries are
 * full page loads).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from '../lib/router';
import { RESULT_CHANNELS, localeToPath, pageTitle, type ResultChannel } from '@locator/core';
import type { Boot } from '../lib/boot';
import { usePageMeta } from '../lib/page-meta';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorScreen } from '../components/ErrorScreen';
import { Spinner } from '../components/Spinner';
import { HomePage } from '../features/home/HomePage';
import { Layout } from './Layout';
import { CHOOSER_PATH } from './paths';

const ChooserPage = lazy(() =>
  import('../features/chooser/ChooserPage').then((m) => ({ default: m.ChooserPage })),
);
const ResultsPage = lazy(() =>
  import('../features/results/ResultsPage').then((m) => ({ default: m.ResultsPage })),
);

function HomeRoute({ boot }: { boot: Boot }) {
  const { t } = useTranslation(['common', 'home']);
  usePageMeta({
    page: 'home',
    locale: boot.locale,
    title: pageTitle('', t('nav.title'), boot.brand),
  });
  return <HomePage boot={boot} />;
}

function LocaleHome({ boot }: { boot: Boot }) {
  const { pathname, search } = useLocation();
  const target = localeToPath(boot.locale);
  if (pathname !== target) return <Navigate to={{ pathname: target, search }} replace />;
  return <HomeRoute boot={boot} />;
}

function ResultsRoute({ boot, channel }: { boot: Boot; channel: ResultChannel }) {
  const { t } = useTranslation(['common', 'result']);
  const title = pageTitle(
    t(`result:page.results.${channel}.title`),
    t('common:nav.title'),
    boot.brand,
  );
  usePageMeta({ page: 'results', locale: boot.locale, title });
  return <ResultsPage boot={boot} channel={channel} />;
}

function LocaleResults({ boot }: { boot: Boot }) {
  const { channel = '' } = useParams();
  const { pathname, search } = useLocation();
  const home = localeToPath(boot.locale);
  if (!(RESULT_CHANNELS as readonly string[]).includes(channel)) {
    return <Navigate to={home} replace />;
  }
  const target = `${home}${channel}`;
  if (pathname !== target) return <Navigate to={{ pathname: target, search }} replace />;
  return <ResultsRoute boot={boot} channel={channel as ResultChannel} />;
}

function ChooserRoute({ boot }: { boot: Boot }) {
  const { t } = useTranslation(['chooser', 'common']);
  usePageMeta({
    page: 'chooser',
    locale: boot.locale,
    title: pageTitle(t('title'), '', boot.brand),
  });
  return <ChooserPage locale={boot.locale} />;
}

function ErrorRoute({ boot }: { boot: Boot }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const title = t('error.crash.title', { defaultValue: 'Error Occured.' });
  usePageMeta({ page: 'error', locale: boot.locale, title: pageTitle(title, '', boot.brand) });
  return <ErrorScreen homePath={localeToPath(boot.locale)} />;
}

/** Resets the error boundary when the location changes (browser back/forward). */
function RouteBoundary({ boot, children }: { boot: Boot; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={<ErrorRoute boot={boot} />}
      onError={(error) => console.error('Rendering failed', error)}
    >
      {children}
    </ErrorBoundary>
  );
}

function Loading() {
  const { t } = useTranslation('common');
  return (
    <main id="main">
      <Spinner label={t('app.loading')} />
    </main>
  );
}

export function App({ boot }: { boot: Boot }) {
  return (
    <BrowserRouter>
      <RouteBoundary boot={boot}>
        <Suspense fallback={null}>
          <Layout boot={boot}>
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/" element={<LocaleHome boot={boot} />} />
                <Route path={CHOOSER_PATH} element={<ChooserRoute boot={boot} />} />
                <Route path="/:channel" element={<LocaleResults boot={boot} />} />
                <Route path="/:country/:lang" element={<LocaleHome boot={boot} />} />
                <Route path="/:country/:lang/:channel" element={<LocaleResults boot={boot} />} />
                <Route path="*" element={<LocaleHome boot={boot} />} />
              </Routes>
            </Suspense>
          </Layout>
        </Suspense>
      </RouteBoundary>
    </BrowserRouter>
  );
}
