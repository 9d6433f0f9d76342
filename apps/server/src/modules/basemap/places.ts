/**
 * Place labels of the basemap from the gazetteer (@locator/geo): capitals and large cities at
 * low zoom, towns, villages and the districts of cities (GeoNames cities500) as the map zooms
 * in, each named in the
 * visitor's language and script (Gazetteer.placeName: the same rules as search results; no
 * romanised label in a country writing the page's own script: label-name.ts).
 *
 * Served as vector tiles with one point layer "places" (properties name, kind, sort); the
 * browser draws the names with its own fonts (README.md "Labels").
 */
import { isNonLatin, langInfo, type Gazetteer, type LangInfo } from '@locator/geo';
import { countryLanguage, mapLabelName, writesPageScript } from './label-name.js';
import { encodeTile, project, tileBounds, type TileFeature, type TileId } from './tiles.js';

/** Deepest zoom with its own place tiles; every gazetteer place is in them. */
export const PLACES_MAX_ZOOM = 12;
/** Most labels in one tile (the highest-ranked win); MapLibre's collision picks among them. */
export const PLACES_PER_TILE = 160;
/** Below this zoom the tiles are filled from the short list of major places. */
const GRID_FROM_ZOOM = 7;

export type PlaceKind = 'capital' | 'city' | 'town' | 'district';

/** Smallest zoom at which a place is labelled: by population, earlier for seats of government. */
export function placeMinZoom(population: number, rank: number): number {
  const steps: [number, number][] = [
    [5_000_000, 3],
    [2_000_000, 4],
    [500_000, 5],
    [150_000, 6],
    [50_000, 7],
    [20_000, 8],
    [8_000, 9],
    [3_000, 10],
    [1_000, 11],
  ];
  let z = steps.find(([min]) => population >= min)?.[1] ?? PLACES_MAX_ZOOM;
  if (rank === 3) z = Math.min(z, population >= 1_000_000 ? 2 : 3);
  else if (rank === 2) z = Math.max(4, z - 1);
  return z;
}

/**
 * Smallest zoom at which a district of a city (GeoNames PPLX and the gazetteer's other district
 * sources) is labelled: the larger, the earlier. A city's stores fit a phone's map at z 9–11
 * (London 9.9, Dubai 10.2, Tokyo 11.4 at 390 px), so its main districts are named from z 9.
 */
export function districtMinZoom(population: number): number {
  if (population >= 100_000) return 9;
  if (population >= 20_000) return 10;
  if (population >= 5_000) return 11;
  return PLACES_MAX_ZOOM;
}

/** Label priority: larger and more important places first (MapLibre symbol-sort-key ascending). */
export function placeSortKey(population: number, rank: number): number {
  const score = Math.log10(population + 10) + (rank === 3 ? 2 : rank === 2 ? 0.6 : 0);
  return Math.round(1000 - score * 100);
}

export class PlaceTiles {
  private readonly minZoom: Uint8Array;
  private readonly sortKey: Int16Array;
  /** Places labelled below GRID_FROM_ZOOM, best first. */
  private readonly major: Uint32Array;
  /** Per page language: per country writing its script, the share of places named in it. */
  private readonly shares = new Map<string, Map<number, number>>();

  constructor(private readonly g: Gazetteer) {
    const n = g.placeCount;
    this.minZoom = new Uint8Array(n);
    this.sortKey = new Int16Array(n);
    const major: number[] = [];
    for (let i = 0; i < n; i++) {
      const pop = g.placePop[i] ?? 0;
      const rank = g.rank(i);
      const z = g.isSection(i) ? districtMinZoom(pop) : placeMinZoom(pop, rank);
      this.minZoom[i] = z;
      this.sortKey[i] = placeSortKey(pop, rank);
      if (z < GRID_FROM_ZOOM) major.push(i);
    }
    major.sort((a, b) => (this.sortKey[a] ?? 0) - (this.sortKey[b] ?? 0));
    this.major = Uint32Array.from(major);
  }

