/**
 * Route table of spec 2.1. The locale comes from the host page; pages redirect to the locale's
 * own path when the URL differs (2.3, 2.5). Switching locale is a full page load (the server
 * embeds the new locale), so within the app the locale is fixed.
 */
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { RESULT_CHANNELS, localeToPath } from '@locator/core';
import type { Boot } from '../lib/boot';
import { HomePage } from '../features/home/HomePage';
import { ChooserPage } from '../features/chooser/ChooserPage';
import { ResultsPage } from '../features/results/ResultsPage';

function LocaleHome({ boot }: { boot: Boot }) {
  const { pathname, search } = useLocation();
  const target = localeToPath(boot.locale);
  if (pathname !== target) return <Navigate to={{ pathname: target, search }} replace />;
  return <HomePage boot={boot} />;
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
  return <ResultsPage boot={boot} channel={channel as (typeof RESULT_CHANNELS)[number]} />;
}

export function App({ boot }: { boot: Boot }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<LocaleHome boot={boot} />} />
        <Route path="/choose-country-region" element={<ChooserPage />} />
        <Route path="/:channel" element={<LocaleResults boot={boot} />} />
        <Route path="/:country/:lang" element={<LocaleHome boot={boot} />} />
        <Route path="/:country/:lang/:channel" element={<LocaleResults boot={boot} />} />
        <Route path="*" element={<LocaleHome boot={boot} />} />
      </Routes>
    </BrowserRouter>
  );
}
