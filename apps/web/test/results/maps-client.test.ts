import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMapsClient, mapsLanguage } from '../../src/lib/maps';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const place = (name: string, lat = 51.5, lon = -0.12) => ({
  displayLines: [name, 'England, United Kingdom'],
  coordinate: { latitude: lat, longitude: lon },
  formattedAddress: `${name}, England, United Kingdom`,
  countryCode: 'gb',
});

/** A fetch that records URLs and honours abort signals. */
function fakeFetch(answer: (url: string) => Response | Promise<Response>) {
  const calls: { url: string; signal: AbortSignal | undefined }[] = [];
  const impl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const signal = init?.signal ?? undefined;
    calls.push({ url, signal });
    return new Promise<Response>((resolve, reject) => {
      const fail = () => reject(new DOMException('Aborted', 'AbortError'));
      if (signal?.aborted) return fail();
      signal?.addEventListener('abort', fail);
      Promise.resolve(answer(url)).then(resolve, reject);
    });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('maps client: autocomplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 500 ms before asking, with countries, language and limit', async () => {
    const { impl, calls } = fakeFetch(() => json({ results: [place('London')] }));
    const ac = createMapsClient({ fetch: impl, log: () => {} }).autocompleter();
    const pending = ac.suggest({ q: 'Lon', countries: ['gb', 'ie'], lang: 'en-GB' });
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const places = await pending;
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/maps/autocomplete');
    expect(url.searchParams.get('q')).toBe('Lon');
    expect(url.searchParams.get('countries')).toBe('GB,IE');
    expect(url.searchParams.get('lang')).toBe('en-GB');
    expect(url.searchParams.get('limit')).toBe('8');
    expect(places).toEqual([
      {
        lines: ['London', 'England, United Kingdom'],
        latitude: 51.5,
        longitude: -0.12,
        formattedAddress: 'London, England, United Kingdom',
        countryCode: 'GB',
      },
    ]);
  });

  it('debounces typing: only the last text is asked for, earlier calls resolve undefined', async () => {
    const { impl, calls } = fakeFetch((url) => json({ results: [place(url)] }));
    const ac = createMapsClient({ fetch: impl, log: () => {} }).autocompleter();
    const first = ac.suggest({ q: 'L', countries: ['GB'], lang: 'en' });
    await vi.advanceTimersByTimeAsync(200);
    const second = ac.suggest({ q: 'Lo', countries: ['GB'], lang: 'en' });
    await vi.advanceTimersByTimeAsync(500);
    expect(await first).toBeUndefined();
    expect(await second).toHaveLength(1);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['Lo']);
  });

  it('a new request aborts the one in flight', async () => {
    let release: (r: Response) => void = () => {};
    const { impl, calls } = fakeFetch((url) =>
      url.includes('q=A&')
        ? new Promise<Response>((r) => (release = r))
        : json({ results: [place('B')] }),
    );
    const ac = createMapsClient({ fetch: impl, log: () => {} }).autocompleter();
    const first = ac.suggest({ q: 'A', countries: ['GB'], lang: 'en' });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    const second = ac.suggest({ q: 'B', countries: ['GB'], lang: 'en' });
    expect(calls[0]!.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    release(json({ results: [place('A')] }));
    expect(await first).toBeUndefined();
    expect((await second)?.[0]?.lines[0]).toBe('B');
  });

  it('keeps only results with a coordinate', async () => {
    const { impl } = fakeFetch(() =>
      json({
        results: [
          place('Kept'),
          { displayLines: ['No coordinate', ''], formattedAddress: 'x' },
          { ...place('Bad'), coordinate: { latitude: 'north', longitude: 1 } },
          { ...place('Out of range'), coordinate: { latitude: 91, longitude: 0 } },
        ],
      }),
    );
    const ac = createMapsClient({ fetch: impl, log: () => {} }).autocompleter();
    const pending = ac.suggest({ q: 'x', countries: [], lang: 'en' });
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending)?.map((p) => p.lines[0])).toEqual(['Kept']);
  });

  it('blank text answers [] at once without a request', async () => {
    const { impl, calls } = fakeFetch(() => json({ results: [] }));
    const ac = createMapsClient({ fetch: impl }).autocompleter();
    expect(await ac.suggest({ q: '   ', countries: [], lang: 'en' })).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('a failure is logged and answers [], never thrown', async () => {
    const log = vi.fn();
    const { impl } = fakeFetch(() =>
      json({ error: { code: 'INVALID_PARAMETER', message: 'q: too long', param: 'q' } }, 400),
    );
    const ac = createMapsClient({ fetch: impl, log }).autocompleter();
    const pending = ac.suggest({ q: 'x', countries: [], lang: 'en' });
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![1]).toMatchObject({ status: 400, code: 'INVALID_PARAMETER' });
  });

  it('cancel() drops the pending request', async () => {
    const { impl, calls } = fakeFetch(() => json({ results: [place('A')] }));
    const ac = createMapsClient({ fetch: impl }).autocompleter();
    const pending = ac.suggest({ q: 'A', countries: [], lang: 'en' });
    ac.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});

describe('maps client: geocoding', () => {
  it('forward geocoding is limited to countries; a failure gives []', async () => {
    const { impl, calls } = fakeFetch(() => json({ results: [place('Leeds', 53.8, -1.55)] }));
    const client = createMapsClient({ fetch: impl, log: () => {} });
    const places = await client.geocode({ q: 'Leeds', countries: ['GB'], lang: 'en-GB' });
    expect(places[0]).toMatchObject({ latitude: 53.8, longitude: -1.55 });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/maps/geocode');
    expect(url.searchParams.get('countries')).toBe('GB');

    const failing = createMapsClient({
      fetch: fakeFetch(() => new Response('oops', { status: 500 })).impl,
      log: () => {},
    });
    expect(await failing.geocode({ q: 'Leeds', countries: ['GB'], lang: 'en' })).toEqual([]);
  });

  it('reads a postcode notice and a "did you mean" suggestion; a failure gives no places', async () => {
    const { impl } = fakeFetch(() =>
      json({
        results: [],
        notice: { code: 'postcode-not-offline', countries: ['GB'] },
        suggestion: place('Leeds', 53.8, -1.55),
      }),
    );
    const client = createMapsClient({ fetch: impl, log: () => {} });
    const answer = await client.geocodeAnswer?.({ q: 'LS1', countries: ['GB'], lang: 'en' });
    expect(answer?.places).toEqual([]);
    expect(answer?.notice).toEqual({ code: 'postcode-not-offline', countries: ['GB'] });
    expect(answer?.suggestion).toMatchObject({ latitude: 53.8, longitude: -1.55 });
    const failing = createMapsClient({
      fetch: fakeFetch(() => new Response('oops', { status: 500 })).impl,
      log: () => {},
    });
    expect(await failing.geocodeAnswer?.({ q: 'LS1', countries: ['GB'], lang: 'en' })).toEqual({
      places: [],
    });
  });

  it('reverse geocoding reads the first result; a failure gives undefined', async () => {
    const { impl, calls } = fakeFetch(() => json({ results: [place('Soho'), place('London')] }));
    const client = createMapsClient({ fetch: impl });
    const found = await client.reverse({ latitude: 51.51, longitude: -0.13, lang: 'en-GB' });
    expect(found?.lines[0]).toBe('Soho');
    expect(found?.countryCode).toBe('GB');
    expect(calls[0]!.url).toBe('/api/v1/maps/reverse?lat=51.51&lon=-0.13&lang=en-GB');

    const log = vi.fn();
    const failing = createMapsClient({ fetch: fakeFetch(() => json({ nope: 1 })).impl, log });
    expect(await failing.reverse({ latitude: 0, longitude: 0, lang: 'en' })).toBeUndefined();
    expect(log).toHaveBeenCalled();
  });
});

describe('maps client: ETA', () => {
  const origin = { latitude: 51.5, longitude: -0.1 };
  const destinations = [
    { latitude: 51.51, longitude: -0.12 },
    { latitude: 51.52, longitude: -0.13 },
  ];

  it('asks with origin, destinations and mode and reads the etas', async () => {
    const { impl, calls } = fakeFetch(() =>
      json({ etas: [{ expectedTravelTime: 600, distance: 2000, estimate: true }] }),
    );
    const eta = createMapsClient({ fetch: impl }).etaRequester();
    const etas = await eta.request({ origin, destinations, mode: 'walking' });
    expect(etas?.[0]?.expectedTravelTime).toBe(600);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.searchParams.get('origin')).toBe('51.5,-0.1');
    expect(url.searchParams.get('destinations')).toBe('51.51,-0.12;51.52,-0.13');
    expect(url.searchParams.get('mode')).toBe('walking');
  });

  it('a new request cancels the pending one', async () => {
    let release: (r: Response) => void = () => {};
    let n = 0;
    const { impl, calls } = fakeFetch(() =>
      n++ === 0
        ? new Promise<Response>((r) => (release = r))
        : json({ etas: [{ expectedTravelTime: 60, distance: 900, estimate: false }] }),
    );
    const eta = createMapsClient({ fetch: impl }).etaRequester();
    const first = eta.request({ origin, destinations, mode: 'automobile' });
    const second = eta.request({ origin, destinations, mode: 'walking' });
    expect(calls[0]!.signal?.aborted).toBe(true);
    release(json({ etas: [{ expectedTravelTime: 1, distance: 10, estimate: false }] }));
    expect(await first).toBeUndefined();
    expect((await second)?.[0]?.expectedTravelTime).toBe(60);
  });

  it('a failure is logged and answers undefined', async () => {
    const log = vi.fn();
    const { impl } = fakeFetch(() => Promise.reject(new TypeError('network down')));
    const eta = createMapsClient({ fetch: impl, log }).etaRequester();
    expect(await eta.request({ origin, destinations, mode: 'automobile' })).toBeUndefined();
    expect(log).toHaveBeenCalledWith('ETA failed', expect.any(TypeError));
  });
});

describe('mapsLanguage (PRODUCT.md#maps-service language override)', () => {
  it('uses zh-HK for hk, zh-Hant for mo and tw, the page language otherwise', () => {
    expect(mapsLanguage('hk', 'en-HK')).toBe('zh-HK');
    expect(mapsLanguage('mo', 'zh-MO')).toBe('zh-Hant');
    expect(mapsLanguage('tw', 'zh-TW')).toBe('zh-Hant');
    expect(mapsLanguage('uk', 'en-GB')).toBe('en-GB');
    expect(mapsLanguage('ae', 'ar-AE')).toBe('ar-AE');
  });
});
