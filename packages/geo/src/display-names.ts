/**
 * Display names: which of a place's names to show in the visitor's language. GeoNames alternate
 * names carry no language tag, so the choice is by script (README "Display names").
 */
import { foldText, scriptOfLang, type LangInfo, type ScriptName } from './normalise.js';

const SCRIPT_ONLY_RE: Record<Exclude<ScriptName, 'Latin' | 'Kana' | 'Han'>, RegExp> = {
  Hangul: /^[\p{Script=Hangul}\s\d.-]+$/u,
  Cyrillic: /^[\p{Script=Cyrillic}\s\d.'’-]+$/u,
  Arabic: /^[\p{Script=Arabic}\s\d.-]+$/u,
  Hebrew: /^[\p{Script=Hebrew}\s\d.'"״׳־-]+$/u,
  Thai: /^[\p{Script=Thai}\s\d.-]+$/u,
  Greek: /^[\p{Script=Greek}\s\d.'-]+$/u,
  Devanagari: /^[\p{Script=Devanagari}\s\d.-]+$/u,
  Bengali: /^[\p{Script=Bengali}\s\d.-]+$/u,
  Tamil: /^[\p{Script=Tamil}\s\d.-]+$/u,
  Telugu: /^[\p{Script=Telugu}\s\d.-]+$/u,
  Kannada: /^[\p{Script=Kannada}\s\d.-]+$/u,
  Malayalam: /^(?:[\p{Script=Malayalam}\s\d.-]|\u200c|\u200d)+$/u,
  Gujarati: /^[\p{Script=Gujarati}\s\d.-]+$/u,
  Gurmukhi: /^[\p{Script=Gurmukhi}\s\d.-]+$/u,
  Sinhala: /^(?:[\p{Script=Sinhala}\s\d.-]|\u200d)+$/u,
  Georgian: /^[\p{Script=Georgian}\s\d.-]+$/u,
  Armenian: /^[\p{Script=Armenian}\s\d.-]+$/u,
  Khmer: /^[\p{Script=Khmer}\s\d.-]+$/u,
  Lao: /^[\p{Script=Lao}\s\d.-]+$/u,
  Myanmar: /^[\p{Script=Myanmar}\s\d.-]+$/u,
  Ethiopic: /^[\p{Script=Ethiopic}\s\d.-]+$/u,
};
const HAN_ONLY_RE = /^[\p{Script=Han}\s·・\d-]+$/u;
const HAS_KANA_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const JAPANESE_RE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・\s\d-]+$/u;

/** Letters that mark a Cyrillic name as belonging to a language other than the one asked. */
const CYRILLIC_FOREIGN: Record<string, RegExp> = {
  ru: /[іїєґўђјљњћџәғқңөұүһӱӧҥ]/iu,
  uk: /[ыэёъўђјљњћџәғқңөұүһ]/iu,
  be: /[иъщїєґђјљњћџәғқңөұүһ]/iu,
  bg: /[ыэёіїєґўђјљњћџәғқңөұүһ]/iu,
  sr: /[ыэёъщіїєґўйәғқңөұүһя]/iu,
};
/** Letters used by Persian or Urdu (and Kurdish, Uyghur, Pashto) but not by Arabic. */
const ARABIC_FOREIGN = /[پچژگکیۀہےڈٹڑںھۆێەېۇۋڭ]/u;

const CYRILLIC_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

/** BGN/PCGN-like romanisation of Russian/Ukrainian, used only to pick among display names. */
export function romaniseCyrillic(name: string): string {
  let out = '';
  for (const ch of name.toLowerCase()) out += CYRILLIC_LATIN[ch] ?? ch;
  return foldText(out).replace(/ /g, '');
}

/** What a place offers for display: its main name, its non-Latin names, its Latin keys. */
export interface DisplayCandidates {
  name: string;
  /** Non-Latin alternate names, as ordered by `orderForDisplay` at build time. */
  nonLatin: readonly string[];
  countryCode: string;
}

const HAN_COUNTRIES = new Set(['JP', 'CN', 'TW', 'HK', 'MO']);

/**
 * Picks a place's name in the visitor's language. GeoNames alternate names carry no language
 * tag, so the choice is by script (see README "Display names" for the rules and their limits).
 */
export function pickDisplayName(c: DisplayCandidates, lang: LangInfo): string {
  const script = scriptOfLang(lang.base);
  if (script === 'Latin' || c.nonLatin.length === 0) return c.name;
  if (script === 'Han') return pickChinese(c.nonLatin, lang.traditional) ?? c.name;
  if (script === 'Kana') return pickJapanese(c.nonLatin, c.countryCode) ?? c.name;
  const only = SCRIPT_ONLY_RE[script];
  let candidates = c.nonLatin.filter((n) => only.test(n));
  if (script === 'Cyrillic') {
    const foreign = CYRILLIC_FOREIGN[lang.base];
    if (foreign) {
      const own = candidates.filter((n) => !foreign.test(n));
      if (own.length > 0) candidates = own;
    }
  } else if (script === 'Arabic' && lang.base === 'ar') {
    const own = candidates.filter((n) => !ARABIC_FOREIGN.test(n));
    if (own.length > 0) candidates = own;
  }
  return candidates[0] ?? c.name;
}

/**
 * Build-time ordering of a place's non-Latin names so that the first Cyrillic name passing the
 * Russian (or Ukrainian) letter filter is the one whose romanisation is closest to most of the
 * place's Latin names: GeoNames lists romanisations of the local name under many spellings
 * ("Moskva", "Moskwa", "Moskvy"…), so Москва wins over the Tajik Маскав.
 */
export function orderForDisplay(nonLatin: string[], latinKeys: ReadonlySet<string>): string[] {
  const cyrillic = nonLatin.filter((n) => SCRIPT_ONLY_RE.Cyrillic.test(n));
  if (cyrillic.length < 2) return nonLatin;
  const votes = new Map<string, number>();
  for (const n of cyrillic) {
    const r = romaniseCyrillic(n);
    let v = 0;
    for (const k of latinKeys)
      if (k === r) v += 2;
      else if (withinOneEdit(k, r)) v += 1;
    votes.set(n, v);
  }
  const pick = (lang: 'ru' | 'uk'): string | undefined => {
    const foreign = CYRILLIC_FOREIGN[lang];
    let best: string | undefined;
    for (const n of cyrillic) {
      if (foreign?.test(n)) continue;
      if (best === undefined || (votes.get(n) ?? 0) > (votes.get(best) ?? 0)) best = n;
    }
    return best && (votes.get(best) ?? 0) > 0 ? best : undefined;
  };
  const front: string[] = [];
  const uk = pick('uk');
  if (uk && /[іїєґ]/i.test(uk)) front.push(uk);
  const ru = pick('ru');
  if (ru) front.push(ru);
  return front.length === 0 ? nonLatin : [...front, ...nonLatin.filter((n) => !front.includes(n))];
}

/** True when a and b differ by at most one insertion, deletion or substitution. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function pickChinese(names: readonly string[], traditional: boolean): string | undefined {
  const han = names.filter((n) => HAN_ONLY_RE.test(n));
  if (han.length === 0) return undefined;
  const first = shortestFirst(han);
  if (!traditional) return first;
  // The same name written with other characters (same length) is usually the traditional form.
  return han.find((n) => n !== first && n.length === first.length) ?? first;
}

function pickJapanese(names: readonly string[], countryCode: string): string | undefined {
  const japanese = names.filter((n) => JAPANESE_RE.test(n));
  const kana = japanese.filter((n) => HAS_KANA_RE.test(n));
  const han = japanese.filter((n) => HAN_ONLY_RE.test(n));
  const kanaName = kana.length > 0 ? shortestFirst(kana) : undefined;
  let hanName: string | undefined;
  if (han.length > 0) {
    const first = shortestFirst(han);
    // Where a simplified and a Japanese form both exist, prefer the other (Japanese) one.
    hanName = han.find((n) => n !== first && n.length === first.length) ?? first;
  }
  return HAN_COUNTRIES.has(countryCode) ? (hanName ?? kanaName) : (kanaName ?? hanName);
}

function shortestFirst(names: readonly string[]): string {
  let best = names[0] ?? '';
  for (const n of names) if (n.length < best.length) best = n;
  return best;
}

/** A place's names tagged with their language: "lang=name" pairs joined by \x1f, as built. */
export function parseLocalNames(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of text.split('\x1f')) {
    const eq = pair.indexOf('=');
    if (eq > 0) out.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return out;
}
