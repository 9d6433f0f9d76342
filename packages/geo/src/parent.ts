/**
 * The city a section of a city belongs to (GeoNames PPLX: "Copacabana", "Kreis 1"), shown on a
 * district's second line: the most populous other place within PARENT_KM that is larger than it.
 */
import type { Gazetteer } from './gazetteer.js';
import { distanceMetres } from './geo-math.js';
import { GRID, cellCol, cellRow } from './grid.js';

export const PARENT_KM = 15;

const cache = new WeakMap<Gazetteer, Map<number, number>>();

/** The parent city's place index, or -1 (none, or the place is not a section). */
export function parentCity(g: Gazetteer, place: number): number {
  if (!g.isSection(place)) return -1;
  let known = cache.get(g);
  if (!known) cache.set(g, (known = new Map()));
  const hit = known.get(place);
  if (hit !== undefined) return hit;
  const lat = g.placeLat[place] ?? 0;
  const lon = g.placeLon[place] ?? 0;
  const country = g.placeCountry[place];
  const row = cellRow(GRID, lat);
  const col = cellCol(GRID, lon);
  let best = -1;
  let bestPop = g.placePop[place] ?? 0;
  for (let r = Math.max(0, row - 1); r <= Math.min(GRID.rows - 1, row + 1); r++) {
    for (let dc = -1; dc <= 1; dc++) {
      const c = r * GRID.cols + ((col + dc + GRID.cols) % GRID.cols);
      const end = g.cellStart[c + 1] ?? 0;
      for (let p = g.cellStart[c] ?? 0; p < end; p++) {
        const pop = g.placePop[p] ?? 0;
        if (p === place || pop <= bestPop || g.isSection(p) || g.placeCountry[p] !== country) {
          continue;
        }
        const km = distanceMetres(lat, lon, g.placeLat[p] ?? 0, g.placeLon[p] ?? 0) / 1000;
        if (km <= PARENT_KM) [best, bestPop] = [p, pop];
      }
    }
  }
  known.set(place, best);
  return best;
}
