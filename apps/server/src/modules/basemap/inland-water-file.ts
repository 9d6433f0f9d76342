/**
 * The packed inland-water file (`dist/basemap/inland-water.bin`): OpenStreetMap's rivers and
 * lakes as polygons, written by `build-inland-water.ts` at build time and read by
 * `inland-water.ts` when the server starts. Little-endian Int32 words:
 *
 *   MAGIC, VERSION, polygonCount,
 *   per polygon: area (hundredths of a km²), ringCount,
 *     per ring: pointCount, then pointCount × (lon × 1e6, lat × 1e6)
 *
 * Micro-degrees keep ~0.1 m of detail (the data is simplified to 10 m).
 */
import { fileURLToPath } from 'node:url';
import type { Position } from 'geojson';

export const INLAND_WATER_FILE = fileURLToPath(
  new URL('../../../dist/basemap/inland-water.bin', import.meta.url),
);

export const MAGIC = 0x4c_57_41_54; // "LWAT"
export const FORMAT_VERSION = 1;
export const SCALE = 1e6;

/** Pieces smaller than this are left out: the layer ends at z 9, where a km² is ~3 px. */
export const MIN_AREA_KM2 = 1;

/** Area of a ring in km² (equirectangular at the ring's first latitude: pieces are small). */
export function ringAreaKm2(ring: Position[]): number {
  const first = ring[0];
  if (!first) return 0;
  const k = Math.cos(((first[1] ?? 0) * Math.PI) / 180) * 111.32 * 110.57;
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const p = ring[i] as Position;
    const q = ring[i + 1] as Position;
    a += (p[0] ?? 0) * (q[1] ?? 0) - (q[0] ?? 0) * (p[1] ?? 0);
  }
  return Math.abs(a / 2) * k;
}

export function packInlandWater(polygons: Position[][][]): Int32Array {
  const words: number[] = [MAGIC, FORMAT_VERSION, 0];
  let count = 0;
  for (const rings of polygons) {
    const area = ringAreaKm2(rings[0] ?? []);
    if (area < MIN_AREA_KM2) continue;
    count++;
    words.push(Math.round(area * 100), rings.length);
    for (const ring of rings) {
      words.push(ring.length);
      for (const p of ring)
        words.push(Math.round((p[0] ?? 0) * SCALE), Math.round((p[1] ?? 0) * SCALE));
    }
  }
  words[2] = count;
  return Int32Array.from(words);
}
