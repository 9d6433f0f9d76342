/**
 * Real postcodes for demo stores, where the gazetteer has the country's offline postcodes
 * (`@locator/geo`: AU, CA (forward sortation areas), DE, FI, FR and its overseas departments,
 * IN, JP, US): a code at the nearest listed position within 20 km, written the way the country
 * writes it. Codes that share that position (the towns of a Japanese ward, Lyon's
 * arrondissements) are spread over the stores there. Elsewhere the generator's patterns stay
 * (address.ts).
 */
import { langInfo, type Gazetteer } from '@locator/geo';

export interface RealPostcode {
  /** The gazetteer's key ("1000005", "k1a"). */
  key: string;
  /** The place the code serves as its package names it ("千代田区丸の内", "Lyon"). */
  place: string;
  /** The code's region in the language asked for ("東京都"), or empty. */
  region: string;
}

export interface NearestOptions {
  /** Chooses among codes that share the nearest position (a hash of the store). */
  pick?: number;
  /** Language of the region's name. */
  lang?: string;
}

/** The real postcode nearest to a point of the country, or undefined. */
export type NearestPostcode = (
  country: string,
  latitude: number,
  longitude: number,
  options?: NearestOptions,
) => RealPostcode | undefined;

const MAX_KM = 20;
const CELL = 0.5;

type Cells = Map<string, number[]>;

const cellKey = (lat: number, lon: number): string =>
  `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;

/** A gazetteer postcode key ("sw1a1aa", "1000001", "k1a") in the country's written form. */
export function writtenPostcode(country: string, key: string, generated = ''): string {
  const k = key.toUpperCase();
  switch (country) {
    case 'JP':
      return k.length === 7 ? `${k.slice(0, 3)}-${k.slice(3)}` : k;
    case 'CA':
      // The gazetteer has forward sortation areas: the local delivery unit is the generator's.
      return k.length === 3
        ? `${k} ${generated.slice(-3) || '1A1'}`
        : `${k.slice(0, 3)} ${k.slice(3)}`;
    default:
      return k;
  }
}

/**
 * Among codes at one position, the ones a shop would have: not a municipality's catch-all code
 * (its place starts another's) nor a building floor's ("…階").
 */
function streetCodes(g: Gazetteer, codes: number[]): number[] {
  const places = codes.map((i) => g.postcodeCity(i));
  const kept = codes.filter((i, k) => {
    const place = places[k] ?? '';
    if (/階/.test(place)) return false;
    return !places.some((other) => other !== place && other.startsWith(place));
  });
  return kept.length > 0 ? kept : codes;
}

export function gazetteerPostcodes(g: Gazetteer): NearestPostcode {
  const byCountry = new Map<string, Cells>();
  const cellsOf = (country: string): Cells => {
    let cells = byCountry.get(country);
    if (!cells) {
      cells = new Map();
      for (let i = 0; i < g.postcodeCount; i++) {
        if (g.countryCode(g.postCountry[i] ?? 0) !== country) continue;
        const key = cellKey(g.postLat[i] ?? 0, g.postLon[i] ?? 0);
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
      byCountry.set(country, cells);
    }
    return cells;
  };
  // The codes to choose from at the position of one code, worked out once per position.
  const choiceCache = new Map<number, number[]>();
  const choicesAt = (best: number, near: number[][]): number[] => {
    const cached = choiceCache.get(best);
    if (cached) return cached;
    const lat = g.postLat[best] ?? 0;
    const lon = g.postLon[best] ?? 0;
    const shared: number[] = [];
    for (const list of near) {
      for (const i of list) if (g.postLat[i] === lat && g.postLon[i] === lon) shared.push(i);
    }
    const choices = streetCodes(
      g,
      shared.sort((a, b) => a - b),
    );
    for (const i of shared) choiceCache.set(i, choices);
    return choices;
  };
  return (country, latitude, longitude, options = {}) => {
    if (!g.hasPostcodes(country)) return undefined;
    const cells = cellsOf(country);
    const scale = Math.cos((latitude * Math.PI) / 180);
    const km = (i: number, lat: number, lon: number): number =>
      Math.hypot(((g.postLon[i] ?? 0) - lon) * scale, (g.postLat[i] ?? 0) - lat) * 111.2;
    const near: number[][] = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = cells.get(cellKey(latitude + dy * CELL, longitude + dx * CELL));
        if (list) near.push(list);
      }
    }
    let best: number | undefined;
    let bestKm = MAX_KM;
    for (const list of near) {
      for (const i of list) {
        const d = km(i, latitude, longitude);
        if (d < bestKm || (d === bestKm && best !== undefined && i < best)) {
          bestKm = d;
          best = i;
        }
      }
    }
    if (best === undefined) return undefined;
    const choices = choicesAt(best, near);
    const chosen = choices[(options.pick ?? 0) % choices.length] ?? best;
    const region = g.postRegion[chosen];
    return {
      key: g.postcodeKey(chosen),
      place: g.postcodeCity(chosen),
      region:
        region === undefined ? '' : (g.regionName(region, langInfo(options.lang ?? 'en')) ?? ''),
    };
  };
}
