/** Shared by the routing adapters: turn matrix cells into `Eta`s, estimating unroutable ones. */
import { estimateEta } from '../eta.js';
import type { Eta, LatLon, TravelMode } from '../types.js';

export interface MatrixCell {
  /** Seconds, or null when the engine found no route. */
  time: number | null;
  /** Metres, or null when absent. */
  distance: number | null;
}

export function toEtas(
  origin: LatLon,
  destinations: LatLon[],
  mode: TravelMode,
  cells: MatrixCell[],
): Eta[] {
  return destinations.map((destination, j) => {
    const cell = cells[j];
    const estimate = estimateEta(origin, destination, mode);
    if (!cell || cell.time === null || !Number.isFinite(cell.time)) return estimate;
    return {
      destination,
      transportType: mode,
      expectedTravelTime: Math.round(cell.time),
      distance:
        cell.distance === null || !Number.isFinite(cell.distance)
          ? estimate.distance
          : Math.round(cell.distance),
      estimate: false,
    };
  });
}

export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
