/**
 * Locale ↔ path mapping (PRODUCT.md#routes, #country-and-region-chooser) over the reference locale map.
 *
 * - en-US is served at "/".
 * - Most locales map to "/{country}/{lang}/" in lower case, with GB as "uk".
 * - Countries without a site of their own map to their region's catch-all path
 *   ("/europe/en/", "/asia/en/", "/amei/en/", "/amei/fr/", "/lac/en/", "/lac/es/", "/lac/fr/").
 * - Oddity: in-ID → "/id/in/", id-ID → "/id/id/".
 *
 * Reverse mapping: a path names one locale. Where several locales share a catch-all path the
 * canonical one is the key named after the path (en-EUROPE for "/europe/en/", es-LAC for
 * "/lac/es/"). Unknown paths resolve to the home locale en-US.
 *
 * The chooser's regions and labels are in `chooser.ts` (`data/chooser-regions.json`) and the list
 * of proposed keys in `data/proposed-locales.json`, apart from the mapping
 * (`data/locale-map.json`), so that code using only the mapping (the web app's home page) does
 * not carry them.
 */
import localeMap from '../data/locale-map.json' with { type: 'json' };
import proposedLocales from '../data/proposed-locales.json' with { type: 'json' };

interface LocaleMapFile {
  locales: Record<string, string>;
}

const data = localeMap as LocaleMapFile;

export const HOME_LOCALE = 'en-US';
export const HOME_PATH = '/';

/** The regional pseudo-country codes (PRODUCT.md#regions). */
export const CATCH_ALL_CODES = ['asia', 'europe', 'amei', 'lac'] as const;
export type CatchAllCode = (typeof CATCH_ALL_CODES)[number];

export function isCatchAllCode(code: string): code is CatchAllCode {
  return (CATCH_ALL_CODES as readonly string[]).includes(code.toLowerCase());
}

/** Languages written right to left. */
const RTL_LANGS = new Set(['ar', 'he', 'fa', 'ur']);

/** All locale keys of the map, e.g. "en-GB", in file order. */
export const LOCALE_KEYS: readonly string[] = Object.freeze(Object.keys(data.locales));

/**
 * Locale keys that are proposed rather than taken from the real site (see data README). Marked
 * pure so that bundles that do not use it leave the list out.
 */
export const PROPOSED_LOCALES: ReadonlySet<string> = /* @__PURE__ */ new Set(proposedLocales);

const pathToLocaleIndex: Map<string, string> = (() => {
  const index = new Map<string, string>();
  for (const [locale, path] of Object.entries(data.locales)) {
    const existing = index.get(path);
    if (existing === undefined || isCanonicalFor(locale, path)) index.set(path, locale);
  }
  return index;
})();

function isCanonicalFor(locale: string, path: string): boolean {
  const parts = splitPath(path);
  return parts !== undefined && locale === `${parts.lang}-${parts.country.toUpperCase()}`;
}

function splitPath(path: string): { country: string; lang: string } | undefined {
  const m = /^\/([a-z]+)\/([a-z]+)\/$/.exec(path);
  if (!m?.[1] || !m[2]) return undefined;
  return { country: m[1], lang: m[2] };
}

/** True when the key is one of the map's locales. */
export function isKnownLocale(locale: string): boolean {
  return Object.prototype.hasOwnProperty.call(data.locales, locale);
}

/**
 * The path of a locale ("en-GB" → "/uk/en/"). Unknown locales map to the home path.
 * Accepts "en_GB" as well as "en-GB".
 */
export function localeToPath(locale: string): string {
  const key = normaliseLocaleKey(locale);
  return (key !== undefined && data.locales[key]) || HOME_PATH;
}

/**
 * The locale a path names. Accepts the path with or without the trailing slash and with
 * anything after the locale segments (a channel, say): "/uk/en/sales" → "en-GB".
 * "/" and "/sales" → en-US. Unknown → en-US (home).
 */
export function pathToLocale(pathname: string): string {
  return parseLocalePath(pathname).locale;
}

export interface ParsedLocalePath {
  /** The locale the path names, en-US when unknown. */
  locale: string;
  /** The locale's own path ("/uk/en/"). */
  localePath: string;
  /** What follows the locale segments, without slashes ("sales"), or "" for none. */
  rest: string;
  /** True when the path's locale segments were recognised (or it is the en-US root). */
  known: boolean;
}

