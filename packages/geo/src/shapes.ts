/**
 * The country a coordinate lies in, from Natural Earth 1:10m land polygons (world-atlas):
 * bounding-box test, then even-odd ray casting over the polygon's rings (holes included).
 * Undefined at sea, on coastlines finer than the polygons, and in unmapped territories.
 */
import type { Gazetteer } from './gazetteer.js';

export function countryAt(g: Gazetteer, lat: number, lon: number): number | undefined {
  const box = g.shapePolyBox;
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
    if (inPolygon(g, p, lat, lon)) return g.shapePolyCountry[p];
  }
  return undefined;
}

function inPolygon(g: Gazetteer, p: number, lat: number, lon: number): boolean {
  const c = g.shapeCoords;
  let inside = false;
  const firstRing = g.shapePolyRingOff[p] ?? 0;
  const lastRing = g.shapePolyRingOff[p + 1] ?? 0;
  for (let r = firstRing; r < lastRing; r++) {
    const start = g.shapeRingOff[r] ?? 0;
    const end = g.shapeRingOff[r + 1] ?? 0;
    for (let i = start, j = end - 1; i < end; j = i++) {
      const xi = c[2 * i] ?? 0;
      const yi = c[2 * i + 1] ?? 0;
      const xj = c[2 * j] ?? 0;
      const yj = c[2 * j + 1] ?? 0;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
  }
  return inside;
}
