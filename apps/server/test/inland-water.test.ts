/**
 * The packed inland-water file: what the build step writes, the server reads back; pieces are
 * found by the tiles they lie in and drawn by size per zoom.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MIN_AREA_KM2,
  packInlandWater,
  ringAreaKm2,
} from '../src/modules/basemap/inland-water-file.js';
import { InlandWater } from '../src/modules/basemap/inland-water.js';
import { EXTENT } from '../src/modules/basemap/tiles.js';

const square = (lon: number, lat: number, d: number): number[][] => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
const OPTIONS = { extent: EXTENT, buffer: 64, tolerance: 3 };

describe('inland water', () => {
  // A 0.8 km² pond by Westminster, an 85 km² lake, and a 0.01 km² puddle.
  const packed = packInlandWater([
    [square(-0.125, 51.5, 0.01)],
    [square(6.3, 46.3, 0.1)],
    [square(-0.1, 51.51, 0.001)],
  ]);
  const file = join(mkdtempSync(join(tmpdir(), 'water-')), 'inland-water.bin');
  writeFileSync(file, Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength));
  const water = InlandWater.load(file);

  it('packs polygons above the minimum area and reads them back', () => {
    expect(ringAreaKm2(square(-0.125, 51.5, 0.01))).toBeCloseTo(0.77, 1);
    // The pond and the puddle are under MIN_AREA_KM2: only the lake is packed.
    expect(ringAreaKm2(square(-0.125, 51.5, 0.01))).toBeLessThan(MIN_AREA_KM2);
    expect(water?.size).toBe(1);
  });

  it('draws a piece in the tiles it lies in, from the zoom its size allows, up to z 9', () => {
    // The lake (~85 km²) from z 6, in its own tile only.
    expect(water?.features({ z: 6, x: 33, y: 22 }, OPTIONS)).toHaveLength(1);
    expect(water?.features({ z: 7, x: 66, y: 45 }, OPTIONS)[0]?.type).toBe(3);
    expect(water?.features({ z: 7, x: 63, y: 42 }, OPTIONS)).toEqual([]);
    // The pond (under a km²) is never drawn.
    expect(water?.features({ z: 9, x: 255, y: 170 }, OPTIONS)).toEqual([]);
    // Nothing below z 6 or past z 9.
    expect(water?.features({ z: 5, x: 16, y: 10 }, OPTIONS)).toEqual([]);
    expect(water?.features({ z: 10, x: 511, y: 340 }, OPTIONS)).toEqual([]);
  });

  it('is absent, not an error, before the build step has run', () => {
    expect(InlandWater.load(join(tmpdir(), 'no-such-dir', 'inland-water.bin'))).toBeUndefined();
  });
});
