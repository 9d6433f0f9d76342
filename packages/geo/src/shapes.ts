/**
 * The country a coordinate lies in, from Natural Earth 1:10m land polygons (world-atlas):
 * bounding-box test, then even-odd ray casting over the polygon's rings (holes included),
 * reading only the edges that span the point's latitude band (built into the index).
 * Undefined at sea, on coastlines finer than the polygons, and in unmapped territories.
 */
import type { Gazetteer } from './gazetteer.js';

export class CountryLocator {
  private readonly bandCount: number;

  constructor(private readonly g: Gazetteer) {
    this.bandCount = Math.ceil(180 / g.header.shapeBandDeg);
  }

  /** Country index at a coordinate, or undefined. */
  countryAt(lat: number, lon: number): number | undefined {
    const g = this.g;
    const box = g.shapePolyBox;
    const band = Math.min(
      this.bandCount - 1,
      Math.max(0, Math.floor((lat + 90) / g.header.shapeBandDeg)),
    );
    const polygons = g.shapePolyCountry.length;
    for (let p = 0; p < polygons; p++) {
      const b = p * 4;
      if (
        lon < (box[b] ?? 0) ||
        lat < (box[b + 1] ?? 0) ||
        lon > (box[b + 2] ?? 0) ||
        lat > (box[b + 3] ?? 0)
      ) {
        continue;
      }
      if (this.inPolygon(p * this.bandCount + band, lat, lon)) return g.shapePolyCountry[p];
    }
    return undefined;
  }

  private inPolygon(key: number, lat: number, lon: number): boolean {
    const g = this.g;
    const n = findKey(g.shapeBandKey, key);
    if (n < 0) return false;
    const c = g.shapeCoords;
    const edges = g.shapeBandEdges;
    let inside = false;
    for (let e = g.shapeBandOff[n] ?? 0; e < (g.shapeBandOff[n + 1] ?? 0); e++) {
      const i = edges[2 * e] ?? 0;
      const j = edges[2 * e + 1] ?? 0;
      const xi = c[2 * i] ?? 0;
      const yi = c[2 * i + 1] ?? 0;
      const xj = c[2 * j] ?? 0;
      const yj = c[2 * j + 1] ?? 0;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
    return inside;
  }
}

function findKey(keys: Uint32Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] ?? 0) < key) lo = mid + 1;
    else hi = mid;
  }
  return keys[lo] === key ? lo : -1;
}
