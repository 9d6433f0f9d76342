/**
 * i18next set-up (PRODUCT.md#other-server-calls, #defaults): namespaces load from `/locales/{namespace}s-{lang_REGION}.json`
 * through the fallback chain of `translationFallbackChain` (regional file → language file →
 * en-US), key by key. One instance per page load: the locale is fixed within the app.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFetchBackend } from './backend';
import { NAMESPACES, translationFallbackChain, type Namespace } from './translation-locales';

/** i18next language code of a file locale ("en_GB" → "en-GB"). */
const toLng = (fileLocale: string) => fileLocale.replace('_', '-');

export interface I18nOptions {
  /** Namespaces to load before the first render (besides common). */
  preload?: Namespace[];
  fetch?: typeof fetch;
}

export function createI18n(
  locale: string,
  options: I18nOptions = {},
): { i18n: I18n; ready: Promise<unknown> } {
  const chain = translationFallbackChain(locale).map(toLng);
  const [lng = 'en-US', ...fallback] = chain;
  const instance = i18next.createInstance();
  const ready = instance
    .use(localeFetchBackend(options.fetch))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: fallback.length > 0 ? fallback : false,
      load: 'currentOnly',
      ns: ['common', ...(options.preload ?? [])],
      defaultNS: 'common',
      supportedLngs: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return { i18n: instance, ready };
}

export { NAMESPACES };
