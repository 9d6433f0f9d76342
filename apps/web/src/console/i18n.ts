/**
 * The console's i18next instance: the same backend and fallback chain as the visitor's pages
 * (lib/i18n), reading only the console's namespace, `/locales/consoles-{lang_REGION}.json`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFetchBackend } from '../lib/i18n/backend';
import { CONSOLE_NAMESPACES, translationFallbackChain } from '../lib/i18n/translation-locales';

/** The console is written in English for now. */
export const CONSOLE_LOCALE = 'en-US';

export function createConsoleI18n(
  locale: string = CONSOLE_LOCALE,
  fetchImpl?: typeof fetch,
): { i18n: I18n; ready: Promise<unknown> } {
  const [lng = 'en-US', ...fallback] = translationFallbackChain(locale).map((l) =>
    l.replace('_', '-'),
  );
  const instance = i18next.createInstance();
  const ready = instance
    .use(localeFetchBackend(fetchImpl))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: fallback.length > 0 ? fallback : false,
      load: 'currentOnly',
      ns: [...CONSOLE_NAMESPACES],
      defaultNS: CONSOLE_NAMESPACES[0],
      supportedLngs: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return { i18n: instance, ready };
}
