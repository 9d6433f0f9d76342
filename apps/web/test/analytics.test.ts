// @vitest-environment jsdom
/**
 * The analytics client queue: batching, page hide (sendBeacon), failures ignored, the events
 * reduced to the wire schema. jsdom has no sendBeacon: the test puts one on navigator.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsQueue,
  configureAnalytics,
  flushAnalytics,
  pendingAnalytics,
  resetAnalytics,
  trackClick,
  trackPageView,
  trackSearch,
  type SearchEvent,
} from '../src/lib/analytics';

const search: SearchEvent = {
  channel: 'sales',
  locale: 'en-GB',
  country: 'GB',
  product: 'all',
  carrier: '',
  repairType: '',
  trigger: 'form',
};
const view = (path = '/uk/en/') => ({ path, locale: 'en-GB', page: 'home', title: 'Home' });

let fetchMock: ReturnType<typeof vi.fn>;
let beacon: ReturnType<typeof vi.fn> | undefined;

const sentBodies = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

beforeEach(() => {
  resetAnalytics();
  vi.useFakeTimers();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
  beacon = undefined;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if ('sendBeacon' in navigator) delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

function stubBeacon(answer: boolean | 'throw' = true) {
  beacon = vi.fn(() => {
    if (answer === 'throw') throw new TypeError('beacon refused');
    return answer;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
}

describe('analytics client queue', () => {
  it('sends a batch when batchSize events are waiting, and the rest after flushMs', () => {
    configureAnalytics({ batchSize: 3, flushMs: 1000 });
    trackPageView(view());
    trackSearch(search);
    expect(fetchMock).not.toHaveBeenCalled();
    trackClick({ link: 'directions', channel: 'sales', locale: 'en-GB', storeId: 'GB-1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/analytics/events');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(sentBodies()[0].events.map((e: { type: string }) => e.type)).toEqual([
      'pageView',
      'search',
      'click',
    ]);
    trackPageView(view('/de/de/'));
    vi.advanceTimersByTime(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBodies()[1]).toEqual({
      events: [{ type: 'pageView', page: 'home', locale: 'en-GB', country: 'de' }],
    });
    expect(pendingAnalytics()).toEqual([]);
  });

  it('sends what is queued with sendBeacon when the page is hidden', async () => {
    stubBeacon(true);
    trackPageView(view('/uk/en/sales'));
    trackSearch({ ...search, resultCount: 0, latitude: 53.48095, longitude: -2.23743 });
    // Answered only beyond the radius: said with the count.
    trackSearch({ ...search, resultCount: 4, beyondRadius: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon!.mock.calls[0] as [string, Blob];
    expect(url).toBe('/api/v1/analytics/events');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      events: [
        { type: 'pageView', page: 'home', locale: 'en-GB', country: 'uk', channel: 'sales' },
        {
          type: 'search',
          channel: 'sales',
          country: 'GB',
          locale: 'en-GB',
          product: 'all',
          trigger: 'form',
          dropOff: false,
          resultCount: 0,
          latitude: 53.48095,
          longitude: -2.23743,
        },
        {
          type: 'search',
          channel: 'sales',
          country: 'GB',
          locale: 'en-GB',
          product: 'all',
          trigger: 'form',
          dropOff: false,
          resultCount: 4,
          beyondRadius: true,
        },
      ],
    });
    // visibilitychange → hidden does the same; nothing queued then means nothing sent.
    trackPageView(view());
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(2);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    // The timer of the flushed events is gone.
    vi.runAllTimers();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to fetch keepalive when sendBeacon refuses, throws or is missing', () => {
    stubBeacon(false);
    trackPageView(view());
    flushAnalytics(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stubBeacon('throw');
    trackPageView(view());
    expect(() => flushAnalytics(true)).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    trackPageView(view());
    flushAnalytics(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('ignores failures: a rejected or throwing fetch never reaches the page, events are not resent', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    configureAnalytics({ batchSize: 1 });
    expect(() => trackPageView(view())).not.toThrow();
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 500 })));
    expect(() => trackSearch(search)).not.toThrow();
    fetchMock.mockImplementation(() => {
      throw new Error('fetch is broken');
    });
    expect(() => trackClick({ link: 'phone', channel: 'sales', locale: 'en-GB' })).not.toThrow();
    vi.useRealTimers();
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(pendingAnalytics()).toEqual([]);
    // The facade still records every event for inspection.
    expect(analyticsQueue().map((e) => e.type)).toEqual(['pageView', 'search', 'click']);
  });

  it('sends no URL, title, path or query; clicks carry the last search’s country and product', () => {
    configureAnalytics({ enabled: false });
    trackPageView({
      path: '/uk/en/sales?lat=51.5&lon=-0.1&address=10+Downing+St',
      locale: 'en-GB',
      page: 'results',
      title: 'Where to buy',
    });
    trackSearch({
      ...search,
      channel: 'service',
      product: '1',
      carrier: 'EE',
      repairType: 'Drop off',
    });
    trackClick({
      link: 'directions',
      channel: 'service',
      locale: 'en-GB',
      storeId: 'GB-7',
      url: 'https://maps.example/?saddr=51.5,-0.1&daddr=x',
    });
    trackClick({ link: 'home', channel: 'sales', locale: 'en-GB', url: '/uk/en/' });
    expect(pendingAnalytics()).toEqual([
      { type: 'pageView', page: 'results', locale: 'en-GB', country: 'uk', channel: 'sales' },
      {
        type: 'search',
        channel: 'service',
        country: 'GB',
        locale: 'en-GB',
        product: '1',
        carrier: 'EE',
        trigger: 'form',
        dropOff: true,
      },
      {
        type: 'click',
        link: 'directions',
        locale: 'en-GB',
        channel: 'service',
        country: 'GB',
        product: '1',
        storeId: 'GB-7',
      },
      { type: 'click', link: 'home', locale: 'en-GB', channel: 'sales' },
    ]);
    expect(JSON.stringify(pendingAnalytics())).not.toMatch(/Downing|saddr|Where to buy|lat=/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops events that do not fit the schema, keeps the queue bounded, splits big sends', () => {
    configureAnalytics({ enabled: false, maxQueue: 5 });
    trackClick({ link: 'mailto', channel: 'sales', locale: 'en-GB' });
    trackPageView({ ...view(), page: 'admin' });
    expect(pendingAnalytics()).toEqual([]);
    expect(analyticsQueue()).toHaveLength(2);
    for (let i = 0; i < 8; i += 1) trackSearch({ ...search, resultCount: i });
    expect(pendingAnalytics().map((e) => (e as { resultCount: number }).resultCount)).toEqual([
      3, 4, 5, 6, 7,
    ]);
    configureAnalytics({ enabled: true, maxQueue: 500, batchSize: 500 });
    resetAnalytics();
    configureAnalytics({ enabled: false, maxQueue: 500 });
    for (let i = 0; i < 120; i += 1) trackPageView(view());
    configureAnalytics({ enabled: true });
    flushAnalytics();
    expect(sentBodies().map((b) => b.events.length)).toEqual([50, 50, 20]);
  });

  it('keeps the tracked events inspectable on window.__locatorAnalytics', () => {
    trackPageView(view());
    const seen = (window as unknown as { __locatorAnalytics: { page: string; path: string }[] })
      .__locatorAnalytics;
    expect(seen.map((v) => `${v.page} ${v.path}`)).toEqual(['home /uk/en/']);
  });
});
