/**
 * The index's places (GeoNames cities, districts and more places) with their display names,
 * ordered by grid cell for reverse geocoding, and their search keys (every folded name).
 */
import { GRID, cellOf } from '../grid.js';
import { KEY_CODE, KEY_MAIN, NO_REGION, RANK_SECTION } from '../index-format.js';
import { orderForDisplay } from '../display-names.js';
import { foldText, isNonLatin } from '../normalise.js';
import type { Areas } from './assemble-areas.js';
import { newUrbanDistricts, readDistricts } from './district-sources.js';
import { mergeMorePlaces, readMorePlaces } from './more-places.js';
import { LocalNames, readExemplarCities, readGermanPlaceNames } from './local-names.js';
import { readCities, type CityRecord } from './sources.js';
import { checkedText } from './text-section.js';

/** Feature codes left out: historical, abandoned or destroyed places. */
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const FEATURE_RANK: Record<string, number> = { PPLC: 3, PPLA: 2, PPLG: 2, PPLA2: 1 };
const MAX_NAME_LENGTH = 80;

export interface PlaceDraft {
  city: CityRecord;
  country: number;
  region: number;
  rank: number;
  cell: number;
  display: string;
  keys: Map<string, number>;
}

/** The places of the index, sorted by grid cell (then by population, largest first). */
export function draftPlaces(
  { countries, regionIndex, srcRegions }: Areas,
  log: (msg: string) => void,
): PlaceDraft[] {
  const drafts: PlaceDraft[] = [];
  const cities = [...readCities()];
  const districts = newUrbanDistricts(readDistricts(srcRegions), cities);
  districts.push(...mergeMorePlaces(readMorePlaces(srcRegions), [...cities, ...districts]));
  log(`gazetteer: ${districts.length} districts added`);
  const all = [...cities, ...districts];
  const local = new LocalNames(all, readExemplarCities(), readGermanPlaceNames());
  log(`gazetteer: ${local.size} places with names in a given language`);
  for (const city of all) {
    if (EXCLUDED_FEATURES.has(city.featureCode)) continue;
    if (!Number.isFinite(city.lat) || !Number.isFinite(city.lon)) continue;
    const country = countries.ensure(city.countryCode);
    const region = regionIndex.get(`${city.countryCode}.${city.admin1}`) ?? NO_REGION;
    const keys = new Map<string, number>();
    const latinKeys = new Set<string>();
    const nonLatin: string[] = [];
    const latinAlternates: string[] = [];
    const mainKey = foldText(city.name);
    const addName = (name: string, flags: number): void => {
      if (!name || name.length > MAX_NAME_LENGTH) return;
      const key = foldText(name);
      if (!key) return;
      keys.set(key, (keys.get(key) ?? 0) | flags);
      if (isNonLatin(name)) {
        if (!nonLatin.includes(name)) nonLatin.push(name);
      } else {
        latinKeys.add(key.replace(/ /g, ''));
        // Other Latin names (Mailand, Londres, München) are shown when the visitor typed them.
        if (key !== mainKey && !(flags & KEY_CODE) && !latinAlternates.includes(name)) {
          latinAlternates.push(name);
        }
      }
    };
    addName(city.name, KEY_MAIN);
    addName(city.asciiName, KEY_MAIN);
    for (const alt of city.alternateNames) {
      addName(alt, /^[A-Z]{2,4}$/.test(alt) ? KEY_CODE : 0);
    }
    for (const name of local.of(city)?.values() ?? []) addName(name, 0);
    // "name \x1f non-Latin names… \x1e other Latin names… \x1d lang=name…" (see
    // Gazetteer.placeName; the last part from local-names.ts).
    const localised = local.encode(city);
    const display =
      [city.name, ...orderForDisplay(nonLatin, latinKeys)].join('\x1f') +
      (latinAlternates.length > 0 ? `\x1e${latinAlternates.join('\x1f')}` : '') +
      (localised ? `\x1d${localised}` : '');
    drafts.push({
      city,
      country,
      region,
      rank:
        (FEATURE_RANK[city.featureCode] ?? 0) | (city.featureCode === 'PPLX' ? RANK_SECTION : 0),
      cell: cellOf(GRID, city.lat, city.lon),
      display,
      keys,
    });
  }
  log(`gazetteer: ${drafts.length} places read`);

  // Order places by grid cell (then by population, largest first) for reverse geocoding.
  drafts.sort((a, b) => a.cell - b.cell || b.city.population - a.city.population);
  return drafts;
}

/** The place and search-key sections of the index, and how many of each they hold. */
export function placeSections(drafts: PlaceDraft[], log: (msg: string) => void) {
  const n = drafts.length;
  const placeLat = new Float32Array(n);
  const placeLon = new Float32Array(n);
  const placePop = new Uint32Array(n);
  const placeCountry = new Uint16Array(n);
  const placeRegion = new Uint16Array(n);
  const placeRank = new Uint8Array(n);
  const placeNameOff = new Uint32Array(n + 1);
  const cellStart = new Uint32Array(GRID.cols * GRID.rows + 1);
  const displayParts: string[] = [];
  let textLen = 0;
  const allKeys: { key: string; place: number; flags: number }[] = [];
  drafts.forEach((d, i) => {
    placeLat[i] = d.city.lat;
    placeLon[i] = d.city.lon;
    placePop[i] = Math.min(d.city.population, 0xffffffff);
    placeCountry[i] = d.country;
    placeRegion[i] = d.region;
    placeRank[i] = d.rank;
    placeNameOff[i] = textLen;
    displayParts.push(d.display);
    textLen += d.display.length;
    for (const [key, flags] of d.keys) allKeys.push({ key, place: i, flags });
  });
  placeNameOff[n] = textLen;
  // cellStart[c] = first place in cell c; places of cell c are [cellStart[c], cellStart[c+1]).
  {
    let p = 0;
    for (let c = 0; c <= GRID.cols * GRID.rows; c++) {
      while (p < n && (drafts[p]?.cell ?? Infinity) < c) p++;
      cellStart[c] = p;
    }
  }

  // Search keys, sorted by JS string order (UTF-16 code units), as the search compares them.
  allKeys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.place - b.place));
  const k = allKeys.length;
  const keyOff = new Uint32Array(k + 1);
  const keyPlace = new Uint32Array(k);
  const keyFlags = new Uint8Array(k);
  const keyParts: string[] = [];
  let keyLen = 0;
  allKeys.forEach((e, i) => {
    keyOff[i] = keyLen;
    keyPlace[i] = e.place;
    keyFlags[i] = e.flags;
    keyParts.push(e.key);
    keyLen += e.key.length;
  });
  keyOff[k] = keyLen;
  log(`gazetteer: ${k} search keys`);
  return {
    places: n,
    keys: k,
    sections: {
      placeLat,
      placeLon,
      placePop,
      placeCountry,
      placeRegion,
      placeRank,
      placeNameOff,
      placeNames: checkedText(displayParts.join(''), textLen),
      cellStart,
      keyOff,
      keyPlace,
      keyFlags,
      keys: checkedText(keyParts.join(''), keyLen),
    },
  };
}
