/**
 * Text folding for matching, and the script of each language (display-names.ts picks names by it).
 *
 * Matching is transliteration-free: a query matches a name when both fold to the same key.
 * Folding: Unicode NFKD (full-width → ASCII, ligatures, Hangul → jamo), lower case, combining
 * marks removed (accents, Arabic harakat, Hebrew niqqud, Indic and Thai vowel signs), a few
 * letters that do not decompose mapped to their base (ß → ss, ø → o, ł → l…), Arabic letter
 * variants unified (ٱ → ا, ة → ه, ى → ي, Persian ی/ک → ي/ك), hiragana → katakana, and every run
 * of punctuation, symbols and spaces turned into one space.
 */

const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ħ: 'h',
  ŀ: 'l',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ʼ: ' ',
  ٱ: 'ا',
  ة: 'ه',
  ى: 'ي',
  ی: 'ي',
  ک: 'ك',
  ـ: '',
};
const LETTER_FOLD_RE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');
const MARKS_RE = /\p{M}+/gu;
const SEPARATORS_RE = /[\p{P}\p{S}\p{Z}\s]+/gu;
const HIRAGANA_RE = /[\u3041-\u3096]/g;

/** Folds text to a matching key (see module comment). Idempotent. */
export function foldText(input: string): string {
  return input
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS_RE, '')
    .replace(LETTER_FOLD_RE, (c) => LETTER_FOLDS[c] ?? c)
    .replace(HIRAGANA_RE, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(SEPARATORS_RE, ' ')
    .trim();
}

/** The visitor's language reduced to what the engine uses. */
export interface LangInfo {
  /** Primary subtag, lower case ("zh", "pt", "en"). */
  base: string;
  /** For Chinese: traditional characters wanted (zh-Hant, zh-TW, zh-HK, zh-MO). */
  traditional: boolean;
}

export function langInfo(lang: string): LangInfo {
  const parts = lang.trim().replace(/_/g, '-').toLowerCase().split('-');
  const base = parts[0] || 'en';
  const traditional =
    base === 'zh' && parts.slice(1).some((p) => ['hant', 'tw', 'hk', 'mo'].includes(p));
  return { base: base === 'nb' ? 'no' : base, traditional };
}

export type ScriptName =
  | 'Latin'
  | 'Han'
  | 'Kana'
  | 'Hangul'
  | 'Cyrillic'
  | 'Arabic'
  | 'Hebrew'
  | 'Thai'
  | 'Greek'
  | 'Devanagari'
  | 'Bengali'
  | 'Tamil'
  | 'Telugu'
  | 'Kannada'
  | 'Malayalam'
  | 'Gujarati'
  | 'Gurmukhi'
  | 'Sinhala'
  | 'Georgian'
  | 'Armenian'
  | 'Khmer'
  | 'Lao'
  | 'Myanmar'
  | 'Ethiopic';

/** The script a language's place names are written in (Latin when not listed). */
const LANG_SCRIPT: Record<string, ScriptName> = {
  ja: 'Kana',
  zh: 'Han',
  ko: 'Hangul',
  kr: 'Hangul',
  ru: 'Cyrillic',
  uk: 'Cyrillic',
  be: 'Cyrillic',
  bg: 'Cyrillic',
  sr: 'Cyrillic',
  mk: 'Cyrillic',
  kk: 'Cyrillic',
  ky: 'Cyrillic',
  mn: 'Cyrillic',
  tg: 'Cyrillic',
  tt: 'Cyrillic',
  ar: 'Arabic',
  fa: 'Arabic',
  ur: 'Arabic',
  ps: 'Arabic',
  sd: 'Arabic',
  ug: 'Arabic',
  he: 'Hebrew',
  iw: 'Hebrew',
  yi: 'Hebrew',
  th: 'Thai',
  el: 'Greek',
  hi: 'Devanagari',
  mr: 'Devanagari',
  ne: 'Devanagari',
  bn: 'Bengali',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
  gu: 'Gujarati',
  pa: 'Gurmukhi',
  si: 'Sinhala',
  ka: 'Georgian',
  hy: 'Armenian',
  km: 'Khmer',
  lo: 'Lao',
  my: 'Myanmar',
  am: 'Ethiopic',
};

export function scriptOfLang(base: string): ScriptName {
  return LANG_SCRIPT[base] ?? 'Latin';
}

const NON_LATIN_RE = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

/** True when the name uses any script other than Latin (kept for display at build time). */
export function isNonLatin(name: string): boolean {
  return NON_LATIN_RE.test(name);
}
