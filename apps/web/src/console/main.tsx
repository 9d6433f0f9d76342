/**
 * The console's page (admin/index.html, built by vite.console.config.ts): the brand from the
 * page's boot value, the console's translations, its client and router.
 */
import './zod-jitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { readBoot } from '../lib/boot';
import { BrowserRouter } from '../lib/router';
import { createConsoleClient } from './api/client';
import { ConsoleApp } from './ConsoleApp';
import { createConsoleI18n } from './i18n';
import { ConsoleBrandContext } from './shell/brand';
import './console.css';

const { brand, sso } = readBoot();
const { i18n } = createConsoleI18n();
const client = createConsoleClient();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ConsoleBrandContext.Provider value={brand}>
          <BrowserRouter>
            <Suspense fallback={null}>
              <ConsoleApp client={client} sso={sso === true} />
            </Suspense>
          </BrowserRouter>
        </ConsoleBrandContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}
