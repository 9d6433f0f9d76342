// @vitest-environment jsdom
/**
 * The elements' analytics: a search and a store-link click give the same events as the
 * locator's own pages, sent to the locator's origin with fetch (never a beacon, which would carry
 * credentials cross-origin), without credentials.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENTS_PATH, type SearchRequest } from '@locator/core';
import { flushAnalytics, resetAnalytics } from '../../src/lib/analytics';
import { trackEmbedClick, trackEmbedSearch } from '../../src/embed/analytics';
import { LOCATOR_ORIGIN } from '../../src/embed/origin';
import type { ResultsContext } from '../../src/features/results/context';

const ctx = { channelKey: 'service', locale: 'en_GB' } as ResultsContext;
const request: SearchRequest = {
  latitude: 51.507,
  longitude: -0.128,
  channel: 'service',
  lang: 'en',
  countryCode: 'GB',
  productId: '1',
  product: 'Phone',
  maxRadius: 50,
  maxResults: 10,
  carriers: '',
  formattedAddress: 'London',
};

let fetchMock: ReturnType<typeof vi.fn>;
const beacon = vi.fn(() => true);

beforeEach(() => {
  resetAnalytics();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});

afterEach(() => {
  resetAnalytics();
  vi.unstubAllGlobals();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

describe('embed analytics', () => {
  it('sends a search and a store-link click to the locator, on page hide too', () => {
    trackEmbedSearch(ctx, request, 'deepLink', 3, true);
    trackEmbedClick(ctx, request, 'directions', 'GB-7');
    flushAnalytics(true);
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${LOCATOR_ORIGIN}${ANALYTICS_EVENTS_PATH}`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(JSON.parse(init.body as string)).toEqual({
      events: [
        {
          type: 'search',
          channel: 'service',
          country: 'GB',
          locale: 'en_GB',
          product: '1',
          trigger: 'deepLink',
          dropOff: false,
          resultCount: 3,
          beyondRadius: true,
          latitude: 51.507,
          longitude: -0.128,
        },
        {
          type: 'click',
          link: 'directions',
          locale: 'en_GB',
          channel: 'service',
          country: 'GB',
          product: '1',
          storeId: 'GB-7',
        },
      ],
    });
  });
});
