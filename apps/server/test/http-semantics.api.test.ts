/**
 * The server's answers as caches, crawlers and validators read them (RFC 9110), over both
 * databases: HEAD answers GET's headers under every Accept-Encoding; a 304 carries the Vary,
 * ETag and Cache-Control its 200 would, the ETag as strong or weak as the 200's; the host page
 * is compressed and validated; a path's unsupported method answers 405 with Allow; a path that
 * names no site answers the not-found page; ETags come from content and the build, never from a
 * process's start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { storePagePath } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores, LONDON } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { buildId, hashOfFiles } from '../src/http/build-id.js';
import type { StoreDoc } from '../src/modules/stores/doc.js';

const ENCODINGS = ['identity', 'gzip', 'br', 'br, gzip'];
/** The headers a cache or crawler compares between HEAD and GET, and between 200 and 304. */
const COMPARED = ['content-encoding', 'content-length', 'content-type', 'etag', 'vary'];
const VALIDATORS = ['cache-control', 'etag', 'vary'];

const pick = (res: LightMyRequestResponse, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, res.headers[n]]));

/** A built web app whose index.html is well over 1 KiB (the host page's template). */
function webDist(marker: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-web-dist-'));
  const filler = `<p>${'A host page that is long enough to be compressed. '.repeat(40)}</p>`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Locator ${marker}</title></head><body><div id="root"></div>${filler}</body></html>`,
  );
  return dir;
}

describe.each(DIALECTS)('HTTP semantics on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let dist = '';
  let token = '';
  const GB1 = fixtureStores().find((r) => r.storeId === 'GB-1')!;
  const storePage = storePagePath('/uk/en/', 'GB-1', (JSON.parse(GB1.doc) as StoreDoc).title);
  const search = `/api/v1/grlui/gb/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
  /** One resource of each kind that has an ETag. */
  const VALIDATED = [
    search,
    '/api/v1/grlui/gb/en/globalmatrix',
    '/locales/commons-en_US.json',
    storePage,
    '/uk/en/stores/',
    '/sitemap.xml',
    '/sitemaps/uk-en-1.xml',
    '/',
    '/uk/en/sales',
  ];

  const get = (url: string, encoding: string, headers: Record<string, string> = {}) =>
    a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...headers } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(fixtureStores());
    dist = webDist('one');
    a = await makeApp(t.db, { PUBLIC_ORIGIN: 'https://stores.example.com' }, { WEB_DIST: dist });
    token = (await writeKey(t.db, 'semantics')).token;
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers HEAD with the headers of GET under every Accept-Encoding', async () => {
    for (const url of [...VALIDATED, '/robots.txt', '/zz/en/', '/api/v1/grlui/zz/en/sales']) {
      for (const encoding of ENCODINGS) {
        const g = await get(url, encoding);
        const h = await a.app.inject({
          method: 'HEAD',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(h.statusCode, `${url} ${encoding}`).toBe(g.statusCode);
        expect(pick(h, COMPARED), `${url} ${encoding}`).toEqual(pick(g, COMPARED));
        expect(h.body).toBe('');
      }
    }
  });

  it('answers 304 with the Vary, ETag and Cache-Control of the 200', async () => {
    for (const url of VALIDATED) {
      for (const encoding of ENCODINGS) {
        const ok = await get(url, encoding);
        expect(ok.statusCode, url).toBe(200);
        expect(ok.headers.vary, url).toBe('Accept-Encoding');
        const etag = String(ok.headers.etag);
        // The tag the client holds, and the other strength of it: compared weakly.
        for (const held of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`]) {
          const again = await get(url, encoding, { 'if-none-match': held });
          expect(again.statusCode, `${url} ${encoding} ${held}`).toBe(304);
          expect(pick(again, VALIDATORS), `${url} ${encoding}`).toEqual(pick(ok, VALIDATORS));
          expect(again.headers['content-type']).toBeUndefined();
          expect(again.body).toBe('');
        }
        const star = await get(url, encoding, { 'if-none-match': '*' });
        expect(star.statusCode).toBe(304);
        expect(pick(star, VALIDATORS), `${url} ${encoding} *`).toEqual(pick(ok, VALIDATORS));
        const other = await get(url, encoding, { 'if-none-match': '"other"' });
        expect(other.statusCode).toBe(200);
      }
    }
  });

  it('makes an ETag weak exactly when the client accepts an encoding, for the 200 and the 304', async () => {
    for (const url of VALIDATED) {
      const plain = await get(url, 'identity');
      expect(String(plain.headers.etag), url).toMatch(/^"/);
      for (const encoding of ['gzip', 'br', 'br, gzip']) {
        const coded = await get(url, encoding);
        expect(coded.headers.etag, `${url} ${encoding}`).toBe(`W/${String(plain.headers.etag)}`);
      }
    }
  });

  it('keeps the admin API’s ETag as strong or weak in its 304 as in its 200', async () => {
    const url = '/api/v1/admin/stores/GB-1';
    const auth = { authorization: `Bearer ${token}` };
    for (const encoding of ENCODINGS) {
      const ok = await get(url, encoding, auth);
      expect(ok.statusCode).toBe(200);
      const etag = String(ok.headers.etag);
      expect(etag.startsWith('W/'), encoding).toBe(encoding !== 'identity');
      for (const held of [etag, etag.replace(/^W\//, '')]) {
        const again = await get(url, encoding, { ...auth, 'if-none-match': held });
        expect(again.statusCode, `${encoding} ${held}`).toBe(304);
        expect(pick(again, VALIDATORS)).toEqual(pick(ok, VALIDATORS));
      }
      const head = await a.app.inject({
        method: 'HEAD',
        url,
        headers: { ...auth, 'accept-encoding': encoding },
      });
      expect(pick(head, COMPARED)).toEqual(pick(ok, COMPARED));
    }
  });

  it('compresses the host page and validates it by an ETag of its content', async () => {
    for (const url of ['/', '/uk/en/sales']) {
      const plain = await get(url, 'identity');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('A host page that is long enough');
      expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
      const br = await get(url, 'br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
    // Another page (locale, embedded configuration) has another ETag; the same page the same.
    const home = await get('/', 'identity');
    expect((await get('/', 'identity')).headers.etag).toBe(home.headers.etag);
    expect((await get('/uk/en/sales', 'identity')).headers.etag).not.toBe(home.headers.etag);
  });

  it('answers an unsupported method on an existing path 405 with Allow', async () => {
    const cases: [string, string, string][] = [
      ['POST', search, 'GET, HEAD'],
      ['DELETE', '/api/v1/grlui/gb/en/globalmatrix', 'GET, HEAD'],
      ['GET', '/api/v1/grlui/locationSearch', 'POST'],
      ['POST', '/api/v1/admin/stores/GB-1', 'GET, HEAD, PUT, PATCH, DELETE'],
      ['DELETE', '/api/v1/admin/stores', 'GET, HEAD'],
      ['POST', storePage, 'GET, HEAD'],
      ['PUT', '/sitemap.xml', 'GET, HEAD'],
      // Page paths the host page answers.
      ['POST', '/', 'GET, HEAD'],
      ['POST', '/uk/en/sales', 'GET, HEAD'],
      ['DELETE', '/uk/en/', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      // The admin API asks for its key first.
      const headers = url.includes('/admin/') ? { authorization: `Bearer ${token}` } : {};
      const res = await a.app.inject({ method: method as 'POST', url, headers });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({
        error: {
          code: 'METHOD_NOT_ALLOWED',
          message: `${method} is not supported at ${url.split('?')[0]}; use ${allow}.`,
        },
      });
    }
    // No resource at all: 404.
    for (const [method, url] of [
      ['POST', '/api/v1/nothing'],
      ['POST', '/zz/en/'],
      ['GET', '/api/v1/nothing'],
    ] as const) {
      const res = await a.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a path that names no site with the not-found page, and an ISO code with a redirect', async () => {
    for (const url of ['/zz/en/', '/zz/en/sales', '/xx/yy/stores/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeUndefined();
      const html =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : res.body;
      // The store pages' not-found page, not the host page.
      expect(html).not.toContain('id="locator-boot"');
      expect(html).toMatch(/<h1[^>]*>/);
    }
    const alias = await get('/gb/en/sales?x=1', 'identity');
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('/uk/en/sales?x=1');
  });

  it('derives ETags from content and the build, never from a process’s start', async () => {
    // A second process of the same release, started later: the same ETags.
    const other = await makeApp(
      t.db,
      { PUBLIC_ORIGIN: 'https://stores.example.com' },
      { WEB_DIST: dist },
    );
    const next = webDist('two');
    const release = await makeApp(
      t.db,
      { PUBLIC_ORIGIN: 'https://stores.example.com' },
      { WEB_DIST: next },
    );
    try {
      for (const url of VALIDATED) {
        const one = await get(url, 'identity');
        const two = await other.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
        expect(two.headers.etag, url).toBe(one.headers.etag);
      }
      // Another build (its index.html) changes the store pages' and the host page's ETags.
      for (const url of [storePage, '/sitemap.xml', '/']) {
        const one = await get(url, 'identity');
        const changed = await release.app.inject({ url });
        expect(changed.headers.etag, url).not.toBe(one.headers.etag);
      }
    } finally {
      await other.app.close();
      await release.app.close();
      rmSync(next, { recursive: true, force: true });
    }
  });
});

describe('build id', () => {
  it('is a hash of the files, the same at every call, another for other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-build-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html>');
      const locales = join(dir, 'locales');
      const first = buildId(dir, locales);
      expect(buildId(dir, locales)).toBe(first);
      expect(buildId(undefined, locales)).not.toBe(first);
      expect(hashOfFiles([join(dir, 'index.html')])).not.toBe(hashOfFiles([join(dir, 'none')]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
