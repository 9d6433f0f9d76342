/**
 * Nominatim geocoder adapter (OpenStreetMap Nominatim HTTP API, format jsonv2):
 *   `GET {baseUrl}/search?q=…&format=jsonv2&addressdetails=1&limit=…&countrycodes=gb,ie&accept-language=…`
 *   `GET {baseUrl}/reverse?lat=…&lon=…&format=jsonv2&addressdetails=1&accept-language=…`
 * answering `[{lat: "…", lon: "…", name, display_name, address: {road, house_number, postcode,
 * city|town|village, state, country, country_code}}]` (search) or one such object (reverse;
 * `{error: "Unable to geocode"}` when nothing is there). Nominatim has no autocomplete; it is
 * used for both (its usage policy forbids autocomplete on the public instance: run your own).
 */
import { fetchJson, trimSlash } from './http.js';
import { countryFilter, placeFromParts, type Geocoder } from './geocoder.js';
import type { Place } from '../types.js';

export interface NominatimOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Sent as User-Agent, as the Nominatim usage policy asks. */
  userAgent?: string;
}

interface NominatimResult {
  lat?: unknown;
  lon?: unknown;
  name?: unknown;
  address?: Record<string, unknown>;
  error?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function nominatimPlace(r: NominatimResult): Place | undefined {
  if (r.error !== undefined) return undefined;
  const a = r.address ?? {};
  return placeFromParts({
    name: str(r.name),
    street: str(a.road),
    housenumber: str(a.house_number),
    postcode: str(a.postcode),
    city: str(a.city) ?? str(a.town) ?? str(a.village) ?? str(a.municipality),
    state: str(a.state),
    country: str(a.country),
    countryCode: str(a.country_code),
    latitude: Number(r.lat),
    longitude: Number(r.lon),
  });
}

export function createNominatimGeocoder(options: NominatimOptions | string): Geocoder {
  const o = typeof options === 'string' ? { baseUrl: options } : options;
  const base = trimSlash(o.baseUrl);
  const init: RequestInit = {
    method: 'GET',
    headers: { 'user-agent': o.userAgent ?? 'locator (self-hosted)' },
  };

  async function search(
    q: string,
    o2: { countries?: string[]; lang: string; limit?: number },
    dflt: number,
    signal?: AbortSignal,
  ): Promise<Place[]> {
    const only = countryFilter(o2.countries);
    const cc = only ? `&countrycodes=${[...only].map((c) => c.toLowerCase()).join(',')}` : '';
    const url =
      `${base}/search?q=${encodeURIComponent(q)}&format=jsonv2&addressdetails=1` +
      `&limit=${o2.limit ?? dflt}${cc}&accept-language=${encodeURIComponent(o2.lang)}`;
    const body = await fetchJson(url, init, { timeoutMs: o.timeoutMs, signal });
    return (Array.isArray(body) ? (body as NominatimResult[]) : [])
      .map(nominatimPlace)
      .filter((p): p is Place => !!p);
  }

  return {
    autocomplete: (q, o2, signal) => search(q, o2, 8, signal),
    geocode: (q, o2, signal) => search(q, o2, 5, signal),
    async reverse(lat, lon, o2, signal) {
      const url =
        `${base}/reverse?lat=${lat}&lon=${lon}&format=jsonv2&addressdetails=1` +
        `&accept-language=${encodeURIComponent(o2.lang)}`;
      const body = await fetchJson(url, init, { timeoutMs: o.timeoutMs, signal });
      if (!body || typeof body !== 'object') return null;
      return nominatimPlace(body as NominatimResult) ?? null;
    },
  };
}
