/** Great-circle helpers. */
import type { LatLon } from './types.js';

/** Mean Earth radius (IUGG), the sphere of great-circle distances (as PostGIS measures geography). */
export const EARTH_RADIUS_M = 6_371_008.7714;
const RAD = Math.PI / 180;

/** Haversine distance in metres. */
export function distanceMetres(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = (bLat - aLat) * RAD;
  const dLon = (bLon - aLon) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceBetween(a: LatLon, b: LatLon): number {
  return distanceMetres(a.lat, a.lon, b.lat, b.lon);
}

export function isValidLatLon(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
  );
}
