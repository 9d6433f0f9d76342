/** Coordinates typed as a query (the searcher answers them with the place they are in). */
import { isValidLatLon } from './geo-math.js';
import type { LatLon } from './types.js';

const NUM = String.raw`([+-]?\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEWO])?`;
const COORD_RE = new RegExp(String.raw`^\s*${NUM}\s*[,;/\s]\s*${NUM}\s*$`, 'i');

/** "48.85, 2.35", "48.85 2.35", "48.85N 2.35E", "33.9S, 151.2E"; decimals or hemispheres needed. */
export function parseCoordinates(q: string): LatLon | null {
  const m = COORD_RE.exec(q);
  if (!m) return null;
  const [, a = '', ha, b = '', hb] = m;
  if (!(a.includes('.') && b.includes('.')) && !(ha && hb)) return null;
  let lat = Number(a);
  let lon = Number(b);
  let h1 = ha?.toUpperCase();
  let h2 = hb?.toUpperCase();
  if (h1 && 'EWO'.includes(h1) && (!h2 || 'NS'.includes(h2))) {
    [lat, lon, h1, h2] = [lon, lat, h2, h1];
  }
  if (h1 === 'S') lat = -Math.abs(lat);
  if (h2 === 'W') lon = -Math.abs(lon);
  return isValidLatLon(lat, lon) ? { lat, lon } : null;
}
