/**
 * Spatial helpers of the store index and the store tables: the boxes around a search circle and
 * the Z-order of positions. Distances are the maps engine's great-circle distance, on the mean
 * Earth sphere (IUGG).
 */
import { EARTH_RADIUS_M, distanceMetres } from '@locator/geo';

export const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000;

const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return distanceMetres(lat1, lon1, lat2, lon2) / 1000;
}

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * Latitude/longitude boxes that contain the circle of `radiusKm` around a point: one box, or
 * two when the circle crosses the antimeridian; the full longitude range near the poles.
 */
export function boundingBoxes(lat: number, lon: number, radiusKm: number): Box[] {
  const dLat = radiusKm / (EARTH_RADIUS_KM * RAD);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  if (minLat <= -90 || maxLat >= 90) return [{ minLat, maxLat, minLon: -180, maxLon: 180 }];
  const sinRatio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos(lat * RAD);
  if (sinRatio >= 1) return [{ minLat, maxLat, minLon: -180, maxLon: 180 }];
  const dLon = Math.asin(sinRatio) / RAD;
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  if (minLon < -180) {
    return [
      { minLat, maxLat, minLon: minLon + 360, maxLon: 180 },
      { minLat, maxLat, minLon: -180, maxLon },
    ];
  }
  if (maxLon > 180) {
    return [
      { minLat, maxLat, minLon, maxLon: 180 },
      { minLat, maxLat, minLon: -180, maxLon: maxLon - 360 },
    ];
  }
  return [{ minLat, maxLat, minLon, maxLon }];
}

/** Spreads the low 16 bits of n to the even bit positions. */
function spread16(n: number): number {
  let x = n & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x;
}

/** Z-order (Morton) key of a position on a 65,536 × 65,536 grid: near keys, near places. */
export function zOrder(latitude: number, longitude: number): number {
  const y = Math.min(65535, Math.max(0, Math.floor(((latitude + 90) / 180) * 65536)));
  const x = Math.min(65535, Math.max(0, Math.floor(((longitude + 180) / 360) * 65536)));
  return (spread16(x) | (spread16(y) << 1)) >>> 0;
}

/**
 * The records in Z-order (then by storeId): inserted in this order, stores near each other get
 * near row ids and share table pages, so a search reads its documents from few pages.
 */
export function inSpatialOrder<T extends { latitude: number; longitude: number; storeId: string }>(
  records: readonly T[],
): T[] {
  const keyed = records.map((r) => ({ r, k: zOrder(r.latitude, r.longitude) }));
  keyed.sort(
    (a, b) => a.k - b.k || (a.r.storeId < b.r.storeId ? -1 : a.r.storeId > b.r.storeId ? 1 : 0),
  );
  return keyed.map((x) => x.r);
}
