/**
 * Requests Node's HTTP parser rejects, and requests that arrive too slowly, sent over raw
 * sockets to the real server (http/client-errors.ts, http/timeouts.ts): each is answered with
 * the catalogue's body and the security headers, then the connection closes.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@locator/core';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { rawErrorResponse } from '../src/http/client-errors.js';
import { serverTimeouts } from '../src/http/timeouts.js';

const TIMEOUT_MS = 400;

let t: TestDb;
/** The parser-level errors: the default request timeout, so a busy machine cannot race them. */
let a: TestApp;
let port = 0;
/** The timeouts: a server with a short REQUEST_TIMEOUT_MS. */
let short: TestApp;
let shortPort = 0;

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
  a = await makeApp(t.db);
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  port = (a.app.server.address() as { port: number }).port;
  short = await makeApp(t.db, {}, { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  await short.app.listen({ port: 0, host: '127.0.0.1' });
  shortPort = (short.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await a.app.close();
  await short.app.close();
  await a.services.close();
  await short.services.close();
  await t.cleanup();
});

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

/** Sends `chunks` (one every `everyMs`) and reads until the server closes the connection. */
async function raw(chunks: string[], everyMs = 0, limitMs = 5000, to = port): Promise<RawAnswer> {
  const socket = connect(to, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  const give = setTimeout(() => socket.destroy(), limitMs);
  void (async () => {
    for (const chunk of chunks) {
      if (socket.destroyed) return;
      socket.write(chunk);
      if (everyMs > 0) await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const end = await closed;
  clearTimeout(give);
  const [head = '', ...rest] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: rest.join('\r\n\r\n'),
    closedAfterMs: end - started,
  };
}

function expectCatalogue(res: RawAnswer, code: keyof typeof ERROR_CATALOGUE): void {
  expect(res.status).toBe(ERROR_CATALOGUE[code].status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(res.body)).toEqual({ error: { code, message: ERROR_CATALOGUE[code].message } });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('parser-level client errors: the catalogue shape with the security headers', () => {
  it('an unknown method (FOO) is 400 BAD_REQUEST', async () => {
    expectCatalogue(await raw(['FOO / HTTP/1.1\r\nHost: x\r\n\r\n']), 'BAD_REQUEST');
  });

  it('a 17 KB URL is 431 HEADERS_TOO_LARGE', async () => {
    const url = `/api/v1/grlui/uk/en/sales?lat=1&lon=2&x=${'a'.repeat(17 * 1024)}`;
    expectCatalogue(await raw([`GET ${url} HTTP/1.1\r\nHost: x\r\n\r\n`]), 'HEADERS_TOO_LARGE');
  });

  it('raw spaces in the request line are 400 BAD_REQUEST', async () => {
    expectCatalogue(await raw(['GET /uk/en/a b c HTTP/1.1\r\nHost: x\r\n\r\n']), 'BAD_REQUEST');
  });

  it('Content-Length with Transfer-Encoding (request smuggling) is 400 BAD_REQUEST', async () => {
    const req =
      'POST /api/v1/grlui/locationSearch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expectCatalogue(await raw([req]), 'BAD_REQUEST');
  });

  it('a control character in a header, or broken chunked framing, is 400 BAD_REQUEST', async () => {
    expectCatalogue(
      await raw(['GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n']),
      'BAD_REQUEST',
    );
    const chunked =
      'POST /api/v1/grlui/locationSearch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n';
    expectCatalogue(await raw([chunked]), 'BAD_REQUEST');
  });

  it('a request target that is not a path, or an HTTP version that is not 1.x, is 400 BAD_REQUEST', async () => {
    expectCatalogue(await raw(['GET abc HTTP/1.1\r\nHost: x\r\n\r\n']), 'BAD_REQUEST');
    expectCatalogue(await raw(['GET / HTTP/7.0\r\nHost: x\r\n\r\n']), 'BAD_REQUEST');
  });

  it('an HTTP/1.1 request without Host is 400 BAD_REQUEST; HTTP/1.0 needs none', async () => {
    const res = await raw(['GET /healthz HTTP/1.1\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('BAD_REQUEST');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await raw(['GET /healthz HTTP/1.0\r\n\r\n'])).status).toBe(200);
  });

  it('CONNECT is 404 NOT_FOUND, not a dropped connection', async () => {
    expectCatalogue(
      await raw(['CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\n\r\n']),
      'NOT_FOUND',
    );
  });

  it('the answers are precomputed HTTP/1.1 responses that close the connection', () => {
    const text = rawErrorResponse('BAD_REQUEST');
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toContain('\r\nConnection: close\r\n');
    const body = text.split('\r\n\r\n')[1]!;
    expect(text).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`);
  });
});

describe('request timeouts (REQUEST_TIMEOUT_MS)', () => {
  it('a body trickled one byte at a time is cut off with 408 REQUEST_TIMEOUT', async () => {
    const head =
      'POST /api/v1/grlui/locationSearch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Content-Length: 200\r\n\r\n';
    // 80 bytes over 8 s: were it not cut off, no answer would come before the body is complete.
    const res = await raw([head, ...'x'.repeat(80).split('')], 100, 10_000, shortPort);
    expectCatalogue(res, 'REQUEST_TIMEOUT');
    // Never before the timeout; long before the body could have arrived.
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(res.closedAfterMs).toBeLessThan(4000);
  });

  it('headers trickled one line at a time are cut off with 408 REQUEST_TIMEOUT', async () => {
    const lines = ['GET / HTTP/1.1\r\n', 'Host: x\r\n'];
    for (let i = 0; i < 80; i += 1) lines.push(`X-Slow-${i}: ${i}\r\n`);
    const res = await raw(lines, 100, 10_000, shortPort);
    expectCatalogue(res, 'REQUEST_TIMEOUT');
    expect(res.closedAfterMs).toBeLessThan(4000);
  });

  it('a request that arrives in time is answered as usual', async () => {
    const res = await raw(['GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(res.status).toBe(200);
  });

  it('derives the server timeouts from REQUEST_TIMEOUT_MS', () => {
    expect(serverTimeouts(30_000)).toEqual({
      requestTimeout: 30_000,
      connectionTimeout: 60_000,
      http: { requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 1000 },
    });
    expect(serverTimeouts(120_000).http.headersTimeout).toBe(60_000);
    expect(serverTimeouts(100).http.connectionsCheckingInterval).toBe(25);
  });
});
