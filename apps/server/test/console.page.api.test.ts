/**
 * The console's page on both databases, through the real app over a web build: /admin/ and every
 * address under it answer the console's HTML with its boot value, never cached and never
 * indexed, under a Content-Security-Policy without inline script; robots.txt keeps search
 * engines out of /admin/; the console's files and its API under /api/v1/admin/ are unaffected.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { directives } from './helpers/csp.js';

const CONSOLE_SCRIPT = 'export const console_ = 1;\n'.repeat(80);

/** A web build with the visitor's page and the console's. */
function webBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'locator-web-'));
  mkdirSync(join(web, 'assets'));
  mkdirSync(join(web, 'admin/assets'), { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Visitor</title></head><body></body></html>',
  );
  writeFileSync(
    join(web, 'admin/index.html'),
    '<!doctype html><html lang="en"><head><title>Console</title>' +
      '<script type="module" crossorigin src="/admin/assets/console-abc123.js"></script>' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(web, 'admin/assets/console-abc123.js'), CONSOLE_SCRIPT);
  return web;
}

describe.each(DIALECTS)('console page on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    a = await makeApp(t.db, {}, { WEB_DIST: webBuild(), TRUST_PROXY: 'loopback', BRAND: 'Acme' });
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await a?.services.close();
    await t?.cleanup();
  });

  it.each([
    '/admin/',
    '/admin',
    '/admin/stores',
    '/admin/stores/DE-0042?tab=hours',
    '/admin/index.html',
  ])('%s answers the console page, never cached, never indexed', async (url) => {
    const res = await a.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('src="/admin/assets/console-abc123.js"');
    expect(res.body).not.toContain('Visitor');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toMatch(/\bnoindex\b/);
    expect(res.headers.etag).toBeUndefined();
  });

  it('carries the brand in its boot value, a data block that does not run', async () => {
    const res = await a.app.inject({ url: '/admin/' });
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attrs, body]) => !/\bsrc=/.test(attrs!) && body!.trim());
    expect(inline.map(([, attrs]) => attrs!.trim())).toEqual([
      'type="application/json" id="locator-boot"',
    ]);
    const boot = JSON.parse(inline[0]![2]!) as { brand: string; locale: string };
    expect(boot).toMatchObject({ brand: 'Acme', locale: 'en-US' });
  });

  it('has its Content-Security-Policy: scripts from the site only, none inline or evaluated', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await a.app.inject({ url: '/admin/stores', headers });
      const policy = String(res.headers['content-security-policy']);
      const d = directives(policy);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toContain("'unsafe-inline'");
      expect(policy).not.toContain("'unsafe-eval'");
      expect(d.has('upgrade-insecure-requests')).toBe('x-forwarded-proto' in headers);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answers HEAD like GET, and other methods with 405', async () => {
    const head = await a.app.inject({ method: 'HEAD', url: '/admin/stores' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe('no-store');
    const post = await a.app.inject({ method: 'POST', url: '/admin/stores', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(String(post.headers.allow)).toContain('GET');
  });

  it("serves the console's built files, and 404 for one that is not there", async () => {
    const file = await a.app.inject({ url: '/admin/assets/console-abc123.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(CONSOLE_SCRIPT);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await a.app.inject({ url: '/admin/assets/console-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('keeps search engines out of /admin/ in robots.txt', async () => {
    const res = await a.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')).toContain('Disallow: /admin/');
    expect(res.body.split('\n')).toContain('Disallow: /api/');
  });

  it('leaves the console API under /api/v1/admin/ to the API (JSON, not the page)', async () => {
    const session = await a.app.inject({ url: '/api/v1/admin/session' });
    expect(session.statusCode).toBe(401);
    expect(session.headers['content-type']).toMatch(/^application\/json/);
    expect(session.json()).toMatchObject({ error: { code: 'NOT_SIGNED_IN' } });
    expect(session.headers['x-robots-tag']).toBeUndefined();
    const unknown = await a.app.inject({ url: '/api/v1/admin/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it("leaves the visitor's pages as they were", async () => {
    const res = await a.app.inject({ url: '/uk/en/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Visitor</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('console page without a web build', () => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
    a = await makeApp(t.db);
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await a?.services.close();
    await t?.cleanup();
  });

  it('says the console is not built, still never cached or indexed', async () => {
    const res = await a.app.inject({ url: '/admin/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toMatch(/\bnoindex\b/);
  });
});
