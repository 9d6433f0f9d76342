/**
 * The location-search statistic (spec 3.9, 5, 7.1): POST /api/v1/grlui/locationSearch,
 * fire-and-forget, sent only when reverse geocoding the searched position answers the searched
 * country. Failures are logged and ignored.
 */
import {
  API_BASE,
  locationSearchSchema,
  locationSearchStatistic,
  shouldSendStatistic,
  type SearchRequest,
} from '@locator/core';
import type { MapsClient } from '../../../lib/maps';

export const LOCATION_SEARCH_PATH = `${API_BASE}/locationSearch`;

export async function postLocationSearch(
  body: unknown,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): Promise<void> {
  const parsed = locationSearchSchema.safeParse(body);
  if (!parsed.success) {
    console.warn('locationSearch statistic not sent: invalid body', parsed.error.issues);
    return;
  }
  const res = await fetchImpl(LOCATION_SEARCH_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(parsed.data),
    keepalive: true,
  });
  if (!res.ok) throw new Error(`locationSearch: HTTP ${res.status}`);
}

/** Reverse-geocodes the position and sends the statistic when the countries match. */
export function sendLocationSearch(
  request: SearchRequest,
  locale: string,
  maps: Pick<MapsClient, 'reverse'>,
  mapsLang: string,
  fetchImpl?: typeof fetch,
): Promise<boolean> {
  return maps
    .reverse({ latitude: request.latitude, longitude: request.longitude, lang: mapsLang })
    .then(async (place) => {
      if (!shouldSendStatistic(place?.countryCode, request.countryCode)) return false;
      await postLocationSearch(
        locationSearchStatistic(request, locale.replace('-', '_')),
        fetchImpl,
      );
      return true;
    })
    .catch((error: unknown) => {
      console.warn('locationSearch statistic failed', error);
      return false;
    });
}
