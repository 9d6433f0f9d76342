/**
 * Places for postcodes whose package names the served place instead of giving its position
 * (France, Finland, Japan), and names for those with a position but no name (India): both
 * from the gazetteer's own places, at build time.
 */
import { GRID, cellCol, cellRow } from '../grid.js';
import { distanceMetres } from '../geo-math.js';
import { foldText } from '../normalise.js';
import type { PostcodeRow } from './postcode-sources.js';

export interface PlaceRef {
  name: string;
  lat: number;
  lon: number;
  population: number;
  countryCode: string;
  admin1: string;
  admin2: string;
  /** ISO 3166-2 suffix of its region ("13" for Tokyo, "NSW"). */
  iso: string;
  /** All its folded names. */
  keys: Iterable<string>;
}

export interface ResolvedPostcode {
  countryCode: string;
  code: string;
  city: string;
  lat: number;
  lon: number;
  /** The served place's population, to list the main one of a shared code first. */
  weight: number;
  /** Region code or name, when known. */
  state?: string;
  /** ISO 3166-2 suffix of the region, when known. */
  regionIso?: string | undefined;
}

/**
 * Finds each row's position: its own, else the most populous place of one of its names in its
 * area (or its country when it has no area). Rows that find none are dropped.
 */
export function resolvePostcodes(rows: PostcodeRow[], places: PlaceRef[]): ResolvedPostcode[] {
  const countries = new Set(rows.filter((r) => r.placeNames).map((r) => r.countryCode));
  const byName = new Map<string, PlaceRef>();
  const better = (map: Map<string, PlaceRef>, key: string, p: PlaceRef): void => {
    const old = map.get(key);
    if (!old || old.population < p.population) map.set(key, p);
  };
  for (const p of places) {
    if (!countries.has(p.countryCode)) continue;
    const cc = p.countryCode;
    for (const key of p.keys) {
      better(byName, `${cc}||${key}`, p);
      better(byName, `${cc}|a2:${p.admin2}|${key}`, p);
      better(byName, `${cc}|iso:${p.iso}|${key}`, p);
    }
  }
  const grid = new PlaceGrid(places);
  const groups = new GroupedNames(rows, places);
  const out: ResolvedPostcode[] = [];
  for (const r of rows) {
    if (r.lat !== undefined && r.lon !== undefined) {
      const city = r.city || grid.nearestName(r.lat, r.lon, r.countryCode);
      out.push({ ...base(r), city, lat: r.lat, lon: r.lon, weight: 0 });
      continue;
    }
    const area = r.area?.admin2 ? `a2:${r.area.admin2}` : r.area?.iso ? `iso:${r.area.iso}` : '';
    let found: PlaceRef | undefined = r.group ? groups.resolve(r) : undefined;
    for (const name of r.group ? [] : (r.placeNames ?? [])) {
      const key = foldText(name);
      // Within the area when there is one: a commune too small for the gazetteer must not
      // take the position of a namesake at the other end of the country.
      found = byName.get(`${r.countryCode}|${area}|${key}`);
      if (found) break;
    }
    // A municipality missing from the gazetteer (Tokyo's islands, small villages) is left
    // out: its prefecture's seat would be a confident wrong place, up to 1,000 km away for
    // Ogasawara. Such a code answers "not found" (packages/geo/README.md).
    if (!found) continue;
    out.push({
      ...base(r),
      city: r.city || found.name,
      lat: found.lat,
      lon: found.lon,
      weight: found.population,
      regionIso: found.iso || undefined,
    });
  }
  return out;
}

function base(r: PostcodeRow): Pick<ResolvedPostcode, 'countryCode' | 'code' | 'regionIso'> {
  return { countryCode: r.countryCode, code: r.code, regionIso: r.state };
}

/** A group's place this far from the group's centre is a namesake, not the served place. */
const GROUP_KM = 60;

/**
 * Names of rows in groups (PostcodeRow.group) resolved against every place of the name, not
 * only the most populous: a group's centre is the median position of its names that only one
 * place bears, and a name is the place nearest to it (within GROUP_KM).
 */
class GroupedNames {
  private readonly byName = new Map<string, PlaceRef[]>();
  private readonly centres = new Map<string, { lat: number; lon: number }>();

  constructor(rows: PostcodeRow[], places: PlaceRef[]) {
    const countries = new Set(rows.filter((r) => r.group).map((r) => r.countryCode));
    for (const p of places) {
      if (!countries.has(p.countryCode)) continue;
      for (const key of p.keys) {
        const id = `${p.countryCode}|${key}`;
        const list = this.byName.get(id);
        if (list) list.push(p);
        else this.byName.set(id, [p]);
      }
    }
    const unique = new Map<string, PlaceRef[]>();
    for (const r of rows) {
      if (!r.group) continue;
      for (const name of r.placeNames ?? []) {
        const found = this.candidates(r.countryCode, name);
        if (found.length === 0) continue;
        if (found.length === 1 && found[0]) {
          const list = unique.get(r.group);
          if (list) list.push(found[0]);
          else unique.set(r.group, [found[0]]);
        }
        break;
      }
    }
    const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1] ?? 0;
    for (const [group, list] of unique) {
      this.centres.set(group, {
        lat: median(list.map((p) => p.lat)),
        lon: median(list.map((p) => p.lon)),
      });
    }
  }

  private candidates(countryCode: string, name: string): PlaceRef[] {
    return this.byName.get(`${countryCode}|${foldText(name)}`) ?? [];
  }

  resolve(r: PostcodeRow): PlaceRef | undefined {
    const centre = r.group ? this.centres.get(r.group) : undefined;
    for (const name of r.placeNames ?? []) {
      let best: PlaceRef | undefined;
      let bestKm = Infinity;
      for (const p of this.candidates(r.countryCode, name)) {
        const km = centre ? distanceMetres(centre.lat, centre.lon, p.lat, p.lon) / 1000 : 0;
        if (centre ? km < bestKm : !best || p.population > best.population)
          [best, bestKm] = [p, km];
      }
      if (best && bestKm <= GROUP_KM) return best;
    }
    return undefined;
  }
}

/** The places of a country by grid cell, to name a postcode by the place nearest to it. */
class PlaceGrid {
  private readonly cells = new Map<number, PlaceRef[]>();

  constructor(places: PlaceRef[]) {
    for (const p of places) {
      const cell = cellRow(GRID, p.lat) * GRID.cols + cellCol(GRID, p.lon);
      const list = this.cells.get(cell);
      if (list) list.push(p);
      else this.cells.set(cell, [p]);
    }
  }

  /** As reverse geocoding weighs them: distance ÷ (0.004 km × √population + 1 km). */
  nearestName(lat: number, lon: number, countryCode: string): string {
    const row = cellRow(GRID, lat);
    const col = cellCol(GRID, lon);
    let best = '';
    let bestScore = Infinity;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const cell = (row + dr) * GRID.cols + ((col + dc + GRID.cols) % GRID.cols);
        for (const p of this.cells.get(cell) ?? []) {
          if (p.countryCode !== countryCode) continue;
          const km = distanceMetres(lat, lon, p.lat, p.lon) / 1000;
          const score = km / (0.004 * Math.sqrt(p.population) + 1);
          if (score < bestScore) [best, bestScore] = [p.name, score];
        }
      }
    }
    return best;
  }
}