/** Splits a URL path into its locale and the rest (PRODUCT.md#routes route table). */
export function parseLocalePath(pathname: string): ParsedLocalePath {
  const segments = pathname.split('/').filter((s) => s.length > 0);
  const [first, second, ...others] = segments;
  if (first !== undefined && second !== undefined) {
    const candidate = `/${first.toLowerCase()}/${second.toLowerCase()}/`;
    const locale = pathToLocaleIndex.get(candidate);
    if (locale !== undefined) {
      return { locale, localePath: candidate, rest: others.join('/'), known: true };
    }
  }
  // Root: "/" or "/{channel}" or "/choose-country-region" belong to en-US.
  if (segments.length <= 1) {
    return { locale: HOME_LOCALE, localePath: HOME_PATH, rest: first ?? '', known: true };
  }
  return { locale: HOME_LOCALE, localePath: HOME_PATH, rest: '', known: false };
}

/**
 * The same page on its site's own path when a path names a site by its country's ISO code where
 * the site uses another ("/gb/en/sales?…" → "/uk/en/sales"), or by a country that is served on
 * its region's path; undefined for a path that is a site's own, or names no site.
 */
export function localeAliasPath(pathname: string): string | undefined {
  const [first, second, ...others] = pathname.split('/').filter((s) => s.length > 0);
  if (first === undefined || second === undefined) return undefined;
  if (pathToLocaleIndex.has(`/${first.toLowerCase()}/${second.toLowerCase()}/`)) return undefined;
  if (!/^[a-z]{2}$/i.test(first) || !/^[a-z]{2,3}$/i.test(second)) return undefined;
  const key = normaliseLocaleKey(`${second}-${first}`);
  if (key === undefined) return undefined;
  const rest = others.join('/');
  const slash = rest !== '' && pathname.endsWith('/') ? '/' : '';
  return `${localeToPath(key)}${rest}${slash}`;
}

/** "en_gb", "EN-gb" → "en-GB" when the map knows it; regional keys keep their case. */
export function normaliseLocaleKey(locale: string): string | undefined {
  const raw = locale.trim().replace('_', '-');
  if (isKnownLocale(raw)) return raw;
  const [lang, region] = raw.split('-');
  if (!lang || !region) return undefined;
  const key = `${lang.toLowerCase()}-${region.toUpperCase()}`;
  return isKnownLocale(key) ? key : undefined;
}

export interface LocaleParts {
  /** Language code as in the locale key ("en", "in"). */
  lang: string;
  /** Region part of the key, upper case ("GB", "EUROPE", "419"). */
  region: string;
  /** Country code used in URLs and API paths ("uk" for GB, "europe" for catch-alls). */
  country: string;
  /** Language segment used in URLs and API paths. */
  pathLang: string;
}

/** The parts of a locale as used in paths and API calls ("en-GB" → uk / en). */
export function localeParts(locale: string): LocaleParts {
  const key = normaliseLocaleKey(locale) ?? HOME_LOCALE;
  const [lang = 'en', region = 'US'] = key.split('-');
  const path = localeToPath(key);
  const split = splitPath(path);
  return {
    lang,
    region,
    country: split?.country ?? 'us',
    pathLang: split?.lang ?? 'en',
  };
}

/** "en-GB" → "en_GB", the form used by translation files (PRODUCT.md#other-server-calls). */
export function localeToUnderscore(locale: string): string {
  return locale.replace('-', '_');
}

/** Writing direction of a locale. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const lang = locale.toLowerCase().replace(/[-_].*$/, '');
  return RTL_LANGS.has(lang) ? 'rtl' : 'ltr';
}

/** The locale's path followed by a channel: "/uk/en/" + sales → "/uk/en/sales"; "/" → "/sales". */
export function channelPath(locale: string, channel: string): string {
  return `${localeToPath(locale)}${channel}`;
}

const LATIN_AMERICA_REGIONS = new Set(['LAC', '419']);

/**
 * The BCP 47 language tag of a locale key, for `lang` and `hreflang` attributes. Locale keys are
 * mostly tags already ("fr-CA"); the exceptions are the old Indonesian code "in" (→ "id") and
 * the regional catch-all keys, whose region is a path name, not a country: en-LAC, es-LAC,
 * en-419, es-419 → "{lang}-419" (Latin America and the Caribbean); the others (en-EUROPE,
 * en-ASIA, en-AMEI, fr-AMEI, fr-LAC) → the language alone.
 */
export function languageTag(locale: string): string {
  const key = normaliseLocaleKey(locale) ?? locale.replace('_', '-');
  const [rawLang = 'en', region = ''] = key.split('-');
  const lang = rawLang.toLowerCase() === 'in' ? 'id' : rawLang.toLowerCase();
  if (LATIN_AMERICA_REGIONS.has(region.toUpperCase()) && (lang === 'en' || lang === 'es')) {
    return `${lang}-419`;
  }
  if (/^[A-Za-z]{2}$/.test(region)) return `${lang}-${region.toUpperCase()}`;
  return lang;
}
