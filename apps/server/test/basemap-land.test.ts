/**
 * The embedded basemap's land at z 0–5 (Natural Earth, simplified to 1 px): every polygon's
 * rings wound as a vector tile requires, so that no islet turns into a hole or a hole into
 * land, and known places on the right side of the coast.
 */
import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { GeoTiles } from '../src/modules/basemap/geo-tiles.js';
import { rewindPolygon, unwrapPolygon } from '../src/modules/basemap/rings.js';
import { encodeTile, project, type TileId } from '../src/modules/basemap/tiles.js';

type Ring = [number, number][];

/** Twice the signed area, positive when clockwise with y down (a vector tile's outer ring). */
function doubleArea(ring: readonly { x: number; y: number }[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    sum += ring[j]!.x * ring[i]!.y - ring[i]!.x * ring[j]!.y;
  }
  return sum;
}

const geo = new GeoTiles();

/** The tile's land as MapLibre reads it: each feature's rings, decoded from the protobuf. */
function landRings(t: TileId): { x: number; y: number }[][][] {
  const layer = new VectorTile(new PbfReader(encodeTile({ land: geo.layers(t).land ?? [] }))).layers
    .land;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).loadGeometry());
}

/** Whether the point lies on land as drawn: inside a polygon's outer ring and none of its holes. */
function onLand(t: TileId, lon: number, lat: number): boolean {
  const [px, py] = project(t, lon, lat);
  const inside = (ring: { x: number; y: number }[]): boolean => {
    let odd = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) odd = !odd;
    }
    return odd;
  };
  return landRings(t).some(
    ([outer, ...holes]) => outer !== undefined && inside(outer) && !holes.some(inside),
  );
}

function tileAt(z: number, lon: number, lat: number): TileId {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return { z, x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(y * n) };
}

describe('land rings', () => {
  it('rewinds one polygon: the outer ring clockwise, holes the other way, flat rings dropped', () => {
    const square: Ring = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const reversed = [...square].reverse();
    const hole: Ring = [
      [2, 2],
      [2, 4],
      [4, 4],
      [4, 2],
    ];
    const flat: Ring = [
      [1, 1],
      [5, 1],
      [3, 1],
    ];
    // Already right: unchanged.
    expect(rewindPolygon([square, hole])).toEqual([square, hole]);
    // Turned inside out by simplification: wound back.
    expect(rewindPolygon([reversed, [...hole].reverse()])).toEqual([square, hole]);
    // A hole with no area left is dropped; an outer ring with none drops the polygon.
    expect(rewindPolygon([square, flat])).toEqual([square]);
    expect(rewindPolygon([flat, hole])).toEqual([]);
  });

  it("unwraps a polygon of half a million points, its hole moved to its outer ring's turn", () => {
    // A ring this long would overflow the argument list of a spread Math.min.
    const n = 500_000;
    const outer: Ring = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return [-540 + 20 * Math.cos(a), 20 * Math.sin(a)];
    });
    outer.push(outer[0]!);
    const hole: Ring = [
      [-185, -5],
      [-185, 5],
      [-175, 5],
      [-175, -5],
      [-185, -5],
    ];
    const [unwrapped, movedHole] = unwrapPolygon([outer, hole]);
    const xs = (ring: readonly number[][]) => ring.map(([x = 0]) => x);
    let west = Infinity;
    for (const x of xs(unwrapped!)) west = Math.min(west, x);
    expect(west).toBeCloseTo(160, 6);
    expect(xs(movedHole!)).toEqual([175, 175, 185, 185, 175]);
  });

  it('every land polygon of every tile at z 0–3, and of Asia and Europe at z 4–5, is wound right', () => {
    const tiles: TileId[] = [];
    for (let z = 0; z <= 3; z += 1) {
      for (let x = 0; x < 2 ** z; x += 1)
        for (let y = 0; y < 2 ** z; y += 1) tiles.push({ z, x, y });
    }
    for (const [lon, lat] of [
      [108.9, 34.3], // Xi'an: China, Korea, Japan
      [120, 10], // the Philippines and Indonesia
      [1, 52.6], // Norfolk and the North Sea
      [50.5, 42], // the Caspian Sea
    ] as const) {
      for (const z of [4, 5]) {
        const c = tileAt(z, lon, lat);
        for (const dx of [-1, 0, 1]) tiles.push({ z, x: c.x + dx, y: c.y });
      }
    }
    let polygons = 0;
    for (const t of tiles) {
      for (const [outer, ...holes] of landRings(t)) {
        polygons += 1;
        expect(doubleArea(outer!), `outer ring in ${t.z}/${t.x}/${t.y}`).toBeGreaterThan(0);
        for (const h of holes) {
          expect(doubleArea(h), `hole in ${t.z}/${t.x}/${t.y}`).toBeLessThan(0);
        }
      }
    }
    expect(polygons).toBeGreaterThan(1000);
  });

  it('draws the Caspian as water, Norfolk and Sicily as land, and the North Sea as water at z 2–5', () => {
    for (let z = 2; z <= 5; z += 1) {
      const at = (lon: number, lat: number) => onLand(tileAt(z, lon, lat), lon, lat);
      expect(at(50.5, 42), `Caspian at z ${z}`).toBe(false);
      expect(at(1, 52.65), `Norfolk at z ${z}`).toBe(true);
      expect(at(14.2, 37.5), `Sicily at z ${z}`).toBe(true);
      expect(at(3, 55), `North Sea at z ${z}`).toBe(false);
    }
  });
});
