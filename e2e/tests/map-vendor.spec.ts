/**
 * A vendor style with a key, end to end in the browser: a server started here with
 * MAP_STYLE=vendor, MAPS_PROVIDER=maplibre and MAP_TOKEN, and a fake vendor on loopback that
 * serves its style only for that key (403 otherwise). The map reads /basemap/config.json,
 * fetches the key from /mapKitToken, loads the vendor's style with it and draws it; the page's
 * Content-Security-Policy names the vendor's origin. Screenshot: /tmp/shots/map-vendor.png.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ownServerDir, startOwnServer, type OwnServer } from './own-server';
import { expect, test } from '@playwright/test';
import { SHOTS } from './results-helpers';
import { buildHarness, mountMap, openHarness, waitForMap } from './map-harness';

// Its own port in each worker that runs it at the same time (TEST_PARALLEL_INDEX: 0, 1, …).
const PORT =
  Number(process.env.E2E_PORT ?? 8181) + 1001 + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = 'vendor-key-7';
let server: OwnServer | undefined;
let vendor: Server | undefined;
let vendorOrigin = '';
const vendorRequests: string[] = [];

/** The vendor's style: its own land colour over a sea, no glyphs or sprites. */
const VENDOR_STYLE = {
  version: 8,
  name: 'Fake vendor streets',
  sources: {
    land: {
      type: 'geojson',
      attribution: '© Fake Vendor',
      data: {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-10, 45],
              [10, 45],
              [10, 58],
              [-10, 58],
              [-10, 45],
            ],
          ],
        },
      },
    },
  },
  layers: [
    { id: 'vendor-sea', type: 'background', paint: { 'background-color': '#9cc3e6' } },
    { id: 'vendor-land', type: 'fill', source: 'land', paint: { 'fill-color': '#d9c8a9' } },
  ],
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  vendor = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://vendor');
    vendorRequests.push(`${url.pathname}?key=${url.searchParams.get('key') ?? ''}`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (url.pathname !== '/styles/streets.json') return void res.writeHead(404).end();
    if (url.searchParams.get('key') !== KEY) return void res.writeHead(403).end('bad key');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(VENDOR_STYLE));
  });
  await new Promise<void>((ok) => vendor!.listen(0, '127.0.0.1', ok));
  vendorOrigin = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  // The harness is built while the server starts.
  const harness = buildHarness();
  server = startOwnServer('the vendor-style server', PORT, ownServerDir('vendor'), {
    MAP_STYLE: 'vendor',
    MAP_STYLE_URL: `${vendorOrigin}/styles/streets.json?key={key}`,
    MAPS_PROVIDER: 'maplibre',
    MAP_TOKEN: KEY,
  });
  await Promise.all([harness, server.ready]);
});

test.afterAll(async () => {
  server?.stop();
  await new Promise((r) => (vendor ? vendor.close(r) : r(undefined)));
});

test.use({ baseURL: BASE });
// The harness page is fulfilled by Playwright, so Chromium counts it as a public page, and
// Local Network Access would refuse its requests to the loopback vendor (a real vendor is public).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
});

test('the vendor style is loaded with the key of /mapKitToken, allowed by the policy', async ({
  page,
}) => {
  // The host page's policy names the vendor's origin for the map's requests.
  const csp = (await fetch(`${BASE}/uk/en/`)).headers.get('content-security-policy') ?? '';
  const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
  expect(connect.trim().split(/\s+/)).toEqual(['connect-src', "'self'", vendorOrigin]);

  const requests = await openHarness(page);
  await mountMap(page, {
    pins: [{ id: 's1', label: 1, latitude: 51.5, longitude: -0.12, name: 'Store' }],
    lang: 'en',
  });
  await waitForMap(page);
  await page.screenshot({ path: `${SHOTS}/map-vendor.png` });

  // The token came from our server, the style from the vendor with that key.
  expect(requests.some((r) => r.url().startsWith(`${BASE}/mapKitToken`))).toBe(true);
  expect(vendorRequests).toContain(`/styles/streets.json?key=${KEY}`);
  expect(vendorRequests.filter((r) => !r.endsWith(`key=${KEY}`))).toEqual([]);
  // Drawn with the vendor's layers, not our fallback style.
  const layers = await page.evaluate(() =>
    (window.storeMap?.getStyle().layers ?? []).map((l) => l.id),
  );
  expect(layers).toEqual(expect.arrayContaining(['vendor-sea', 'vendor-land']));
  expect(layers).not.toContain('sea');
  await expect(page.getByRole('list', { name: 'Map data' })).toContainText('© Fake Vendor');
});
