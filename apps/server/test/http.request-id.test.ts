/**
 * Request ids (http/request-id.ts): a well-formed X-Request-Id of the client is kept, anything
 * else replaced by a new UUID; every answer returns it (errors, 304s, the raw answers to requests
 * that could not be read) and every log line of the request carries it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createServices, type Services } from '../src/compose.js';
import { loadEnv } from '../src/env.js';
import { loadSettings } from '../src/settings.js';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, fixtureStores } from './helpers/fixtures.js';
import { localesDir } from './helpers/app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;

let t: TestDb;
let services: Services;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await openTestDb('sqlite');
  await t.db.stores.replaceAll(fixtureStores());
  const env = loadEnv({ LOG_LEVEL: 'info', WEB_DIST: '/nonexistent/web-dist' });
  const settings = loadSettings({ DEMO_DATA: 'off', LOCALES_DIR: localesDir() });
  services = await createServices(env, settings, { database: t.db });
  app = await buildApp({
    env,
    modules: services.modules,
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  app.get('/api/v1/test-failure', (request) => {
    request.log.info('about to fail');
    throw new Error('a failure of the test');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await services.close();
  await t.cleanup();
});

const idOf = async (headers: Record<string, string> = {}, url = SEARCH) =>
  (await app.inject({ url, headers })).headers['x-request-id'];

describe('request ids', () => {
  it('a new UUID for a request without one, a different one each time', async () => {
    const [a, b] = [await idOf(), await idOf()];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it("the client's id when well formed (≤ 64 letters, digits, . _ -)", async () => {
    expect(await idOf({ 'x-request-id': 'lb-7f3a.01_Z' })).toBe('lb-7f3a.01_Z');
    const longest = 'a'.repeat(64);
    expect(await idOf({ 'x-request-id': longest })).toBe(longest);
  });

  it('a new one instead of an ill-formed id', async () => {
    for (const bad of ['a'.repeat(65), 'has space', 'quote"', 'ünicode', 'a/b', '']) {
      expect(await idOf({ 'x-request-id': bad })).toMatch(UUID);
    }
  });

  it('in error answers and 304s', async () => {
    const notFound = await app.inject({
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'e1' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('e1');
    const invalid = await app.inject({
      url: '/api/v1/grlui/uk/en/sales?lat=x',
      headers: { 'x-request-id': 'e2' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('e2');
    const first = await app.inject({ url: SEARCH });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      url: SEARCH,
      headers: { 'if-none-match': etag, 'x-request-id': 'c1' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-request-id']).toBe('c1');
    const failed = await app.inject({
      url: '/api/v1/test-failure',
      headers: { 'x-request-id': 'f1' },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['x-request-id']).toBe('f1');
  });

  it('in the answer to a request the server could not read', async () => {
    const { port } = app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
  });

  it('in every log line of the request', async () => {
    await app.inject({ url: '/api/v1/test-failure', headers: { 'x-request-id': 'logged-1' } });
    const ofRequest = lines.filter((l) => l.msg === 'about to fail' || l.msg === 'request failed');
    expect(ofRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['about to fail', 'request failed']),
    );
    expect(ofRequest.filter((l) => l.reqId === 'logged-1').length).toBe(2);
  });
});
