/**
 * A place named in data (a store's city as its address writes it) and its name in a page's
 * language: "Munich" in Germany is München on a German page, "Vienna" Wien (README "Names in
 * the page's language").
 */
import type { Gazetteer } from './gazetteer.js';
import { KEY_CODE } from './index-format.js';
import { foldText, langInfo } from './normalise.js';

/** The most populous place of the country that bears the name (any of its names), or undefined. */
export function placeNamed(g: Gazetteer, name: string, countryCode: string): number | undefined {
  const key = foldText(name);
  const country = g.countryIndex(countryCode);
  if (!key || country === undefined) return undefined;
  const [lo, hi] = g.keyPrefixRange(key);
  let best: number | undefined;
  for (let i = lo; i < hi; i++) {
    if (((g.keyFlags[i] ?? 0) & KEY_CODE) !== 0 || g.keyLength(i) !== key.length) continue;
    const place = g.keyPlace[i] ?? 0;
    if (g.placeCountry[place] !== country) continue;
    if (best === undefined || (g.placePop[place] ?? 0) > (g.placePop[best] ?? 0)) best = place;
  }
  return best;
}

/**
 * The name in the language (a BCP 47 tag) where the gazetteer has one tagged with it for the
 * place of that name in the country; else the name as given.
 */
export function nameInLanguage(
  g: Gazetteer,
  name: string,
  countryCode: string,
  lang: string,
): string {
  const place = placeNamed(g, name.trim(), countryCode);
  return (place !== undefined && g.localName(place, langInfo(lang))) || name;
}
