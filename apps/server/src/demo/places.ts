/**
 * The nearest GeoNames place to a point within a country (demo data only): store names take
 * the neighbourhood or suburb they stand in ("Capi Al Barsha") so that one brand does not give
 * the same name to every store of a city. A grid of 0.1° cells keeps the look-up fast.
 */
import type { City } from './cities.js';

const CELL = 0.1;
const key = (lat: number, lon: number) => `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;

export class PlaceIndex {
  private readonly grid = new Map<string, City[]>();

  constructor(places: readonly City[]) {
    for (const p of places) {
      const k = key(p.latitude, p.longitude);
      const cell = this.grid.get(k);
      if (cell) cell.push(p);
      else this.grid.set(k, [p]);
    }
  }

  /** The nearest place within about 3 km, or undefined. */
  nearest(latitude: number, longitude: number): City | undefined {
    const row = Math.floor(latitude / CELL);
    const col = Math.floor(longitude / CELL);
    const scale = Math.cos((latitude * Math.PI) / 180);
    let best: City | undefined;
    let bestD = (3 / 111.2) ** 2;
    for (let r = row - 1; r <= row + 1; r += 1) {
      for (let c = col - 1; c <= col + 1; c += 1) {
        for (const p of this.grid.get(`${r}:${c}`) ?? []) {
          const d = (p.latitude - latitude) ** 2 + ((p.longitude - longitude) * scale) ** 2;
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
    }
    return best;
  }
}
