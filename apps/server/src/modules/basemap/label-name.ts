/**
 * The name a map label shows in the visitor's language. The gazetteer names a place in the
 * page's language when it has such a name, else by its main name, a Latin one (Gazetteer.placeName).
 * On a page in another script that Latin name is right for a place abroad (Paris on a Japanese
 * page: the international name), but for a place in a country writing the page's own script it
 * is a romanisation of a name the visitor reads natively ("Ueno", "Ginza" beside 東京 on a
 * Japanese page): such a place gets the local name when the country writes Chinese characters
 * that the page's script shares (a place in Japan on a Chinese page: 横浜, さいたま), else no
 * label at all, where the gazetteer names most of that country's places in the page's script
 * (Japan, China, Korea, Russia, Israel, Egypt…). Where it names few (the Gulf states, Morocco,
 * Hong Kong), the Latin names stay: a map of Dubai with no district named would be worse.
 * Latin-script pages are unaffected. */
import { isNonLatin, type LangInfo } from '@locator/geo';

/** Above this share of a country's places named in the page's script, romanised ones are hidden. */
export const OWN_SCRIPT_MAJORITY = 0.5;

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

/** How to name a place in its country: as its country writes it, and how well the data covers it. */
export interface LabelContext {
  countryCode: string;
  /** The place's name as its country writes it. */
  localName: () => string;
  /** The share (0–1) of the country's places the gazetteer names in the page's script. */
  ownScriptShare: () => number;
}

/** True when the page (`lang`) and the country (`countryCode`) write the same script. */
export function writesPageScript(lang: LangInfo, countryCode: string): boolean {
  const page = pageScript(lang);
  return page !== 'Latn' && sameScript(page, likelyScript(`und-${countryCode}`));
}

/** The label of a place named `name` in the page's language (`lang`); undefined: no label. */
export function mapLabelName(name: string, lang: LangInfo, c: LabelContext): string | undefined {
  if (name === '') return undefined;
  const page = pageScript(lang);
  if (page === 'Latn' || isNonLatin(name)) return name;
  const country = likelyScript(`und-${c.countryCode}`);
  if (country === 'Latn') return name;
  if (sameScript(page, country)) return c.ownScriptShare() > OWN_SCRIPT_MAJORITY ? undefined : name;
  if (HAN_SCRIPTS.has(page) && HAN_SCRIPTS.has(country)) {
    const local = c.localName();
    return isNonLatin(local) ? local : undefined;
  }
  return name;
}
