/** The store index's grid (0.05° cells ordered by row, then column) and unit vectors. */

/** Grid cell size in degrees. */
export const CELL = 0.05;
export const LON_CELLS = Math.ceil(360 / CELL);
export const LAT_CELLS = Math.ceil(180 / CELL);
export const RAD = Math.PI / 180;

export function latCell(lat: number): number {
  return Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL)));
}

export function lonCell(lon: number): number {
  return Math.min(LON_CELLS - 1, Math.max(0, Math.floor((lon + 180) / CELL)));
}

/** The number of a position's cell: the index's sort key. */
export function cellKey(lat: number, lon: number): number {
  return latCell(lat) * LON_CELLS + lonCell(lon);
}

/** Writes the position's unit vector (x, y, z) into `out` from `at`. */
export function unitVector(lat: number, lon: number, out: Float64Array, at: number): void {
  out[at] = Math.cos(lat * RAD) * Math.cos(lon * RAD);
  out[at + 1] = Math.cos(lat * RAD) * Math.sin(lon * RAD);
  out[at + 2] = Math.sin(lat * RAD);
}
