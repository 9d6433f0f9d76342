/** Response compression (src/http/compression.ts) on a bare Fastify app, over inject. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, registerCompression } from '../src/http/compression.js';

const BIG = JSON.stringify({ stores: Array.from({ length: 200 }, (_, i) => ({ id: i, n: 'x' })) });
const SMALL = JSON.stringify({ ok: true });

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/big', (_req, reply) => reply.type('application/json').send(BIG));
  app.get('/small', (_req, reply) => reply.type('application/json').send(SMALL));
  app.get('/tagged', (request, reply) => {
    reply.header('ETag', '"v1"').header('Vary', 'Origin');
    const inm = request.headers['if-none-match'];
    if (inm && inm.replace(/^W\//, '') === '"v1"') return reply.code(304).send();
    return reply.type('application/json').send(BIG);
  });
  app.get('/binary', (_req, reply) =>
    reply.type('image/png').send(Buffer.alloc(COMPRESS_MIN_BYTES * 4)),
  );
  await app.ready();
});

afterAll(() => app.close());

describe('compression', () => {
  it('sends brotli when accepted, else gzip, else the body as is', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    expect(br.rawPayload.length).toBeLessThan(BIG.length);

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG);
  });

  it('leaves small bodies and binary types alone', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(SMALL);
    const png = await app.inject({ url: '/binary', headers: { 'accept-encoding': 'br' } });
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it('weakens the ETag of an encoded body, keeps Vary, and answers 304 to the weak tag', async () => {
    const first = await app.inject({ url: '/tagged', headers: { 'accept-encoding': 'br' } });
    expect(first.headers.etag).toBe('W/"v1"');
    expect(first.headers.vary).toMatch(/^Origin, accept-encoding$/i);
    const again = await app.inject({ url: '/tagged', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const notModified = await app.inject({
      url: '/tagged',
      headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"v1"' },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe('W/"v1"');

    const identity = await app.inject({ url: '/tagged' });
    expect(identity.headers.etag).toBe('"v1"');
  });
});
