/** Search answers compressed once per content (src/http/encoded-answers.ts), over inject. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MAX_BYTES, registerCompression } from '../src/http/compression.js';
import { EncodedAnswers } from '../src/http/encoded-answers.js';

const bodyOf = (v: string) =>
  Buffer.from(JSON.stringify({ v, stores: Array.from({ length: 300 }, (_, i) => ({ id: i })) }));

let app: FastifyInstance;
let answers: EncodedAnswers;
/** What /search answers: the test changes it as a data change would. */
let current = { body: bodyOf('1'), etag: '"1"' };

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  answers = new EncodedAnswers();
  app.get('/search', (request, reply) =>
    answers.send(
      request,
      reply.header('ETag', current.etag).type('application/json'),
      current.body,
      current.etag,
    ),
  );
  await app.ready();
});

afterAll(() => app.close());

const get = (encoding?: string, url = '/search?lat=1') =>
  app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('EncodedAnswers', () => {
  it("compresses for the client's preferred encoding and sends the same content", async () => {
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(current.body)).toBe(true);
    expect(br.headers.etag).toBe('W/"1"');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(current.body)).toBe(true);

    for (const plain of [await get(), await get('deflate'), await get('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(current.body)).toBe(true);
      expect(plain.headers.etag).toBe('"1"');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('keeps an answer from its second ask, per URL, ETag and encoding', async () => {
    const before = { hits: answers.hits, misses: answers.misses };
    const first = await get('br', '/search?lat=2'); // asked once: compressed, not kept
    const second = await get('br', '/search?lat=2'); // asked again: compressed and kept
    const third = await get('br', '/search?lat=2'); // from the cache
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    expect([answers.hits - before.hits, answers.misses - before.misses]).toEqual([1, 2]);
    await get('gzip', '/search?lat=2'); // another encoding
    await get('br', '/search?lat=3'); // another URL
    current = { body: bodyOf('2'), etag: '"2"' }; // the stores changed
    const changed = await get('br', '/search?lat=2');
    expect(brotliDecompressSync(changed.rawPayload).equals(current.body)).toBe(true);
    expect(changed.headers.etag).toBe('W/"2"');
    expect(answers.hits - before.hits).toBe(1);
    expect(answers.misses - before.misses).toBe(5);
  });

  it('writes a body given as a function only when no kept bytes answer', async () => {
    const lazy = new EncodedAnswers();
    const local = Fastify();
    await registerCompression(local);
    let written = 0;
    const render = () => {
      written += 1;
      return current.body;
    };
    local.get('/lazy', (request, reply) => lazy.send(request, reply, render, current.etag));
    await local.ready();
    const ask = (encoding?: string) =>
      local.inject({ url: '/lazy', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const first = await ask('br'); // compressed, not kept
    await ask('br'); // compressed and kept
    const kept = await ask('br'); // from the cache: no body written
    expect(written).toBe(2);
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(kept.rawPayload).equals(current.body)).toBe(true);
    const plain = await ask(); // no encoding: the body itself
    expect(plain.rawPayload.equals(current.body)).toBe(true);
    expect(written).toBe(3);
    await local.close();
  });

  it('keeps nothing of URLs asked once (device positions)', async () => {
    const before = { hits: answers.hits, misses: answers.misses };
    for (let i = 0; i < 5; i += 1) await get('br', `/search?lat=10.${i}`);
    // Each asked once: none kept, so asking one again compresses it again, and keeps it.
    await get('br', '/search?lat=10.0');
    await get('br', '/search?lat=10.0');
    expect([answers.hits - before.hits, answers.misses - before.misses]).toEqual([1, 6]);
  });

  it('leaves an answer over the inline limit to the streaming compression, uncached', async () => {
    const big = Buffer.from(
      JSON.stringify({ points: Array.from({ length: 60_000 }, (_, i) => i) }),
    );
    expect(big.length).toBeGreaterThan(SYNC_MAX_BYTES);
    const before = answers.misses;
    current = { body: big, etag: '"big"' };
    const res = await get('br', '/search?area=1');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(big)).toBe(true);
    expect(answers.misses).toBe(before);
    current = { body: bodyOf('2'), etag: '"2"' };
  });

  it('keeps at most its byte budget, dropping the least recently used', async () => {
    const small = new EncodedAnswers(1);
    const local = Fastify();
    await registerCompression(local);
    local.get('/a', (request, reply) => small.send(request, reply, current.body, '"x"'));
    await local.ready();
    await local.inject({ url: '/a', headers: { 'accept-encoding': 'br' } });
    await local.inject({ url: '/a', headers: { 'accept-encoding': 'br' } });
    expect([small.hits, small.misses]).toEqual([0, 2]);
    await local.close();
  });
});
