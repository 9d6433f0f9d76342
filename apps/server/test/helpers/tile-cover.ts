/**
 * Reads an embedded basemap tile as MapLibre draws it: the layers encoded as the server sends
 * them, decoded from the protobuf, and each feature's rings grouped into polygons by winding
 * alone (a ring wound like the feature's first starts a polygon, the others are its holes),
 * as MapLibre's `classifyRings` does.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { GeoTiles } from '../../src/modules/basemap/geo-tiles.js';
import { encodeTile, project, type TileId } from '../../src/modules/basemap/tiles.js';

type Point = { x: number; y: number };

/** Twice the signed area, positive when clockwise with y down (a vector tile's outer ring). */
export function doubleArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    sum += ring[j]!.x * ring[i]!.y - ring[i]!.x * ring[j]!.y;
  }
  return sum;
}

/** Each feature's rings as decoded from the tile's protobuf. */
export function layerRings(geo: GeoTiles, t: TileId, layer: string): Point[][][] {
  const layers = geo.layers(t);
  const decoded = new VectorTile(new PbfReader(encodeTile({ [layer]: layers[layer] ?? [] })))
    .layers[layer];
  if (!decoded) return [];
  return Array.from({ length: decoded.length }, (_, i) => decoded.feature(i).loadGeometry());
}

/** A feature's rings grouped into polygons as MapLibre groups them. */
export function classifyRings(rings: readonly Point[][]): Point[][][] {
  const polygons: Point[][][] = [];
  let clockwise: boolean | undefined;
  for (const ring of rings) {
    const area = doubleArea(ring);
    if (area === 0) continue;
    clockwise ??= area > 0;
    if (area > 0 === clockwise) polygons.push([ring]);
    else polygons.at(-1)?.push(ring);
  }
  return polygons;
}

function inside(ring: readonly Point[], px: number, py: number): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

/** Memoised tiles: many sample points share a tile at small zooms. */
export class TileCover {
  private readonly cache = new Map<string, Point[][][]>();
  constructor(private readonly geo: GeoTiles) {}

  private polygons(t: TileId, layer: string): Point[][][] {
    const key = `${layer}/${t.z}/${t.x}/${t.y}`;
    let polygons = this.cache.get(key);
    if (!polygons) {
      polygons = layerRings(this.geo, t, layer).flatMap(classifyRings);
      this.cache.set(key, polygons);
    }
    return polygons;
  }

  /** Whether the layer's fill covers the point in the tile that holds it at zoom z. */
  covers(layer: string, z: number, lon: number, lat: number): boolean {
    const t = tileAt(z, lon, lat);
    const [px, py] = project(t, lon, lat);
    return this.polygons(t, layer).some(
      ([outer, ...holes]) =>
        outer !== undefined && inside(outer, px, py) && !holes.some((h) => inside(h, px, py)),
    );
  }
}

export function tileAt(z: number, lon: number, lat: number): TileId {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return { z, x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(y * n) };
}
