/**
 * The SQLite search's in-memory point index: every store's position and filter columns (no
 * documents) in typed arrays, ordered by a 0.05° grid cell, so a nearest search reads a few
 * contiguous runs of memory instead of the R*Tree and its auxiliary-column table. It answers
 * exactly what the R*Tree query did: the `limit` nearest stores of the channel within the
 * radius (great-circle distance, ties by id). It is a derived structure, rebuilt from the
 * `stores` table when that changes (this connection's writes, or `PRAGMA data_version` for
 * other connections, e.g. the import command); the documents are still read from the table.
 */
import { boundingBoxes, haversineKm } from '../geo.js';
import type { NearestQuery } from '../types.js';

/** Grid cell size in degrees. */
const CELL = 0.05;
const LON_CELLS = Math.ceil(360 / CELL);
const LAT_CELLS = Math.ceil(180 / CELL);
/** First search radius in km; grows by density until enough stores are inside. */
const START_RADIUS_KM = 3;

/** One row of the stores table as the index needs it. */
export type IndexRow = [
  id: number,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  carriers: string,
  dropOff: number,
];

export interface PointHit {
  id: number;
  distanceKm: number;
}

function latCell(lat: number): number {
  return Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL)));
}

function lonCell(lon: number): number {
  return Math.min(LON_CELLS - 1, Math.max(0, Math.floor((lon + 180) / CELL)));
}

export class PointIndex {
  readonly size: number;
  private readonly keys: Int32Array;
  private readonly ids: Float64Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly countries: Uint16Array;
  private readonly dropOff: Uint8Array;
  private readonly sales: string[];
  private readonly service: string[];
  private readonly carriers: string[];
  private readonly countryCodes = new Map<string, number>();

  constructor(rows: readonly IndexRow[]) {
    const n = rows.length;
    this.size = n;
    const cellOf = (r: IndexRow) => latCell(r[1]) * LON_CELLS + lonCell(r[2]);
    const order = rows.map((r, i) => ({ key: cellOf(r), i }));
    order.sort((a, b) => a.key - b.key || rows[a.i]![0] - rows[b.i]![0]);
    this.keys = new Int32Array(n);
    this.ids = new Float64Array(n);
    this.lats = new Float64Array(n);
    this.lons = new Float64Array(n);
    this.countries = new Uint16Array(n);
    this.dropOff = new Uint8Array(n);
    this.sales = new Array<string>(n);
    this.service = new Array<string>(n);
    this.carriers = new Array<string>(n);
    // Many stores share the same lists: keep one copy of each string.
    const interned = new Map<string, string>();
    const intern = (s: string): string => {
      const hit = interned.get(s);
      if (hit !== undefined) return hit;
      interned.set(s, s);
      return s;
    };
    for (let k = 0; k < n; k += 1) {
      const { key, i } = order[k]!;
      const r = rows[i]!;
      this.keys[k] = key;
      this.ids[k] = r[0];
      this.lats[k] = r[1];
      this.lons[k] = r[2];
      let c = this.countryCodes.get(r[3]);
      if (c === undefined) {
        c = this.countryCodes.size;
        this.countryCodes.set(r[3], c);
      }
      this.countries[k] = c;
      this.sales[k] = intern(r[4]);
      this.service[k] = intern(r[5]);
      this.carriers[k] = intern(r[6]);
      this.dropOff[k] = r[7] ? 1 : 0;
    }
  }

  /** First position whose key is >= key. */
  private lowerBound(key: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The `limit` nearest stores matching the query within its radius, nearest first. */
  nearest(q: NearestQuery): PointHit[] {
    if (q.countries.length === 0 || q.limit <= 0 || this.size === 0) return [];
    const wanted = new Uint8Array(this.countryCodes.size);
    let any = false;
    for (const code of q.countries) {
      const c = this.countryCodes.get(code);
      if (c !== undefined) {
        wanted[c] = 1;
        any = true;
      }
    }
    if (!any) return [];
    const products = q.channel === 'sales' ? this.sales : this.service;
    const product = q.productId ? `|${q.productId}|` : '';
    const carrier = q.carrier ? `|${q.carrier}|` : '';
    const dropOff = q.dropOff === 'any' ? -1 : q.dropOff === 'only' ? 1 : 0;
    const { latitude: lat, longitude: lon } = q;

    let radius = Math.min(q.radiusKm, START_RADIUS_KM);
    for (;;) {
      const within: PointHit[] = [];
      for (const b of boundingBoxes(lat, lon, radius)) {
        const lonLo = lonCell(b.minLon);
        const lonHi = lonCell(b.maxLon);
        for (let row = latCell(b.minLat), last = latCell(b.maxLat); row <= last; row += 1) {
          const end = this.lowerBound(row * LON_CELLS + lonHi + 1);
          for (let k = this.lowerBound(row * LON_CELLS + lonLo); k < end; k += 1) {
            const pLat = this.lats[k]!;
            const pLon = this.lons[k]!;
            if (pLat < b.minLat || pLat > b.maxLat || pLon < b.minLon || pLon > b.maxLon) continue;
            if (wanted[this.countries[k]!] !== 1) continue;
            const list = products[k]!;
            if (list === '' || (product !== '' && !list.includes(product))) continue;
            if (carrier !== '') {
              const cs = this.carriers[k]!;
              if (cs !== '' && !cs.includes(carrier)) continue;
            }
            if (dropOff >= 0 && this.dropOff[k] !== dropOff) continue;
            const d = haversineKm(lat, lon, pLat, pLon);
            if (d <= radius) within.push({ id: this.ids[k]!, distanceKm: d });
          }
        }
      }
      if (within.length >= q.limit || radius >= q.radiusKm) {
        within.sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
        return within.length > q.limit ? within.slice(0, q.limit) : within;
      }
      // Grow by the observed density (area ∝ r²), at least doubling.
      const factor = within.length > 0 ? Math.sqrt(q.limit / within.length) * 1.25 : 4;
      radius = Math.min(q.radiusKm, radius * Math.max(2, factor));
    }
  }
}
