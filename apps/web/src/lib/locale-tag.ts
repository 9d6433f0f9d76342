/**
 * The BCP 47 language tag of a locale key, for `lang` and `hreflang` attributes.
 *
 * Locale keys are mostly tags already ("fr-CA"); the exceptions are the old Indonesian code
 * "in" (→ "id") and the regional catch-all keys, whose region is a path name, not a country:
 * en-LAC/es-LAC/en-419/es-419 → "{lang}-419" (Latin America and the Caribbean), the others
 * (en-EUROPE, en-ASIA, en-AMEI, fr-AMEI, fr-LAC) → the language alone.
 */
import { normaliseLocaleKey } from '@locator/core';

const LATIN_AMERICA = new Set(['LAC', '419']);

export function languageTag(locale: string): string {
  const key = normaliseLocaleKey(locale) ?? locale.replace('_', '-');
  const [rawLang = 'en', region = ''] = key.split('-');
  const lang = rawLang.toLowerCase() === 'in' ? 'id' : rawLang.toLowerCase();
  if (LATIN_AMERICA.has(region.toUpperCase()) && (lang === 'en' || lang === 'es')) {
    return `${lang}-419`;
  }
  if (/^[A-Za-z]{2}$/.test(region)) return `${lang}-${region.toUpperCase()}`;
  return lang;
}
