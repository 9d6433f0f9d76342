/**
 * The location-search statistic (PRODUCT.md#location-search-statistic, #validation, #product-api): POST /api/v1/grlui/locationSearch,
 * fire-and-forget. The server keeps it only when the position lies in the searched country (it
 * reverse-geocodes there), so the browser sends no reverse-geocoding request for it. Failures
 * are logged and ignored.
 */
import { API_BASE, locationSearchStatistic, type SearchRequest } from '@locator/core';

export const LOCATION_SEARCH_PATH = `${API_BASE}/locationSearch`;

/** Sends the statistic of a search; resolves false when it could not be sent. */
export function sendLocationSearch(
  request: SearchRequest,
  locale: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): Promise<boolean> {
  // The request was built by this app from validated values: it is not validated again.
  const body = locationSearchStatistic(request, locale.replace('-', '_'));
  return fetchImpl(LOCATION_SEARCH_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) throw new Error(`locationSearch: HTTP ${res.status}`);
      return true;
    })
    .catch((error: unknown) => {
      console.warn('locationSearch statistic failed', error);
      return false;
    });
}
