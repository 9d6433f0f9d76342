/**
 * Requests to the maps endpoints (PRODUCT.md#maps-service): autocomplete, forward geocode, reverse geocode and
 * ETA. Each function takes an AbortSignal and throws on failure; the cancelling, debouncing and
 * never-throwing wrappers the UI uses are in `client.ts`.
 */
import { parseErrorBody } from '@locator/core';
import {
  MAPS_API_BASE,
  etaResponseSchema,
  parsePlaceAnswer,
  parsePlaces,
  type Eta,
  type Place,
  type PlaceAnswer,
} from './schemas';

export type FetchLike = typeof fetch;

export class MapsRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'MapsRequestError';
  }
}

export interface PlaceQuery {
  q: string;
  /** ISO alpha-2 codes the search is limited to (PRODUCT.md#maps-service limitToCountries). */
  countries: readonly string[];
  lang: string;
  limit?: number;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  return search.toString();
}

async function getJson(
  fetchImpl: FetchLike,
  path: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const res = await fetchImpl(path, { headers: { Accept: 'application/json' }, signal });
  let body: unknown = undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const error = parseErrorBody(body);
    throw new MapsRequestError(res.status, error?.code, error?.message ?? `HTTP ${res.status}`);
  }
  return body;
}

function placePath(endpoint: 'autocomplete' | 'geocode', q: PlaceQuery): string {
  return `${MAPS_API_BASE}/${endpoint}?${query({
    q: q.q,
    countries: q.countries.map((c) => c.toUpperCase()).join(','),
    lang: q.lang,
    limit: q.limit === undefined ? undefined : String(q.limit),
  })}`;
}

export async function fetchAutocomplete(
  q: PlaceQuery,
  signal?: AbortSignal,
  fetchImpl: FetchLike = (...a) => fetch(...a),
): Promise<Place[]> {
  return parsePlaces(await getJson(fetchImpl, placePath('autocomplete', q), signal));
}

export async function fetchGeocode(
  q: PlaceQuery,
  signal?: AbortSignal,
  fetchImpl: FetchLike = (...a) => fetch(...a),
): Promise<Place[]> {
  return parsePlaces(await getJson(fetchImpl, placePath('geocode', q), signal));
}

/** Forward geocoding with the answer's postcode notice or "did you mean" suggestion. */
export async function fetchGeocodeAnswer(
  q: PlaceQuery,
  signal?: AbortSignal,
  fetchImpl: FetchLike = (...a) => fetch(...a),
): Promise<PlaceAnswer> {
  return parsePlaceAnswer(await getJson(fetchImpl, placePath('geocode', q), signal));
}

export async function fetchReverse(
  position: { latitude: number; longitude: number; lang: string },
  signal?: AbortSignal,
  fetchImpl: FetchLike = (...a) => fetch(...a),
): Promise<Place | undefined> {
  const path = `${MAPS_API_BASE}/reverse?${query({
    lat: String(position.latitude),
    lon: String(position.longitude),
    lang: position.lang,
  })}`;
  return parsePlaces(await getJson(fetchImpl, path, signal))[0];
}

export interface EtaQuery {
  origin: { latitude: number; longitude: number };
  destinations: readonly { latitude: number; longitude: number }[];
  mode: 'automobile' | 'walking';
}

export async function fetchEta(
  q: EtaQuery,
  signal?: AbortSignal,
  fetchImpl: FetchLike = (...a) => fetch(...a),
): Promise<Eta[]> {
  const point = (p: { latitude: number; longitude: number }) => `${p.latitude},${p.longitude}`;
  const path = `${MAPS_API_BASE}/eta?${query({
    origin: point(q.origin),
    destinations: q.destinations.map(point).join(';'),
    mode: q.mode,
  })}`;
  return etaResponseSchema.parse(await getJson(fetchImpl, path, signal)).etas;
}
