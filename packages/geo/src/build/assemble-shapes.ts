/**
 * The index's country land polygons (for the country of a coordinate): rings of lon/lat pairs,
 * each polygon's bounding box, and its edges listed per latitude band.
 */
import type { CountryTable } from './country-table.js';
import { readCountryShapes } from './sources.js';

export const SHAPE_BAND_DEG = 0.25;

/** The shape sections of the index, and how many polygons they hold. */
export function shapeSections(countries: CountryTable, log: (msg: string) => void) {
  const shapes = readCountryShapes();
  const coords: number[] = [];
  const ringOff: number[] = [0];
  const polyRingOff: number[] = [0];
  const polyCountry: number[] = [];
  const polyBox: number[] = [];
  for (const shape of shapes) {
    const country = countries.ensure(shape.countryCode);
    for (const polygon of shape.polygons) {
      let minLon = Infinity;
      let minLat = Infinity;
      let maxLon = -Infinity;
      let maxLat = -Infinity;
      for (const r of polygon) {
        for (let i = 0; i < r.length; i += 2) {
          const lon = r[i] ?? 0;
          const lat = r[i + 1] ?? 0;
          coords.push(lon, lat);
          minLon = Math.min(minLon, lon);
          maxLon = Math.max(maxLon, lon);
          minLat = Math.min(minLat, lat);
          maxLat = Math.max(maxLat, lat);
        }
        ringOff.push(coords.length / 2);
      }
      polyRingOff.push(ringOff.length - 1);
      polyCountry.push(country);
      polyBox.push(minLon, minLat, maxLon, maxLat);
    }
  }
  log(`gazetteer: ${polyCountry.length} country polygons, ${coords.length / 2} points`);
  const bands = bandEdges(coords, ringOff, polyRingOff, SHAPE_BAND_DEG);
  return {
    polygons: polyCountry.length,
    sections: {
      shapeCoords: new Float32Array(coords),
      shapeRingOff: new Uint32Array(ringOff),
      shapePolyRingOff: new Uint32Array(polyRingOff),
      shapePolyCountry: new Uint16Array(polyCountry),
      shapePolyBox: new Float32Array(polyBox),
      shapeBandKey: bands.keys,
      shapeBandOff: bands.offsets,
      shapeBandEdges: bands.edges,
    },
  };
}

/**
 * Ray casting only needs the edges spanning the point's latitude: each polygon's edges are
 * listed per latitude band. keys: sorted polygon × bandCount + band; edges: start and end
 * point of each edge, interleaved; offsets: where each key's edges begin (in pairs).
 */
function bandEdges(
  coords: number[],
  ringOff: number[],
  polyRingOff: number[],
  bandDeg: number,
): { keys: Uint32Array; offsets: Uint32Array; edges: Uint32Array } {
  const bandCount = Math.ceil(180 / bandDeg);
  const bandOf = (lat: number): number =>
    Math.min(bandCount - 1, Math.max(0, Math.floor((lat + 90) / bandDeg)));
  const lists = new Map<number, number[]>();
  for (let p = 0; p + 1 < polyRingOff.length; p++) {
    for (let r = polyRingOff[p] ?? 0; r < (polyRingOff[p + 1] ?? 0); r++) {
      const start = ringOff[r] ?? 0;
      const end = ringOff[r + 1] ?? 0;
      for (let i = start, j = end - 1; i < end; j = i++) {
        const yi = coords[2 * i + 1] ?? 0;
        const yj = coords[2 * j + 1] ?? 0;
        for (let b = bandOf(Math.min(yi, yj)); b <= bandOf(Math.max(yi, yj)); b++) {
          const key = p * bandCount + b;
          let list = lists.get(key);
          if (!list) lists.set(key, (list = []));
          list.push(i, j);
        }
      }
    }
  }
  const keys = Uint32Array.from([...lists.keys()].sort((a, b) => a - b));
  const offsets = new Uint32Array(keys.length + 1);
  const edges: number[] = [];
  keys.forEach((key, n) => {
    offsets[n] = edges.length / 2;
    for (const v of lists.get(key) ?? []) edges.push(v);
  });
  offsets[keys.length] = edges.length / 2;
  return { keys, offsets, edges: Uint32Array.from(edges) };
}
