/**
 * OSRM and Valhalla adapters against a local HTTP server answering recorded responses in the
 * documented formats (fixtures/osrm-*.json, fixtures/valhalla-*.json). No mocks of fetch.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RoutingError,
  createOsrmEta,
  createValhallaEta,
  loadEmbeddedProvider,
} from '../src/index.js';
import { INDEX_TIMEOUT_MS } from './helpers.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

interface Recorded {
  method: string;
  url: string;
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let handler: Handler;
let requests: Recorded[];

const answer =
  (status: number, body: string, delayMs = 0): Handler =>
  (_req, res) => {
    const send = () => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (delayMs) setTimeout(send, delayMs);
    else send();
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  handler = answer(500, '{}');
});

const paris = { lat: 48.8566, lon: 2.3522 };
const eiffel = { lat: 48.8584, lon: 2.2945 };
const lyon = { lat: 45.764, lon: 4.8357 };

describe('OSRM table adapter', () => {
  it('asks the table service for one row and reads durations and distances', async () => {
    handler = answer(200, fixture('osrm-table.json'));
    const etas = await createOsrmEta(`${base}/osrm/`).eta(paris, [eiffel, lyon], 'automobile');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(
      '/osrm/table/v1/driving/2.352200,48.856600;2.294500,48.858400;4.835700,45.764000' +
        '?sources=0&destinations=1;2&annotations=duration,distance',
    );
    expect(etas[0]).toEqual({
      destination: eiffel,
      transportType: 'automobile',
      expectedTravelTime: 1073,
      distance: 8935,
      estimate: false,
    });
    // No route (null): the embedded estimate stands in, and says so.
    expect(etas[1]).toMatchObject({ destination: lyon, estimate: true });
    expect(etas[1]?.expectedTravelTime).toBeGreaterThan(3600);
  });

  it('uses the foot profile for walking, or the configured one', async () => {
    handler = answer(200, fixture('osrm-table.json'));
    await createOsrmEta(base).eta(paris, [eiffel], 'walking');
    await createOsrmEta({ baseUrl: base, profiles: { walking: 'walk' } }).eta(
      paris,
      [eiffel],
      'walking',
    );
    expect(requests.map((r) => r.url.split('/')[3])).toEqual(['foot', 'walk']);
  });

  it('reports HTTP errors with the engine message', async () => {
    handler = answer(400, fixture('osrm-error.json'));
    const err = await createOsrmEta(base)
      .eta(paris, [eiffel], 'automobile')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingError);
    expect(err).toMatchObject({ kind: 'http', status: 400 });
    expect((err as Error).message).toContain('Query string malformed');
  });

  it('rejects an answer that is not a table', async () => {
    handler = answer(200, '{"code":"NoTable","message":"No table found"}');
    await expect(createOsrmEta(base).eta(paris, [eiffel], 'automobile')).rejects.toMatchObject({
      kind: 'bad-response',
    });
    handler = answer(200, '<html>proxy error</html>');
    await expect(createOsrmEta(base).eta(paris, [eiffel], 'automobile')).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });

  it('times out', async () => {
    handler = answer(200, fixture('osrm-table.json'), 2000);
    await expect(
      createOsrmEta({ baseUrl: base, timeoutMs: 100 }).eta(paris, [eiffel], 'automobile'),
    ).rejects.toMatchObject({ name: 'RoutingError', kind: 'timeout' });
  });

  it("passes the caller's cancellation through as an AbortError", async () => {
    handler = answer(200, fixture('osrm-table.json'), 2000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const err = await createOsrmEta(base)
      .eta(paris, [eiffel], 'automobile', ac.signal)
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(RoutingError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('reports an unreachable server as a network error, and sends nothing for no destinations', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createOsrmEta(`http://127.0.0.1:${port}`).eta(paris, [eiffel], 'automobile'),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(await createOsrmEta(base).eta(paris, [], 'automobile')).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('Valhalla matrix adapter', () => {
  it('posts sources and targets and reads the verbose matrix (km → m)', async () => {
    handler = answer(200, fixture('valhalla-matrix-verbose.json'));
    const etas = await createValhallaEta(base).eta(paris, [eiffel, lyon], 'automobile');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/sources_to_targets');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      sources: [paris],
      targets: [eiffel, lyon],
      costing: 'auto',
      units: 'kilometers',
      verbose: true,
    });
    expect(etas).toEqual([
      {
        destination: eiffel,
        transportType: 'automobile',
        expectedTravelTime: 1040,
        distance: 8817,
        estimate: false,
      },
      {
        destination: lyon,
        transportType: 'automobile',
        expectedTravelTime: 16262,
        distance: 465320,
        estimate: false,
      },
    ]);
  });

  it('reads the concise matrix and estimates unroutable cells; pedestrian costing for walking', async () => {
    handler = answer(200, fixture('valhalla-matrix-concise.json'));
    const etas = await createValhallaEta(base).eta(paris, [eiffel, lyon], 'walking');
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ costing: 'pedestrian' });
    expect(etas[0]).toMatchObject({ expectedTravelTime: 1040, distance: 8817, estimate: false });
    expect(etas[1]).toMatchObject({ estimate: true, transportType: 'walking' });
  });

  it('reports Valhalla errors', async () => {
    handler = answer(400, fixture('valhalla-error.json'));
    const err = await createValhallaEta(base)
      .eta(paris, [eiffel], 'automobile')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RoutingError', kind: 'http', status: 400 });
    expect((err as Error).message).toContain('No suitable edges near location');
    handler = answer(200, '{"units":"kilometers"}');
    await expect(createValhallaEta(base).eta(paris, [eiffel], 'automobile')).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });
});

describe('provider wiring', () => {
  it(
    'routes eta through the configured service',
    async () => {
      handler = answer(200, fixture('valhalla-matrix-verbose.json'));
      const provider = await loadEmbeddedProvider({
        build: 'if-stale',
        eta: createValhallaEta({ baseUrl: base, timeoutMs: 2000 }),
      });
      const etas = await provider.eta(paris, [eiffel, lyon], 'automobile');
      expect(etas.map((e) => e.estimate)).toEqual([false, false]);
    },
    INDEX_TIMEOUT_MS,
  );
});
