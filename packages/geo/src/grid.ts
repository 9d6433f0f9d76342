/** The equirectangular grid that orders places for reverse geocoding. */
export interface GridSpec {
  cellDeg: number;
  cols: number;
  rows: number;
}

export const GRID: GridSpec = { cellDeg: 0.5, cols: 720, rows: 360 };

export function cellRow(g: GridSpec, lat: number): number {
  return Math.min(g.rows - 1, Math.max(0, Math.floor((lat + 90) / g.cellDeg)));
}

export function cellCol(g: GridSpec, lon: number): number {
  const c = Math.floor((lon + 180) / g.cellDeg);
  return ((c % g.cols) + g.cols) % g.cols;
}

export function cellOf(g: GridSpec, lat: number, lon: number): number {
  return cellRow(g, lat) * g.cols + cellCol(g, lon);
}
