/**
 * States, provinces and prefectures by their names where the data gives a code: "AB" →
 * "Alberta", "NSW" → "New South Wales", "13" → "東京都" (iso3166-2-db's subdivisions, Japan
 * Post's names for Japanese prefectures). Directory pages name regions this way, and Japanese
 * addresses write the prefecture's name; addresses of the countries whose post writes the code
 * ("Calgary, AB T2P 1J9") keep it.
 */
import { createRequire } from 'node:module';
import { japanesePrefecture } from '../../demo/japanese-municipalities.js';

const require = createRequire(import.meta.url);

interface Subdivision {
  name: string;
  iso: string;
  names?: Record<string, string>;
}

let subdivisions: Record<string, { regions?: Subdivision[] }> | undefined;

/** iso3166-2-db's key for a language's names where it differs from the language code. */
const NAME_KEYS: Record<string, string> = { ko: 'kr' };

/** Countries whose postal addresses write the subdivision's code rather than its name. */
export const POSTAL_STATE_CODES = new Set(['US', 'CA', 'AU', 'BR', 'MX', 'MY', 'IN']);

function subdivision(country: string, state: string): Subdivision | undefined {
  const code = state.trim().toUpperCase();
  if (code === '' || code.length > 6) return undefined;
  subdivisions ??= require('iso3166-2-db/data/iso3166-2.json') as Record<
    string,
    { regions?: Subdivision[] }
  >;
  const cc = country.toUpperCase();
  const bare = code.startsWith(`${cc}-`) ? code.slice(cc.length + 1) : code;
  const regions = subdivisions[cc]?.regions ?? [];
  return (
    regions.find((r) => r.iso.toUpperCase() === bare) ??
    (/^\d$/.test(bare) ? regions.find((r) => r.iso === `0${bare}`) : undefined)
  );
}

/**
 * The name of a state given as its ISO 3166-2 code, in the language when known ("ja" writes
 * Japanese prefectures as Japan Post does); any other state as it is.
 */
export function stateDisplayName(country: string, state: string, lang: string): string {
  const r = subdivision(country, state);
  if (!r) return state.trim();
  if (country.toUpperCase() === 'JP' && lang === 'ja') return japanesePrefecture(r.iso) ?? r.name;
  return r.names?.[NAME_KEYS[lang] ?? lang] ?? r.name;
}

const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The region a store is listed under in the directory: its state by name (in Japanese for a
 * Japanese address written in Japanese, else in English), or its city when it has no state.
 */
export function directoryRegion(country: string, state: string, city: string): string {
  const lang = HAN_KANA.test(city) ? 'ja' : 'en';
  const name = stateDisplayName(country, state ?? '', lang);
  return name === '' ? (city ?? '').trim() : name;
}

let prefectureNumbers: Map<string, number> | undefined;

/**
 * Where a Japanese prefecture comes in the country's own order (Hokkaidō 1 … Okinawa 47), by
 * its Japanese or English name or its code; undefined for anything else.
 */
export function prefectureNumber(state: string): number | undefined {
  if (!prefectureNumbers) {
    prefectureNumbers = new Map();
    for (const r of subdivisions?.JP?.regions ?? subdivisionsOf('JP')) {
      const n = Number(r.iso);
      prefectureNumbers.set(r.name.toLowerCase(), n);
      prefectureNumbers.set(r.iso, n);
      const ja = japanesePrefecture(r.iso);
      if (ja) prefectureNumbers.set(ja, n);
      for (const name of Object.values(r.names ?? {})) prefectureNumbers.set(name.toLowerCase(), n);
    }
  }
  const s = state.trim();
  return (
    prefectureNumbers.get(s) ??
    prefectureNumbers.get(s.toLowerCase()) ??
    prefectureNumbers.get(s.padStart(2, '0'))
  );
}

function subdivisionsOf(country: string): Subdivision[] {
  subdivision(country, 'XX');
  return subdivisions?.[country]?.regions ?? [];
}
