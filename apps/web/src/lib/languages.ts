/**
 * The languages of the current country (PRODUCT.md#language-selector) and the page's hreflang alternates.
 *
 * Rules written here for lack of them in @locator/core:
 * - A country's language `code` becomes the locale key `{code}-{REGION}` with the region of the
 *   current locale (normalised through the locale map); a language without a locale of its
 *   own is left out.
 * - Without a configuration (loading or failed), the country's languages are the locale-map
 *   locales sharing the current locale's country path segment.
 * - A language is labelled with its own name (Intl.DisplayNames in that language), else the
 *   configuration's name.
 * - Alternates: one per distinct path among the country's locales, each with the same rest of
 *   the path (channel); none when the country has a single locale.
 */
import {
  LOCALE_KEYS,
  REGION_LABELS,
  isCatchAllCode,
  localeDirection,
  localeParts,
  localeToPath,
  normaliseLocaleKey,
  parseLocalePath,
  type CountryLanguage,
} from '@locator/core';
import { languageTag } from './locale-tag';

export interface LanguageOption {
  locale: string;
  /** BCP 47 tag for lang/hreflang. */
  tag: string;
  /** Name of the language in itself ("Français"). */
  label: string;
  /** The locale's path ("/ca/fr/"). */
  path: string;
  /** Writing direction of the language's own name. */
  dir: 'ltr' | 'rtl';
  current: boolean;
}

function nativeName(tag: string, fallback: string): string {
  try {
    const lang = tag.split('-')[0] ?? tag;
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(lang);
    if (name && name !== lang) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    // Unknown to this browser's Intl: use the configuration's name.
  }
  return fallback;
}

/** Locale keys of the same country, one per distinct path, in locale-map order. */
export function countryLocales(locale: string): string[] {
  const { country } = localeParts(locale);
  const byPath = new Map<string, string>();
  for (const key of LOCALE_KEYS) {
    if (localeParts(key).country !== country) continue;
    const path = localeToPath(key);
    if (!byPath.has(path)) byPath.set(path, parseLocalePath(path).locale);
  }
  return [...byPath.values()];
}

function option(locale: string, current: string, fallbackName: string): LanguageOption {
  const tag = languageTag(locale);
  return {
    locale,
    tag,
    label: nativeName(tag, fallbackName),
    path: localeToPath(locale),
    dir: localeDirection(locale),
    current: localeToPath(locale) === localeToPath(current),
  };
}

/** One option per language tag (in-ID and id-ID are both Indonesian), the current one kept. */
function uniqueByTag(options: LanguageOption[]): LanguageOption[] {
  const byTag = new Map<string, LanguageOption>();
  for (const o of options) {
    const existing = byTag.get(o.tag);
    if (!existing || (o.current && !existing.current)) byTag.set(o.tag, o);
  }
  return [...byTag.values()];
}

/** The language options of the current locale's country (PRODUCT.md#language-selector). */
export function languageOptions(
  locale: string,
  langs: readonly Pick<CountryLanguage, 'code' | 'name'>[] | undefined,
): LanguageOption[] {
  const { region } = localeParts(locale);
  if (langs && langs.length > 0) {
    const seen = new Set<string>();
    const options: LanguageOption[] = [];
    for (const lang of langs) {
      const key = normaliseLocaleKey(`${lang.code}-${region}`);
      if (key === undefined || seen.has(localeToPath(key))) continue;
      seen.add(localeToPath(key));
      options.push(option(key, locale, lang.name));
    }
    return uniqueByTag(options);
  }
  return uniqueByTag(countryLocales(locale).map((key) => option(key, locale, key)));
}

/** hreflang alternates for a path: the same page in each of the country's locales. */
export function alternatesFor(pathname: string): { hreflang: string; href: string }[] {
  const { locale, rest, known } = parseLocalePath(pathname);
  if (!known) return [];
  const options = uniqueByTag(countryLocales(locale).map((key) => option(key, locale, key)));
  if (options.length < 2) return [];
  return options.map((o) => ({ hreflang: o.tag, href: `${o.path}${rest}` }));
}

/**
 * The footer's name of a locale's country: the chooser's label of the locale ("Canada
 * (Français)"), which the server embeds in the host page (`Boot.countryLabel`) so that the pages
 * do not load the chooser's data. Without it (a locale the chooser does not list:
 * he-IL, hi-IN…; a host page without it), the country's name in the locale's language
 * (Intl.DisplayNames), the region's name for a catch-all, else the country code.
 */
export function countryLabel(locale: string, chooserLabel?: string): string {
  if (chooserLabel !== undefined && chooserLabel.trim() !== '') return chooserLabel;
  const { region, country } = localeParts(locale);
  if (isCatchAllCode(country)) return REGION_LABELS[country];
  try {
    const name = new Intl.DisplayNames([languageTag(locale)], { type: 'region' }).of(region);
    if (name && name !== region) return name;
  } catch {
    // An unknown region code: the code below.
  }
  return country.toUpperCase();
}
