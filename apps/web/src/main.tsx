import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { firstNamespace } from './app/paths';
import { readBoot } from './lib/boot';
import { ConfigStore } from './lib/config/global-config';
import { ConfigStoreContext } from './lib/config/useGlobalConfig';
import { setDocumentLocale } from './lib/document-head';
import { createI18n } from './lib/i18n/i18n';
import './styles.css';

// No eval under the Content-Security-Policy (apps/server/src/http/security.ts): zod compiles its
// object schemas with `new Function` unless told not to, and probes for it when a schema is
// built, which the policy blocks and reports as a violation. zod (in the results chunk) takes its
// settings from this shared object, so setting it here, before any schema exists, is
// `z.config({ jitless: true })` without loading zod with the first page.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

const boot = readBoot();
setDocumentLocale(boot.locale);
const { i18n } = createI18n(boot.locale, { preload: [firstNamespace(window.location.pathname)] });
const configStore = new ConfigStore();
configStore.preload(boot.locale, boot.config);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ConfigStoreContext.Provider value={configStore}>
          <App boot={boot} />
        </ConfigStoreContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}
