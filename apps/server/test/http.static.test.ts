/**
 * The built web app's files as the static handler serves them, over a small build folder made
 * here: byte ranges past the end (416), `If-None-Match: *` (304), translations answered by the
 * /locales/ route with their 30-day caching, and what is not published (the translations'
 * README, source maps).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';

const SCRIPT = 'console.log("locator");\n'.repeat(20);

let t: TestDb;
let a: TestApp;
let app: FastifyInstance;

function buildFolder(): { web: string; locales: string } {
  const web = mkdtempSync(join(tmpdir(), 'locator-web-'));
  mkdirSync(join(web, 'assets'));
  mkdirSync(join(web, 'locales'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(web, 'humans.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(web, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(web, 'assets/index-abc123.js.map'), '{"version":3,"sources":["src/a.ts"]}');
  writeFileSync(join(web, 'locales/README.md'), '# How to translate\n');
  writeFileSync(join(web, 'locales/commons-en_US.json'), '{"hello":"stale copy"}');
  const locales = mkdtempSync(join(tmpdir(), 'locator-locales-'));
  writeFileSync(join(locales, 'README.md'), '# How to translate\n');
  writeFileSync(join(locales, 'commons-en_US.json'), '{"hello":"Hello"}');
  return { web, locales };
}

beforeAll(async () => {
  t = await openTestDb('sqlite');
  const { web, locales } = buildFolder();
  a = await makeApp(t.db, { LOCALES_DIR: locales }, { WEB_DIST: web });
  app = a.app;
});

afterAll(async () => {
  await app.close();
  await a.services.close();
  await t.cleanup();
});

describe('byte ranges', () => {
  it('a range within the file is 206 with its part', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe(SCRIPT.slice(0, 10));
    expect(res.headers['content-range']).toBe(`bytes 0-9/${SCRIPT.length}`);
  });

  it('a range past the end is 416 with Content-Range "bytes */size" and no body, not 400', async () => {
    for (const url of ['/assets/index-abc123.js', '/humans.txt']) {
      const res = await app.inject({ url, headers: { range: 'bytes=999999-' } });
      expect(res.statusCode).toBe(416);
      expect(res.body).toBe('');
      expect(res.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('If-None-Match: *', () => {
  it('is 304 without a body on an existing file, translation, API answer or page', async () => {
    for (const url of [
      '/assets/index-abc123.js',
      '/humans.txt',
      '/locales/commons-en_US.json',
      '/api/v1/grlui/uk/en/globalmatrix',
      '/uk/en/',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'if-none-match': '*' } });
        expect(res.statusCode, `${method} ${url}`).toBe(304);
        expect(res.body, url).toBe('');
      }
    }
  });

  it('changes nothing for what does not exist, or for other entity tags', async () => {
    const missing = await app.inject({ url: '/assets/nope.js', headers: { 'if-none-match': '*' } });
    expect(missing.statusCode).toBe(404);
    const other = await app.inject({ url: '/humans.txt', headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('translations and private files', () => {
  it('/locales/*.json come from the /locales/ route with the documented 30-day caching', async () => {
    const res = await app.inject('/locales/commons-en_US.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'Hello' });
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.headers.etag).toBeDefined();
  });

  it('the translations README and the source maps are not published', async () => {
    const readme = await app.inject('/locales/README.md');
    expect(readme.statusCode).toBeGreaterThanOrEqual(400);
    expect(readme.body).not.toContain('How to translate');
    expect(readme.json().error.code).toMatch(/^(NOT_FOUND|INVALID_PARAMETER)$/);
    for (const method of ['GET', 'HEAD'] as const) {
      const map = await app.inject({ method, url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('sources');
    }
  });

  it('other files keep their caching: hashed assets a year, the rest an hour', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const humans = await app.inject('/humans.txt');
    expect(humans.headers['cache-control']).toBe('public, max-age=3600');
  });
});
