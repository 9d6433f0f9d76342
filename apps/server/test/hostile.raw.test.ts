/**
 * Hostile input below HTTP's surface: property-based requests (fast-check, fixed seed) written
 * byte by byte to a real listening server over raw sockets, with malformed request lines
 * (unknown or odd methods, raw spaces and control characters in the target, bad versions,
 * targets over 16 KB), malformed headers (no colon, control characters, folded lines, bare LF
 * or CR line ends) and contradictory framing (Content-Length with Transfer-Encoding, several or
 * negative lengths, broken chunks).
 *
 * The property, for every connection: an answer comes; its status is below 500; a 4xx has the
 * catalogue's JSON body with its code and status; and every answer has the security headers
 * (nosniff and a Content-Security-Policy), whether Fastify or the parser-level handler
 * (http/client-errors.ts) wrote it.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, isErrorCode } from '@locator/core';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores, LONDON } from './helpers/fixtures.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_127);
const RUNS = 400;

let t: TestDb;
let full: TestApp;
let port = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
  full = await makeFullApp(t.db, {
    settings: {
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_STATS: '0',
      RATE_LIMIT_MAPS: '0',
      ADMIN_AUTH_FAILURES: '0',
    },
    analytics: { RATE_LIMIT_EVENTS: '0' },
    // A request that waits for more bytes than are sent ends here rather than in 30 s.
    env: { REQUEST_TIMEOUT_MS: '500' },
  });
  await full.app.listen({ port: 0, host: '127.0.0.1' });
  port = (full.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  console.log(`hostile raw requests: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  await full?.app.close();
  await full?.services.close();
  await t?.cleanup();
});

/** Writes the bytes, half-closes, and reads the first answer until the server closes. */
async function exchange(bytes: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (d: string) => (received += d));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.end(bytes, 'latin1');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, 3000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return received;
}

function check(request: string, answer: string): void {
  const where = JSON.stringify(request.length > 300 ? `${request.slice(0, 300)}…` : request);
  expect(answer, `no answer to ${where}`).toMatch(/^HTTP\/1\.1 \d{3} /);
  const status = Number(answer.slice(9, 12));
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  expect(status, where).toBeLessThan(500);
  const end = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, end).toLowerCase();
  expect(head, where).toContain('\r\nx-content-type-options: nosniff');
  expect(head, where).toContain('\r\ncontent-security-policy: ');
  if (status < 400 || status === 416 || request.startsWith('HEAD ')) return;
  expect(head, where).toContain('\r\ncontent-type: application/json');
  const length = /\r\ncontent-length: (\d+)/.exec(head);
  expect(length, `${where}: an error body with its length`).not.toBeNull();
  const body = JSON.parse(answer.slice(end + 4, end + 4 + Number(length![1]))) as {
    error: { code: unknown; message: unknown };
  };
  expect(isErrorCode(body.error.code), where).toBe(true);
  expect(ERROR_CATALOGUE[body.error.code as keyof typeof ERROR_CATALOGUE].status, where).toBe(
    status,
  );
  expect(typeof body.error.message, where).toBe('string');
}

const method = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('FOO', 'get', 'G ET', 'PROPFIND', 'TRACE', 'CONNECT', '', 'GET\t'),
  },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('A', 'Z', '-', '_', '!', '~', '1'),
      maxLength: 12,
    }),
  },
);

const PATHS = [
  '/',
  '/uk/en/sales',
  '/healthz',
  '/api/v1/grlui/uk/en/globalmatrix',
  `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`,
  '/api/v1/grlui/locationSearch',
  '/api/v1/analytics/events',
  '/api/v1/maps/autocomplete?q=manch',
  '/locales/commons-en_US.json',
  '/basemap/style.json',
];

const target = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATHS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PATHS),
        fc.constantFrom(
          ' ',
          '  x',
          '\t',
          '\u0000',
          '\u0001',
          '\u007f',
          '\u00ff',
          '"',
          '<',
          '{',
          '|',
          '#frag',
        ),
      )
      .map(([p, junk]) => `${p}${junk}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '*',
      'http://example.com/',
      'example.com:443',
      '',
      'abc',
      '//double',
      `/?x=${'a'.repeat(17 * 1024)}`,
      `/${'b'.repeat(8 * 1024)}`,
    ),
  },
);

const version = fc.constantFrom(
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.0',
  'HTTP/2.0',
  'HTTP/1.1 extra',
  'http/1.1',
  'HTTP/1',
  'HTTP/1.12',
  '',
);

const headerLine = fc.constantFrom(
  'Content-Length: 2',
  'Content-Length: -1',
  'Content-Length: 2, 3',
  'Content-Length: 99999999999999999999',
  'Content-Length: abc',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip, chunked',
  'Transfer-Encoding: chunked, identity',
  'Transfer-Encoding: xchunked',
  'Content-Type: application/json',
  ' folded continuation',
  'NoColonHere',
  ': empty name',
  'X-Ctl: a\u0001b',
  'X\u0000Nul: y',
  'X-Del: \u007f',
  'Bad Name: y',
  'Expect: 100-continue',
  'Connection: close',
  'Connection: keep-alive, Upgrade',
  'Upgrade: websocket',
  'Host: a, b',
  `X-Long: ${'h'.repeat(17 * 1024)}`,
);

const body = fc.constantFrom(
  '',
  '{}',
  '0\r\n\r\n',
  '2\r\n{}\r\n0\r\n\r\n',
  'zz\r\n{}\r\n',
  '{"a":',
  'x',
);

const rawRequest = fc
  .tuple(
    method,
    target,
    version,
    fc.array(headerLine, { maxLength: 4 }),
    fc.constantFrom('\r\n', '\r\n', '\r\n', '\n', '\r'),
    fc.boolean(),
    body,
  )
  .map(([m, t, v, headers, eol, host, b]) => {
    const lines = [`${m} ${t} ${v}`, ...(host ? ['Host: locator.test'] : []), ...headers];
    return `${lines.join(eol)}${eol}${eol}${b}`;
  });

describe('hostile input over raw sockets: parser-level malformations', () => {
  it(`${RUNS} malformed requests each get a catalogue answer with the security headers`, async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async (request) => {
        check(request, await exchange(request));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it("the issue's examples, one by one", async () => {
    const examples = [
      'FOO / HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ];
    const codes = [];
    for (const example of examples) {
      const answer = await exchange(example);
      check(example, answer);
      codes.push(Number(answer.slice(9, 12)));
    }
    expect(codes).toEqual([400, 431, 400, 400]);
  });
});
