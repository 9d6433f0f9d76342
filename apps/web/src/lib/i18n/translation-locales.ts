/**
 * Which translation files a locale reads (PRODUCT.md#other-server-calls, #defaults).
 *
 * Files are `/locales/{namespace}s-{lang_REGION}.json`. There is one file set per language
 * (its "default" region below) plus regional variants where the language differs in writing:
 * en_GB (British spelling), es_419 (Latin-American Spanish), fr_CA, pt_BR/pt_PT,
 * zh_CN/zh_HK/zh_TW. A locale resolves to its regional file when it has one, otherwise to its
 * language's file; keys missing there fall back to en-US.
 *
 * Web-app rule (not in PRODUCT.md, so not in @locator/core): English locales of the Americas
 * regions of the chooser (and the Philippines) use en_US; every other English locale uses en_GB.
 * zh_HK falls back to zh_TW (both Traditional script) before en_US.
 */
import { LOCALE_KEYS } from '@locator/core';

export const FALLBACK_FILE_LOCALE = 'en_US';

/** The translation namespaces; the file of namespace `ns` is `{ns}s-{lang_REGION}.json`. */
export const NAMESPACES = ['common', 'home', 'chooser', 'result', 'storepage'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The maker's console's namespaces (src/console): in English only for now, so their files exist
 * for en_US alone; another locale would read them key by key through the same fallback chain.
 */
export const CONSOLE_NAMESPACES = ['console'] as const;
export type ConsoleNamespace = (typeof CONSOLE_NAMESPACES)[number];

/** Language → its default file locale. "in" is the old code of Indonesian. */
export const LANGUAGE_FILES: Readonly<Record<string, string>> = Object.freeze({
  ar: 'ar_AE',
  bg: 'bg_BG',
  ca: 'ca_ES',
  cs: 'cs_CZ',
  da: 'da_DK',
  de: 'de_DE',
  el: 'el_GR',
  en: 'en_US',
  es: 'es_ES',
  et: 'et_EE',
  fi: 'fi_FI',
  fr: 'fr_FR',
  he: 'he_IL',
  hi: 'hi_IN',
  hr: 'hr_HR',
  hu: 'hu_HU',
  id: 'id_ID',
  in: 'id_ID',
  it: 'it_IT',
  ja: 'ja_JP',
  kk: 'kk_KZ',
  ko: 'ko_KR',
  lt: 'lt_LT',
  lv: 'lv_LV',
  ms: 'ms_MY',
  nl: 'nl_NL',
  no: 'no_NO',
  pl: 'pl_PL',
  pt: 'pt_PT',
  ro: 'ro_RO',
  ru: 'ru_RU',
  sk: 'sk_SK',
  sl: 'sl_SI',
  sv: 'sv_SE',
  th: 'th_TH',
  tr: 'tr_TR',
  uk: 'uk_UA',
  vi: 'vi_VN',
  zh: 'zh_CN',
});

/**
 * The English locale keys that use en_US: en-US, en-419 and en-PH, and the English entries of the
 * chooser's Americas regions ("na", "lac"): the English-speaking countries of the Americas and
 * the Latin-American catch-all en-LAC. Listed here rather than derived from the chooser's data,
 * which the home page does not load; a unit test keeps the list equal to the chooser's
 * entries.
 */
export const AMERICAN_ENGLISH_LOCALES: ReadonlySet<string> = new Set([
  'en-US',
  'en-419',
  'en-PH',
  'en-CA',
  'en-PR',
  'en-LAC',
  'en-AG',
  'en-AI',
  'en-BB',
  'en-BM',
  'en-BS',
  'en-BZ',
  'en-DM',
  'en-GD',
  'en-GY',
  'en-JM',
  'en-KN',
  'en-KY',
  'en-LC',
  'en-MS',
  'en-SR',
  'en-TC',
  'en-TT',
  'en-VC',
  'en-VG',
]);

/** Regional variants: locale key → file locale, for the locales that do not use the default. */
function regionalFile(locale: string): string | undefined {
  const [lang = '', region = ''] = locale.split('-');
  switch (lang) {
    case 'en':
      return AMERICAN_ENGLISH_LOCALES.has(locale) ? 'en_US' : 'en_GB';
    case 'es': {
      if (region === 'ES' || region === 'GQ') return 'es_ES';
      return 'es_419';
    }
    case 'fr':
      return region === 'CA' ? 'fr_CA' : undefined;
    case 'pt':
      return region === 'BR' ? 'pt_BR' : undefined;
    case 'zh':
      if (region === 'TW') return 'zh_TW';
      if (region === 'HK' || region === 'MO') return 'zh_HK';
      return undefined;
    default:
      return undefined;
  }
}

/** The file locale of a locale key ("fr-BE" → "fr_FR", "en-AU" → "en_GB", "xx-YY" → "en_US"). */
export function translationFileLocale(locale: string): string {
  const key = locale.replace('_', '-');
  const lang = key.split('-')[0]?.toLowerCase() ?? '';
  return regionalFile(key) ?? LANGUAGE_FILES[lang] ?? FALLBACK_FILE_LOCALE;
}

/** Files to read for a locale, best first, ending with en_US. */
export function translationFallbackChain(locale: string): string[] {
  const file = translationFileLocale(locale);
  const lang = file.split('_')[0] ?? 'en';
  const language = file === 'zh_HK' ? 'zh_TW' : (LANGUAGE_FILES[lang] ?? FALLBACK_FILE_LOCALE);
  const chain = [file, language, FALLBACK_FILE_LOCALE];
  return [...new Set(chain)];
}

/** Every file locale the locale map needs, sorted. */
export function requiredFileLocales(keys: readonly string[] = LOCALE_KEYS): string[] {
  return [...new Set(keys.map(translationFileLocale))].sort();
}

/** "result" + "en_GB" → "/locales/results-en_GB.json" (PRODUCT.md#other-server-calls). */
export function translationUrl(namespace: string, fileLocale: string): string {
  return `/locales/${namespace}s-${fileLocale.replace('-', '_')}.json`;
}
