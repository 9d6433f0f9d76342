/**
 * Reverse geocoding: the nearest gazetteer place to a coordinate, found by searching the grid
 * cells (grid.ts) in rings around the point until no closer place can exist.
 */
import type { Gazetteer } from './gazetteer.js';
import { distanceMetres } from './geo-math.js';
import { cellCol, cellRow } from './grid.js';

const KM_PER_DEG = 111.195;
/** City sections (PPLX) count as this much further away, so the city itself is preferred. */
const SECTION_PENALTY_M = 3000;

export interface Nearest {
  place: number;
  /** Distance in metres (plus the section penalty, for city sections). */
  distanceMetres: number;
}

/** Nearest place within `maxKm`, or null (open sea, Antarctica). */
export function nearestPlace(g: Gazetteer, lat: number, lon: number, maxKm = 200): Nearest | null {
  const { cellDeg, cols, rows } = g.grid;
  const row0 = cellRow(g.grid, lat);
  const col0 = cellCol(g.grid, lon);
  let best = -1;
  let bestM = maxKm * 1000;
  const visit = (row: number, col: number): void => {
    if (row < 0 || row >= rows) return;
    const c = row * cols + (((col % cols) + cols) % cols);
    const end = g.cellStart[c + 1] ?? 0;
    for (let p = g.cellStart[c] ?? 0; p < end; p++) {
      const d =
        distanceMetres(lat, lon, g.placeLat[p] ?? 0, g.placeLon[p] ?? 0) +
        (g.isSection(p) ? SECTION_PENALTY_M : 0);
      if (d < bestM) {
        bestM = d;
        best = p;
      }
    }
  };
  const halfCols = Math.ceil(cols / 2);
  const cosLat = Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180);
  const maxRing = Math.min(halfCols, Math.ceil(maxKm / (KM_PER_DEG * cellDeg * cosLat)) + 1);
  for (let k = 0; k <= maxRing; k++) {
    // Any place outside rings 0..k-1 is at least (k-1) cells away in latitude or longitude.
    const nearLat = Math.min(89.9, Math.abs(lat) + (k + 1) * cellDeg);
    const minKm = Math.max(0, k - 1) * cellDeg * KM_PER_DEG * Math.cos((nearLat * Math.PI) / 180);
    if (best >= 0 && minKm * 1000 > bestM) break;
    if (k === 0) {
      visit(row0, col0);
      continue;
    }
    const span = Math.min(k, halfCols);
    for (let dc = -span; dc <= span; dc++) {
      visit(row0 - k, col0 + dc);
      visit(row0 + k, col0 + dc);
    }
    if (k <= halfCols) {
      for (let dr = -k + 1; dr <= k - 1; dr++) {
        visit(row0 + dr, col0 - k);
        if (k !== halfCols || cols % 2 === 1) visit(row0 + dr, col0 + k);
      }
    }
  }
  return best < 0 ? null : { place: best, distanceMetres: bestM };
}
