/**
 * Reverse geocoding: the nearest gazetteer place to a coordinate, found by searching the grid
 * cells (grid.ts) in rings around the point until no closer place can exist.
 */
import type { Gazetteer } from './gazetteer.js';
import { distanceMetres } from './geo-math.js';
import { cellCol, cellRow } from './grid.js';

const KM_PER_DEG = 111.195;
/**
 * Kilometres per degree of latitude, rounded down: a place is at least |Δlat| × this from the
 * point (a great circle is never shorter than the meridian arc), so most places are dismissed
 * without computing their distance.
 */
const LAT_KM_LOWER = 111.19;

/**
 * Places are points, but a city covers an area: a point 4 km from the centre of Paris is in
 * Paris, not in the suburb 3 km away. Each place gets a radius growing with the square root
 * of its population (about 6 km for Paris, 12 km for New York, 0.1 km for a village of 500),
 * and the winner is the place with the smallest distance ÷ (radius + 1 km). City sections
 * (GeoNames PPLX, e.g. "Zürich (Kreis 1)") count 1 km further away, so the city is preferred.
 */
export const REVERSE_FIGURES = { kmPerSqrtPop: 0.004, baseKm: 1, sectionKm: 1 };

export interface Nearest {
  place: number;
  /** Great-circle distance in metres. */
  distanceMetres: number;
}

function radiusKm(pop: number): number {
  return REVERSE_FIGURES.kmPerSqrtPop * Math.sqrt(pop) + REVERSE_FIGURES.baseKm;
}

/**
 * The place a coordinate is best described by, within `maxKm` (and in `country` when given),
 * or null (open sea).
 */
export function nearestPlace(
  g: Gazetteer,
  lat: number,
  lon: number,
  maxKm = 200,
  country?: number,
): Nearest | null {
  const { cellDeg, cols, rows } = g.grid;
  const row0 = cellRow(g.grid, lat);
  const col0 = cellCol(g.grid, lon);
  const { radius, maxRadius } = radiiOf(g);
  let best = -1;
  let bestM = 0;
  let bestScore = Infinity;
  const visit = (row: number, col: number): void => {
    if (row < 0 || row >= rows) return;
    const c = row * cols + (((col % cols) + cols) % cols);
    const end = g.cellStart[c + 1] ?? 0;
    for (let p = g.cellStart[c] ?? 0; p < end; p++) {
      if (country !== undefined && g.placeCountry[p] !== country) continue;
      const pLat = g.placeLat[p] ?? 0;
      const r = radius[p] ?? 1;
      const minKm = Math.abs(pLat - lat) * LAT_KM_LOWER;
      if (minKm > maxKm || minKm / r > bestScore) continue;
      const m = distanceMetres(lat, lon, pLat, g.placeLon[p] ?? 0);
      if (m > maxKm * 1000) continue;
      const km = m / 1000 + (g.isSection(p) ? REVERSE_FIGURES.sectionKm : 0);
      const score = km / r;
      if (score < bestScore) {
        bestScore = score;
        bestM = m;
        best = p;
      }
    }
  };
  const halfCols = Math.ceil(cols / 2);
  const cosLat = Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180);
  const maxRing = Math.min(halfCols, Math.ceil(maxKm / (KM_PER_DEG * cellDeg * cosLat)) + 1);
  for (let k = 0; k <= maxRing; k++) {
    // Any place outside rings 0..k-1 is at least (k-1) cells away in latitude or longitude,
    // so its score is at least that distance over the largest radius.
    const nearLat = Math.min(89.9, Math.abs(lat) + (k + 1) * cellDeg);
    const minKm = Math.max(0, k - 1) * cellDeg * KM_PER_DEG * Math.cos((nearLat * Math.PI) / 180);
    if (minKm > maxKm || (best >= 0 && minKm / maxRadius > bestScore)) break;
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

/** Per place its radius (radiusKm), and the largest, computed once per gazetteer. */
const radiusCache = new WeakMap<Gazetteer, { radius: Float64Array; maxRadius: number }>();

function radiiOf(g: Gazetteer): { radius: Float64Array; maxRadius: number } {
  let radii = radiusCache.get(g);
  if (!radii) {
    const radius = new Float64Array(g.placeCount);
    let maxPop = 0;
    for (let p = 0; p < g.placeCount; p++) {
      const pop = g.placePop[p] ?? 0;
      radius[p] = radiusKm(pop);
      if (pop > maxPop) maxPop = pop;
    }
    radii = { radius, maxRadius: radiusKm(maxPop) };
    radiusCache.set(g, radii);
  }
  return radii;
}
