/**
 * Photon and Nominatim adapters against recorded responses in their documented formats, served
 * by a real local HTTP server started by the test (no fetch mocks). The test also checks the
 * requests the adapters make (paths and parameters).
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from '../src/adapters/nominatim.js';
import { createPhotonGeocoder } from '../src/adapters/photon.js';
import { withGeocoder } from '../src/adapters/geocoder.js';
import { createEstimateEta } from '../src/eta.js';
import { RoutingError } from '../src/adapters/http.js';

const recorded = (name: string): string =>
  readFileSync(new URL(`./fixtures/recorded/${name}.json`, import.meta.url), 'utf8');

let server: Server;
let base = '';
let requests: URL[] = [];
const routes = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url);
    const route = routes.get(url.pathname) ?? { status: 404, body: '{"error":"no route"}' };
    res.writeHead(route.status, { 'content-type': 'application/json' });
    res.end(route.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  requests = [];
  routes.clear();
});

describe('Photon', () => {
  it('maps features to places, filtered by country, in two lines', async () => {
    routes.set('/api', { status: 200, body: recorded('photon-search-berlin') });
    const g = createPhotonGeocoder({ baseUrl: `${base}/` });
    const places = await g.autocomplete('berlin', { countries: ['de'], lang: 'de-DE', limit: 5 });
    expect(places).toHaveLength(2);
    expect(places[0]).toMatchObject({
      lines: ['Berlin', 'Deutschland'],
      countryCode: 'DE',
      latitude: 52.5170365,
      longitude: 13.3888599,
      region: 'Berlin',
    });
    expect(places[1]?.lines).toEqual(['1 Pariser Platz', 'Berlin, Deutschland']);
    const q = requests[0]!;
    expect(q.searchParams.get('q')).toBe('berlin');
    expect(q.searchParams.get('lang')).toBe('de');
    expect(q.searchParams.get('limit')).toBe('15');
  });

  it('passes the location bias, skips unsupported languages, and keeps all countries', async () => {
    routes.set('/api', { status: 200, body: recorded('photon-search-berlin') });
    const g = createPhotonGeocoder(base);
    const places = await g.geocode('berlin', { lang: 'ja' });
    expect(places.map((p) => p.countryCode)).toEqual(['DE', 'US', 'DE']);
    const auto = await g.autocomplete('berlin', { lang: 'en', near: { lat: 52, lon: 13 } });
    expect(auto).toHaveLength(3);
    expect(requests[0]!.searchParams.has('lang')).toBe(false);
    expect(requests[1]!.searchParams.get('lat')).toBe('52');
  });

  it('reverse-geocodes to the first feature, or null', async () => {
    routes.set('/reverse', { status: 200, body: recorded('photon-reverse-paris') });
    const g = createPhotonGeocoder(base);
    const paris = await g.reverse(48.8566, 2.3514, { lang: 'fr' });
    expect(paris?.formattedAddress).toBe('Paris, Île-de-France, France');
    expect(paris?.countryCode).toBe('FR');
    routes.set('/reverse', { status: 200, body: '{"type":"FeatureCollection","features":[]}' });
    expect(await g.reverse(0, 0, { lang: 'en' })).toBeNull();
  });

  it('reports service failures as RoutingError', async () => {
    routes.set('/api', { status: 500, body: '{"message":"boom"}' });
    await expect(createPhotonGeocoder(base).geocode('x', { lang: 'en' })).rejects.toBeInstanceOf(
      RoutingError,
    );
  });
});

describe('Nominatim', () => {
  it('searches with country codes and language, mapping address details', async () => {
    routes.set('/search', { status: 200, body: recorded('nominatim-search-manchester') });
    const g = createNominatimGeocoder({ baseUrl: base, userAgent: 'locator-test' });
    const places = await g.geocode('Manchester', { countries: ['uk', 'IE'], lang: 'en-GB' });
    expect(places[0]).toMatchObject({
      lines: ['Manchester', 'England, United Kingdom'],
      countryCode: 'GB',
      latitude: 53.4794892,
    });
    expect(places[1]?.lines[0]).toBe('Manchester Piccadilly');
    const q = requests[0]!;
    expect(q.searchParams.get('countrycodes')).toBe('gb,ie');
    expect(q.searchParams.get('format')).toBe('jsonv2');
    expect(q.searchParams.get('accept-language')).toBe('en-GB');
    expect(q.searchParams.get('limit')).toBe('5');
    await g.autocomplete('Manchester', { lang: 'en' });
    expect(requests[1]!.searchParams.get('limit')).toBe('8');
    expect(requests[1]!.searchParams.has('countrycodes')).toBe(false);
  });

  it('reverse-geocodes in the visitor language; "Unable to geocode" is null', async () => {
    routes.set('/reverse', { status: 200, body: recorded('nominatim-reverse-tokyo') });
    const g = createNominatimGeocoder(base);
    const tokyo = await g.reverse(35.68, 139.76, { lang: 'ja' });
    expect(tokyo).toMatchObject({ countryCode: 'JP', lines: ['東京駅', '千代田区, 日本'] });
    routes.set('/reverse', { status: 200, body: '{"error":"Unable to geocode"}' });
    expect(await g.reverse(0, 0, { lang: 'en' })).toBeNull();
  });

  it('combines with a travel-time service into a maps provider', async () => {
    routes.set('/search', { status: 200, body: '[]' });
    const provider = withGeocoder(createNominatimGeocoder(base), createEstimateEta());
    expect(await provider.geocode('nowhere', { lang: 'en' })).toEqual([]);
    expect(await provider.autocomplete('nowhere', { lang: 'en' })).toEqual([]);
    routes.set('/reverse', { status: 200, body: recorded('nominatim-reverse-tokyo') });
    expect((await provider.reverse(35.68, 139.76, { lang: 'ja' }))?.countryCode).toBe('JP');
    const [eta] = await provider.eta({ lat: 0, lon: 0 }, [{ lat: 0, lon: 0.1 }], 'walking');
    expect(eta?.estimate).toBe(true);
  });
});