  /** Places whose label shows in the tile, best first, at most PLACES_PER_TILE. */
  placesIn(t: TileId): number[] {
    const [west, south, east, north] = tileBounds(t);
    const inside = (i: number): boolean => {
      const lat = this.g.placeLat[i] ?? 0;
      const lon = this.g.placeLon[i] ?? 0;
      return (
        (this.minZoom[i] ?? 255) <= t.z && lat >= south && lat < north && lon >= west && lon < east
      );
    };
    const found: number[] = [];
    if (t.z < GRID_FROM_ZOOM) {
      for (const i of this.major) {
        if (inside(i)) found.push(i);
        if (found.length >= PLACES_PER_TILE) break;
      }
      return found;
    }
    const { cellDeg, cols, rows } = this.g.grid;
    const row0 = Math.max(0, Math.floor((south + 90) / cellDeg));
    const row1 = Math.min(rows - 1, Math.floor((north + 90) / cellDeg));
    const col0 = Math.max(0, Math.floor((west + 180) / cellDeg));
    const col1 = Math.min(cols - 1, Math.floor((east + 180) / cellDeg));
    for (let r = row0; r <= row1; r++) {
      for (let c = col0; c <= col1; c++) {
        const cell = r * cols + c;
        const end = this.g.cellStart[cell + 1] ?? this.g.placeCount;
        for (let i = this.g.cellStart[cell] ?? end; i < end; i++) if (inside(i)) found.push(i);
      }
    }
    found.sort((a, b) => (this.sortKey[a] ?? 0) - (this.sortKey[b] ?? 0));
    return found.slice(0, PLACES_PER_TILE);
  }

  /** The place's label priority (smaller first). */
  sortOf(i: number): number {
    return this.sortKey[i] ?? 0;
  }

  kind(i: number): PlaceKind {
    if (this.g.isSection(i)) return 'district';
    if (this.g.rank(i) === 3) return 'capital';
    return (this.minZoom[i] ?? 255) < GRID_FROM_ZOOM ? 'city' : 'town';
  }

  /** The name a label shows in the given language, or undefined: no label (label-name.ts). */
  labelName(i: number, info: LangInfo): string | undefined {
    const country = this.g.placeCountry[i] ?? 0;
    const countryCode = this.g.countryCode(country);
    return mapLabelName(this.g.placeName(i, info), info, {
      countryCode,
      localName: () => this.g.placeName(i, langInfo(countryLanguage(countryCode))),
      ownScriptShare: () => this.ownScriptShares(info).get(country) ?? 0,
    });
  }

  /**
   * Per country writing the page's script, the share of its places the gazetteer names in that
   * script (computed once per language, on its first tile).
   */
  private ownScriptShares(info: LangInfo): Map<number, number> {
    const key = info.traditional ? `${info.base}-t` : info.base;
    let shares = this.shares.get(key);
    if (shares) return shares;
    const counts = new Map<number, [number, number]>();
    const writes = new Map<number, boolean>();
    for (let i = 0; i < this.g.placeCount; i++) {
      const country = this.g.placeCountry[i] ?? 0;
      let w = writes.get(country);
      if (w === undefined) {
        w = writesPageScript(info, this.g.countryCode(country));
        writes.set(country, w);
      }
      if (!w) continue;
      const c = counts.get(country) ?? [0, 0];
      if (isNonLatin(this.g.placeName(i, info))) c[0]++;
      c[1]++;
      counts.set(country, c);
    }
    shares = new Map([...counts].map(([country, [own, all]]) => [country, own / all]));
    this.shares.set(key, shares);
    return shares;
  }

  /** The tile's "places" layer as an MVT protobuf, names in the given language. */
  tile(t: TileId, lang: string | LangInfo): Buffer {
    const info = typeof lang === 'string' ? langInfo(lang) : lang;
    const features: TileFeature[] = [];
    for (const i of this.placesIn(t)) {
      const name = this.labelName(i, info);
      if (!name) continue;
      features.push({
        type: 1,
        geometry: [project(t, this.g.placeLon[i] ?? 0, this.g.placeLat[i] ?? 0)],
        tags: { name, kind: this.kind(i), sort: this.sortKey[i] ?? 0 },
      });
    }
    return encodeTile({ places: features });
  }
}
