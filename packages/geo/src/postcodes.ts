/**
 * Postcode queries: what looks like a postcode, which countries write codes that way, and the
 * index entries a code (full, with or without spaces and hyphens, or its beginning) finds.
 */
import type { Gazetteer } from './gazetteer.js';

/**
 * Full and outward/partial codes per country, on the trimmed, upper-case query. A country
 * listed here and without offline postcodes answers "postcode not available offline".
 */
export const POSTCODE_FORMATS: Readonly<Record<string, RegExp>> = {
  AR: /^[A-Z]?\d{4}(?:[A-Z]{3})?$/,
  AT: /^\d{4}$/,
  AU: /^\d{4}$/,
  BE: /^\d{4}$/,
  BR: /^\d{5}(?:-?\d{3})?$/,
  CA: /^[A-Z]\d[A-Z](?: ?\d[A-Z]\d)?$/,
  CH: /^\d{4}$/,
  CN: /^\d{6}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]?(?: ?\d[A-Z]{2})?$/,
  GR: /^\d{3} ?\d{2}$/,
  IE: /^[A-Z]\d[\dW](?: ?[A-Z\d]{4})?$/,
  IN: /^\d{3} ?\d{3}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}(?:-?\d{4})?$/,
  KR: /^\d{5}$/,
  MX: /^\d{5}$/,
  NL: /^\d{4}(?: ?[A-Z]{2})?$/,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  PL: /^\d{2}-?\d{3}$/,
  PT: /^\d{4}(?:-?\d{3})?$/,
  RU: /^\d{6}$/,
  SE: /^\d{3} ?\d{2}$/,
  SG: /^\d{6}$/,
  TR: /^\d{5}$/,
  US: /^\d{5}(?:-?\d{4})?$/,
  ZA: /^\d{4}$/,
};

/**
 * The index key of a postcode-shaped query: its letters and digits in lower case
 * ("SW1A 1AA" → "sw1a1aa", "100-0001" → "1000001", "〒150-0002" → "1500002"); null unless the
 * query is 2–10 Latin letters and digits with at least one digit, in at most three groups.
 */
export function postcodeKey(q: string): string | null {
  const s = q
    .trim()
    .replace(/^〒\s*/, '')
    .replace(/[ -]$/, '');
  if (!/^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+){0,2}$/.test(s) || !/\d/.test(s)) return null;
  const key = s.replace(/[ -]/g, '').toLowerCase();
  return key.length >= 2 && key.length <= 10 ? key : null;
}

/** The countries (ISO alpha-2) whose postcodes are written like the query. */
export function postcodeCountries(q: string): string[] {
  const s = q
    .trim()
    .replace(/^〒\s*/, '')
    .toUpperCase();
  return Object.keys(POSTCODE_FORMATS).filter((c) => POSTCODE_FORMATS[c]?.test(s));
}

type CountryFilter = (country: number) => boolean;

/**
 * Index entries for a code: in geocoding the code itself; else the longest known code it begins
 * with (a ZIP+4, a full Canadian code finds its area); else (and in autocomplete first) the codes
 * beginning with it ("751", "LS1", "9021"). A code shared by several places lists the most
 * populous first (the build orders them so).
 */
export function findPostcodes(
  g: Gazetteer,
  key: string,
  allowed: CountryFilter,
  mode: 'autocomplete' | 'geocode',
  limit: number,
  /** Limited to a few countries: two digits already complete ("75" → 75001…). */
  limited = false,
): number[] {
  const collect = (lo: number, hi: number, exactKey: string | null): number[] => {
    const out: number[] = [];
    for (let i = lo; i < hi && out.length < limit; i++) {
      if (exactKey !== null && g.postcodeKey(i) !== exactKey) continue;
      if (allowed(g.postCountry[i] ?? 0)) out.push(i);
    }
    return out;
  };
  const minPrefix = /^\d+$/.test(key) && !limited ? 3 : 2;
  const prefixes = (): number[] =>
    key.length >= minPrefix ? collect(...g.postcodePrefixRange(key), null) : [];
  const exact = (k: string): number[] => collect(...g.postcodePrefixRange(k), k);

  if (mode === 'autocomplete') {
    const found = prefixes();
    if (found.length > 0) return found;
  } else {
    const found = exact(key);
    if (found.length > 0) return found;
  }
  for (let len = key.length - 1; len >= 3; len--) {
    const found = exact(key.slice(0, len));
    if (found.length > 0) return found;
  }
  return mode === 'geocode' ? prefixes().slice(0, 1) : [];
}
