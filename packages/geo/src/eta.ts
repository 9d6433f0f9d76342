/**
 * Embedded travel-time estimate: great-circle distance × detour factor ÷ mode speed.
 *
 * Figures (README "Travel time"):
 * - automobile: detour 1.3; 30 km/h for the first 10 km of road (town streets), 65 km/h for
 *   the rest (a mix of main roads and motorways), plus 2 minutes to start and park;
 * - walking: detour 1.25 at 4.8 km/h.
 * Every result says `estimate: true`.
 */
import { distanceBetween } from './geo-math.js';
import type { Eta, EtaService, LatLon, TravelMode } from './types.js';

export const ETA_FIGURES = {
  automobile: { detour: 1.3, townKm: 10, townKmh: 30, roadKmh: 65, overheadS: 120 },
  walking: { detour: 1.25, kmh: 4.8 },
} as const;

/** Estimated road distance (m) and time (s) for a great-circle distance in metres. */
export function estimateTravel(
  straightM: number,
  mode: TravelMode,
): { distance: number; time: number } {
  if (mode === 'walking') {
    const f = ETA_FIGURES.walking;
    const distance = straightM * f.detour;
    return { distance, time: (distance / 1000 / f.kmh) * 3600 };
  }
  const f = ETA_FIGURES.automobile;
  const distance = straightM * f.detour;
  const km = distance / 1000;
  const town = Math.min(km, f.townKm);
  const road = Math.max(0, km - f.townKm);
  const time = km === 0 ? 0 : f.overheadS + (town / f.townKmh + road / f.roadKmh) * 3600;
  return { distance, time };
}

export function estimateEta(origin: LatLon, destination: LatLon, mode: TravelMode): Eta {
  const { distance, time } = estimateTravel(distanceBetween(origin, destination), mode);
  return {
    destination,
    transportType: mode,
    expectedTravelTime: Math.round(time),
    distance: Math.round(distance),
    estimate: true,
  };
}

/** The embedded ETA service (no network). */
export function createEstimateEta(): EtaService {
  return {
    async eta(origin, destinations, mode, signal) {
      signal?.throwIfAborted();
      return destinations.map((d) => estimateEta(origin, d, mode));
    },
  };
}
