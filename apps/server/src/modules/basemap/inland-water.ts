/**
 * Rivers and lakes (OpenStreetMap, packed at build time: inland-water-file.ts) for the
 * embedded basemap's "water" layer, z 6–9 only: the npm data is OpenStreetMap's *reduced* water
 * polygons, made for small scales; at city zooms its pieces show as loose triangles (a river
 * cut into fragments), which would mislead more than help. The data comes in some 194,000 pieces of 1 km² or more (the source
 * cuts large water bodies into tiles), each filed under the z 8 grid cells its box touches; a
 * tile slices only the pieces of its cells (geojson-vt), bigger ones first at small zooms.
 */
import { existsSync, readFileSync } from 'node:fs';
import GeoJSONVT from 'geojson-vt';
import type { FeatureCollection, Position } from 'geojson';
import { FORMAT_VERSION, INLAND_WATER_FILE, MAGIC, SCALE } from './inland-water-file.js';
import { polygonFeatures } from './rings.js';
import { type TileFeature, type TileId } from './tiles.js';

/** First zoom with inland water (the zoom the OpenStreetMap sea starts at). */
export const WATER_FROM_ZOOM = 6;
/** Last zoom with inland water (see above). */
export const WATER_MAX_ZOOM = 9;
const GRID_ZOOM = 8;

/** Smallest piece drawn at a zoom: ~a few pixels. */
export function minAreaKm2(z: number): number {
  return z <= 6 ? 20 : z === 7 ? 5 : 1;
}

export class InlandWater {
  private readonly starts: Int32Array;
  private readonly areas: Float32Array;
  private readonly cells = new Map<number, number[]>();

  constructor(private readonly words: Int32Array) {
    if (words[0] !== MAGIC || words[1] !== FORMAT_VERSION) {
      throw new Error('inland water: not a packed inland-water file of this version');
    }
    const count = words[2] ?? 0;
    this.starts = new Int32Array(count);
    this.areas = new Float32Array(count);
    let at = 3;
    const n = 2 ** GRID_ZOOM;
    for (let id = 0; id < count; id++) {
      this.starts[id] = at;
      this.areas[id] = (words[at] ?? 0) / 100;
      const rings = words[at + 1] ?? 0;
      at += 2;
      // The outer ring's box, in micro-degrees.
      let [w, s, e, north] = [2 ** 31, 2 ** 31, -(2 ** 31), -(2 ** 31)];
      for (let r = 0; r < rings; r++) {
        const points = words[at++] ?? 0;
        const end = at + 2 * points;
        if (r === 0) {
          for (let i = at; i < end; i += 2) {
            const lon = words[i] ?? 0;
            const lat = words[i + 1] ?? 0;
            if (lon < w) w = lon;
            if (lon > e) e = lon;
            if (lat < s) s = lat;
            if (lat > north) north = lat;
          }
        }
        at = end;
      }
      const [x0, y0] = gridCell(w / SCALE, north / SCALE, n);
      const [x1, y1] = gridCell(e / SCALE, s / SCALE, n);
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const key = x * n + y;
          const list = this.cells.get(key);
          if (list) list.push(id);
          else this.cells.set(key, [id]);
        }
      }
    }
  }

  /** Reads the packed file; undefined (and no water drawn) when the build step has not run. */
  static load(file = INLAND_WATER_FILE): InlandWater | undefined {
    if (!existsSync(file)) return undefined;
    const bytes = readFileSync(file);
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    return new InlandWater(words);
  }

  get size(): number {
    return this.starts.length;
  }

  /** The pieces filed under the tile's grid cells, at least minAreaKm2(z). */
  private pieces(t: TileId): number[] {
    const n = 2 ** GRID_ZOOM;
    const min = minAreaKm2(t.z);
    const ids = new Set<number>();
    const shift = GRID_ZOOM - t.z;
    const [x0, x1, y0, y1] =
      shift >= 0
        ? [t.x << shift, ((t.x + 1) << shift) - 1, t.y << shift, ((t.y + 1) << shift) - 1]
        : [t.x >> -shift, t.x >> -shift, t.y >> -shift, t.y >> -shift];
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        for (const id of this.cells.get(x * n + y) ?? []) {
          if ((this.areas[id] ?? 0) >= min) ids.add(id);
        }
      }
    }
    return [...ids];
  }

  private polygon(id: number): Position[][] {
    let at = this.starts[id] ?? 0;
    const rings = this.words[at + 1] ?? 0;
    at += 2;
    const out: Position[][] = [];
    for (let r = 0; r < rings; r++) {
      const points = this.words[at++] ?? 0;
      const ring: Position[] = new Array<Position>(points);
      for (let i = 0; i < points; i++) {
        ring[i] = [
          (this.words[at + 2 * i] ?? 0) / SCALE,
          (this.words[at + 2 * i + 1] ?? 0) / SCALE,
        ];
      }
      out.push(ring);
      at += 2 * points;
    }
    return out;
  }

  /** The tile's water polygons, geojson-vt-shaped (empty outside z 6–9). */
  features(
    t: TileId,
    options: { extent: number; buffer: number; tolerance: number },
  ): TileFeature[] {
    if (t.z < WATER_FROM_ZOOM || t.z > WATER_MAX_ZOOM) return [];
    const ids = this.pieces(t);
    if (ids.length === 0) return [];
    // One feature per polygon, each rewound in the tile (`polygonFeatures`).
    const data: FeatureCollection = {
      type: 'FeatureCollection',
      features: ids.map((id) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: this.polygon(id) },
      })),
    };
    const index = new GeoJSONVT(data, { ...options, maxZoom: t.z, indexMaxZoom: 0 });
    return polygonFeatures(index.getTile(t.z, t.x, t.y)?.features ?? []);
  }
}

/** The z 8 grid cell of a point (rows from the north, clamped to the grid). */
function gridCell(lon: number, lat: number, n: number): [number, number] {
  const clamp = (v: number): number => Math.max(0, Math.min(n - 1, Math.floor(v)));
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return [clamp(((lon + 180) / 360) * n), clamp(y)];
}
