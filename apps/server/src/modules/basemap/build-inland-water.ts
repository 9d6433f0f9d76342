/**
 * Build step: packs OpenStreetMap's rivers and lakes (npm `@geo-maps/earth-rivers-10m` and
 * `@geo-maps/earth-lakes-10m`, data ODbL © OpenStreetMap contributors, package code MIT) into
 * `dist/basemap/inland-water.bin` (inland-water-file.ts), so the server reads ~16 MB of
 * integers at start-up instead of parsing ~100 MB of GeoJSON. Run by `npm run build`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type { Geometry, Position } from 'geojson';
import { INLAND_WATER_FILE, packInlandWater } from './inland-water-file.js';

const require = createRequire(import.meta.url);
const PACKAGES = ['@geo-maps/earth-rivers-10m', '@geo-maps/earth-lakes-10m'];

function polygonsOf(g: Geometry, out: Position[][][]): void {
  if (g.type === 'Polygon') out.push(g.coordinates);
  else if (g.type === 'MultiPolygon') for (const p of g.coordinates) out.push(p);
  else if (g.type === 'GeometryCollection') for (const c of g.geometries) polygonsOf(c, out);
}

function main(): void {
  const started = performance.now();
  const polygons: Position[][][] = [];
  for (const name of PACKAGES) {
    const file = require.resolve(`${name}/map.geo.json`);
    const data = JSON.parse(readFileSync(file, 'utf8')) as Geometry;
    polygonsOf(data, polygons);
  }
  const packed = packInlandWater(polygons);
  mkdirSync(dirname(INLAND_WATER_FILE), { recursive: true });
  writeFileSync(
    INLAND_WATER_FILE,
    Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mb = (packed.byteLength / 1e6).toFixed(1);
  console.log(`inland water: ${packed[2]} polygons, ${mb} MB in ${seconds} s`);
}

main();
