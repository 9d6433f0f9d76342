/**
 * Real postcodes for demo stores, where the gazetteer has the country's offline postcodes
 * (`@locator/geo`: AU, CA (forward sortation areas), FI, FR and its overseas departments, IN,
 * JP, US): the code nearest to the store within 20 km, written the way the country writes it.
 * Elsewhere the generator's patterns stay (address.ts).
 */
import type { Gazetteer } from '@locator/geo';

/** The real postcode nearest to a point of the country, or undefined. */
export type NearestPostcode = (
  country: string,
  latitude: number,
  longitude: number,
) => string | undefined;

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
  return (country, latitude, longitude) => {
    if (!g.hasPostcodes(country)) return undefined;
    const cells = cellsOf(country);
    let best: number | undefined;
    let bestKm = MAX_KM;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = cells.get(cellKey(latitude + dy * CELL, longitude + dx * CELL)) ?? [];
        for (const i of list) {
          const lat = g.postLat[i] ?? 0;
          const x = ((g.postLon[i] ?? 0) - longitude) * Math.cos((latitude * Math.PI) / 180);
          const km = Math.hypot(x, lat - latitude) * 111.2;
          if (km < bestKm || (km === bestKm && best !== undefined && i < best)) {
            bestKm = km;
            best = i;
          }
        }
      }
    }
    return best === undefined ? undefined : g.postcodeKey(best);
  };
}
