/**
 * The embedded engine with a production geocoder for postcodes it lacks offline
 * (adapters/remote-postcodes.ts), against a real local HTTP server answering Nominatim's recorded
 * format.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from '../src/adapters/nominatim.js';
import { withRemotePostcodes } from '../src/adapters/remote-postcodes.js';
import type { EmbeddedProvider } from '../src/index.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

let server: Server;
let base = '';
let requests: URL[] = [];
let status = 200;
const manchester = readFileSync(
  new URL('./fixtures/recorded/nominatim-search-manchester.json', import.meta.url),
  'utf8',
);
let provider: EmbeddedProvider;
const logged: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://x'));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? manchester : '{"error":"down"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = withRemotePostcodes(
    await embeddedProvider(),
    createNominatimGeocoder({ baseUrl: base, timeoutMs: 2000 }),
    (msg) => logged.push(msg),
  );
}, INDEX_TIMEOUT_MS);
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  requests = [];
  status = 200;
});

describe('a production geocoder for postcodes without offline data', () => {
  it('asks the service for a British postcode, limited to the United Kingdom', async () => {
    const [first] = await provider.geocode('M1 1AE', { lang: 'en', countries: ['gb'] });
    expect(first?.countryCode).toBe('GB');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/search');
    expect(requests[0]?.searchParams.get('q')).toBe('M1 1AE');
    expect(requests[0]?.searchParams.get('countrycodes')).toBe('gb');
  });

  it('answers everything else offline, without asking', async () => {
    const [paris] = await provider.geocode('75001', { lang: 'fr', countries: ['fr'] });
    expect(paris).toMatchObject({ kind: 'postcode', countryCode: 'FR' });
    const [mitte] = await provider.geocode('10115', { lang: 'de', countries: ['de'] });
    expect(mitte).toMatchObject({ kind: 'postcode', countryCode: 'DE' });
    const [berlin] = await provider.autocomplete('Berl', { lang: 'de', countries: ['de'] });
    expect(berlin?.lines[0]).toBe('Berlin');
    expect(requests).toHaveLength(0);
  });

  it('keeps the notice when the service fails', async () => {
    status = 503;
    const answer = await provider.answer('SW1A 1AA', { lang: 'en', countries: ['gb'] }, 'geocode');
    expect(answer).toEqual({
      places: [],
      notice: { code: 'postcode-not-offline', countries: ['GB'] },
    });
    expect(logged.some((m) => m.startsWith('postcode geocoder failed'))).toBe(true);
  });
});
