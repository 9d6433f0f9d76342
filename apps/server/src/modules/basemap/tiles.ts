/**
 * Web-Mercator tile arithmetic and Mapbox Vector Tile encoding shared by the basemap's tile
 * endpoints.
 */
import { fromGeojsonVt } from 'vt-pbf';

export const EXTENT = 4096;

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** Parses "{z}/{x}/{y}" parameters; undefined unless 0 ≤ z ≤ maxZoom and x, y lie in the grid. */
export function parseTileId(z: string, x: string, y: string, maxZoom: number): TileId | undefined {
  if (![z, x, y].every((s) => /^\d{1,8}$/.test(s))) return undefined;
  const id = { z: Number(z), x: Number(x), y: Number(y) };
  if (id.z > maxZoom) return undefined;
  const n = 2 ** id.z;
  return id.x < n && id.y < n ? id : undefined;
}

/** Longitude of a tile column edge. */
export function tileLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

/** Latitude of a tile row edge. */
export function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** The tile's bounds [west, south, east, north] in degrees. */
export function tileBounds(t: TileId): [number, number, number, number] {
  return [tileLon(t.x, t.z), tileLat(t.y + 1, t.z), tileLon(t.x + 1, t.z), tileLat(t.y, t.z)];
}

/** A coordinate in the tile's integer space (0..EXTENT, may lie outside for buffers). */
export function project(t: TileId, lon: number, lat: number): [number, number] {
  const n = 2 ** t.z;
  const sin = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  const mx = (lon + 180) / 360;
  const my = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return [Math.round((mx * n - t.x) * EXTENT), Math.round((my * n - t.y) * EXTENT)];
}

export interface TileFeature {
  type: 1 | 2 | 3;
  geometry: unknown;
  tags: Record<string, unknown> | null;
}

/** Encodes layers of geojson-vt-shaped features as an MVT 2 protobuf. */
export function encodeTile(layers: Record<string, readonly TileFeature[]>): Buffer {
  const input = Object.fromEntries(
    Object.entries(layers).map(([name, features]) => [name, { features }]),
  );
  const bytes = fromGeojsonVt(input, { version: 2, extent: EXTENT });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
