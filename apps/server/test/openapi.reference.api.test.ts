/**
 * The API reference page (/api/docs/) works offline: its HTML names no other site, its script
 * and both documents come from this server, and its inline script runs only by the nonce its
 * own Content-Security-Policy names for that answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';

describe.each(DIALECTS)('API reference on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    a = await makeApp(t.db);
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers /api/docs with an offline HTML page showing both documents', async () => {
    const bare = await a.app.inject('/api/docs');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const res = await a.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // No other site: no absolute or protocol-relative URL anywhere in the page.
    expect(html.match(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi) ?? []).toEqual([]);
    expect(html).toContain('"/api/v1/openapi.json"');
    expect(html).toContain('"/api/v1/admin/openapi.json"');
    expect(html).toContain('"withDefaultFonts": false');
    const script = /<script src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBe('/api/docs/js/scalar.js');

    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    // A nonce is drawn for every answer.
    const again = await a.app.inject('/api/docs/');
    expect(again.headers['content-security-policy']).not.toBe(csp);

    const js = await a.app.inject(script!);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    for (const doc of ['/api/v1/openapi.json', '/api/v1/admin/openapi.json']) {
      expect((await a.app.inject(doc)).statusCode, doc).toBe(200);
    }
  });
});
