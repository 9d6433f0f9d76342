/** Turns gazetteer entries into `Place` results in the visitor's language. */
import type { Gazetteer } from './gazetteer.js';
import { NO_REGION } from './index-format.js';
import type { LangInfo } from './normalise.js';
import { parentCity } from './parent.js';
import type { Place } from './types.js';

/** Separator between "region" and "country" on the second line. */
function listSeparator(lang: LangInfo): string {
  if (lang.base === 'ja') return '、';
  if (lang.base === 'zh') return '，';
  if (lang.base === 'ar' || lang.base === 'fa' || lang.base === 'ur') return '، ';
  return ', ';
}

function distinct(parts: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const p of parts) if (p && !out.includes(p)) out.push(p);
  return out;
}

/**
 * One-line address. Chinese and Japanese write from the largest unit down without separators;
 * Korean from the largest unit down with spaces; other languages from the place up, with commas.
 */
export function formatAddress(lang: LangInfo, place: string, region?: string, country?: string) {
  if (lang.base === 'zh' || lang.base === 'ja') return distinct([country, region, place]).join('');
  if (lang.base === 'ko') return distinct([country, region, place]).join(' ');
  return distinct([place, region, country]).join(listSeparator(lang));
}

function secondLine(lang: LangInfo, first: string, region?: string, country?: string): string {
  return distinct([region, country])
    .filter((p) => p !== first)
    .join(listSeparator(lang));
}

export function placeResult(g: Gazetteer, place: number, lang: LangInfo, typed?: string): Place {
  const name = g.placeName(place, lang, typed);
  const regionIdx = g.placeRegion[place] ?? NO_REGION;
  const region = regionIdx === NO_REGION ? undefined : g.regionName(regionIdx, lang);
  const country = g.countryName(g.placeCountry[place] ?? 0, lang);
  // A district's second line starts with its city: "Copacabana / Rio de Janeiro, Brazil".
  const parent = parentCity(g, place);
  const city = parent < 0 ? undefined : g.placeName(parent, lang);
  const within = city ? distinct([city, region]).join(listSeparator(lang)) : region;
  return {
    lines: [name, secondLine(lang, name, within, country)],
    formattedAddress: formatAddress(lang, name, within, country),
    latitude: round6(g.placeLat[place] ?? 0),
    longitude: round6(g.placeLon[place] ?? 0),
    countryCode: g.countryCode(g.placeCountry[place] ?? 0),
    ...(region ? { region } : {}),
    kind: 'place',
  };
}

export function postcodeResult(g: Gazetteer, i: number, lang: LangInfo): Place {
  const countryIdx = g.postCountry[i] ?? 0;
  const countryCode = g.countryCode(countryIdx);
  const regionIdx = g.postRegion[i] ?? NO_REGION;
  const region = regionIdx === NO_REGION ? undefined : g.regionName(regionIdx, lang);
  const regionCode = regionIdx === NO_REGION ? undefined : g.regionCode(regionIdx);
  const country = g.countryName(countryIdx, lang);
  const code = displayPostcode(countryCode, g.postcodeKey(i));
  // Canadian areas carry a list of neighbourhoods in parentheses: keep the area's name.
  const city = g.postcodeCity(i).replace(/\s*\(.*\)\s*$/, '');
  // North-American order: "City, ST 10001, Country".
  const local = [city, [regionCode ?? region, code].filter(Boolean).join(' ')].join(', ');
  return {
    lines: [code, distinct([city, region, country]).join(listSeparator(lang))],
    formattedAddress: `${local}, ${country}`,
    latitude: round6(g.postLat[i] ?? 0),
    longitude: round6(g.postLon[i] ?? 0),
    countryCode,
    ...(region ? { region } : {}),
    kind: 'postcode',
  };
}

/** A postcode as it is written in its country: "100-0001" in Japan, upper case elsewhere. */
export function displayPostcode(countryCode: string, key: string): string {
  if (countryCode === 'JP' && key.length === 7) return `${key.slice(0, 3)}-${key.slice(3)}`;
  return key.toUpperCase();
}

export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
