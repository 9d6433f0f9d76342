/**
 * Photon geocoder adapter (komoot/photon HTTP API):
 *   `GET {baseUrl}/api?q=…&lang=…&limit=…[&lat=…&lon=…]` and `GET {baseUrl}/reverse?lat=…&lon=…`
 * answering GeoJSON `{features: [{geometry: {coordinates: [lon, lat]}, properties: {name,
 * street, housenumber, postcode, city, state, country, countrycode, …}}]}`.
 * Photon has no country parameter, so results are filtered by `countrycode` here (asking for
 * a few more than the limit to make up for the filtered ones).
 */
import { fetchJson, trimSlash } from './http.js';
import { countryFilter, placeFromParts, type Geocoder } from './geocoder.js';
import type { Place } from '../types.js';

export interface PhotonOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Languages the Photon instance was built with (default: Photon's default set). */
  languages?: readonly string[];
}

interface PhotonFeature {
  geometry?: { coordinates?: unknown };
  properties?: Record<string, unknown>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function photonPlace(f: PhotonFeature): Place | undefined {
  const c = f.geometry?.coordinates;
  if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') return undefined;
  const p = f.properties ?? {};
  return placeFromParts({
    name: str(p.name),
    street: str(p.street),
    housenumber: str(p.housenumber),
    postcode: str(p.postcode),
    city: str(p.city) ?? str(p.town) ?? str(p.village),
    state: str(p.state),
    country: str(p.country),
    countryCode: str(p.countrycode),
    latitude: c[1],
    longitude: c[0],
  });
}

function features(body: unknown): PhotonFeature[] {
  const list = (body as { features?: unknown } | undefined)?.features;
  return Array.isArray(list) ? (list as PhotonFeature[]) : [];
}

export function createPhotonGeocoder(options: PhotonOptions | string): Geocoder {
  const o = typeof options === 'string' ? { baseUrl: options } : options;
  const base = trimSlash(o.baseUrl);
  const languages = new Set(o.languages ?? ['default', 'en', 'de', 'fr', 'it']);
  const langParam = (lang: string): string => {
    const l = lang.split('-')[0]?.toLowerCase() ?? 'en';
    return languages.has(l) ? `&lang=${l}` : '';
  };

  async function search(
    q: string,
    o2: { countries?: string[]; lang: string; limit?: number; near?: { lat: number; lon: number } },
    dflt: number,
    signal?: AbortSignal,
  ): Promise<Place[]> {
    const limit = o2.limit ?? dflt;
    const only = countryFilter(o2.countries);
    const ask = only ? Math.min(50, limit * 3) : limit;
    const near = o2.near ? `&lat=${o2.near.lat}&lon=${o2.near.lon}` : '';
    const url = `${base}/api?q=${encodeURIComponent(q)}&limit=${ask}${langParam(o2.lang)}${near}`;
    const body = await fetchJson(url, { method: 'GET' }, { timeoutMs: o.timeoutMs, signal });
    return features(body)
      .map(photonPlace)
      .filter((p): p is Place => !!p && (!only || only.has(p.countryCode)))
      .slice(0, limit);
  }

  return {
    autocomplete: (q, o2, signal) => search(q, o2, 8, signal),
    geocode: (q, o2, signal) => search(q, o2, 5, signal),
    async reverse(lat, lon, o2, signal) {
      const url = `${base}/reverse?lat=${lat}&lon=${lon}&limit=1${langParam(o2.lang)}`;
      const body = await fetchJson(url, { method: 'GET' }, { timeoutMs: o.timeoutMs, signal });
      const first = features(body)[0];
      return (first && photonPlace(first)) ?? null;
    },
  };
}
