/**
 * The name a map label shows in the visitor's language. The gazetteer names a place in the
 * page's language when it has such a name, else by its main name, a Latin one (Gazetteer.placeName).
 * On a page in another script that Latin name is right for a place abroad (Paris on a Japanese
 * page: the international name), but for a place in a country writing the page's own script it
 * is a romanisation of a name the visitor reads natively ("Ueno", "Ginza" beside 東京 on a
 * Japanese page): such a place gets the local name when the country writes Chinese characters
 * that the page's script shares (a place in Japan on a Chinese page: 横浜, さいたま), else no
 * label at all. Latin-script pages are unaffected.
 */
import { isNonLatin, type LangInfo } from '@locator/geo';

/** Scripts written with Chinese characters (ICU's likely scripts of a language or country). */
const HAN_SCRIPTS = new Set(['Hans', 'Hant', 'Jpan']);

const scriptCache = new Map<string, string>();

/** ICU's likely script of a language ("ja" → "Jpan") or, with "und-", of a country. */
function likelyScript(tag: string): string {
  let script = scriptCache.get(tag);
  if (script === undefined) {
    try {
      script = new Intl.Locale(tag).maximize().script ?? 'Latn';
    } catch {
      script = 'Latn';
    }
    scriptCache.set(tag, script);
  }
  return script;
}

/** ICU's likely language of a country ("JP" → "ja"). */
export function countryLanguage(countryCode: string): string {
  try {
    return new Intl.Locale(`und-${countryCode}`).maximize().language;
  } catch {
    return 'en';
  }
}

function pageScript(lang: LangInfo): string {
  return likelyScript(lang.traditional ? `${lang.base}-Hant` : lang.base);
}

function sameScript(a: string, b: string): boolean {
  return a === b || (HAN_SCRIPTS.has(a) && HAN_SCRIPTS.has(b) && a !== 'Jpan' && b !== 'Jpan');
}

/**
 * The label of a place named `name` in the page's language (`lang`), in the country
 * `countryCode`; `localName()` gives the place's name as its country writes it. Undefined: no
 * label.
 */
export function mapLabelName(
  name: string,
  lang: LangInfo,
  countryCode: string,
  localName: () => string,
): string | undefined {
  if (name === '') return undefined;
  const page = pageScript(lang);
  if (page === 'Latn' || isNonLatin(name)) return name;
  const country = likelyScript(`und-${countryCode}`);
  if (country === 'Latn') return name;
  if (sameScript(page, country)) return undefined;
  if (HAN_SCRIPTS.has(page) && HAN_SCRIPTS.has(country)) {
    const local = localName();
    return isNonLatin(local) ? local : undefined;
  }
  return name;
}
