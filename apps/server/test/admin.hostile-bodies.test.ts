/**
 * The admin API with bodies and queries a careless or hostile client sends, on both databases:
 * JSON nested thousands deep (400 JSON_TOO_DEEP, never a 500), UTF-16 without a byte-order mark
 * (400 INVALID_ENCODING), DELETE with a JSON content type and no body (accepted), array-style and
 * repeated query keys (400 INVALID_PARAMETER on every API route), and concurrent PATCHes without
 * If-Match (all succeed, one after the other, on both databases).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { writeKey } from './helpers/keys.js';

const BASE = '/api/v1/admin';

/** `depth` arrays nested in one another: 10,000 deep is 20 KiB. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(DIALECTS)('admin API with hostile bodies and queries on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let key = '';

  const send = (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    payload?: string | Buffer,
    headers: Record<string, string> = {},
  ) =>
    a.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    key = (await writeKey(t.db, 'hostile')).token;
    expect((await send('PUT', `${BASE}/stores/H-1`, JSON.stringify(gbRow('H-1')))).statusCode).toBe(
      201,
    );
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers JSON nested 10,000 deep with 400 JSON_TOO_DEEP on PUT, PATCH and bulk', async () => {
    const deepObject = `{"title":${nested(10_000)}}`;
    for (const [method, url, body] of [
      ['PUT', `${BASE}/stores/H-2`, deepObject],
      ['PATCH', `${BASE}/stores/H-1`, deepObject],
      ['POST', `${BASE}/stores/bulk?dryRun=true`, `[${deepObject}]`],
      ['POST', `${BASE}/stores/bulk`, nested(10_000)],
    ] as const) {
      const res = await send(method, url, body, { 'idempotency-key': `deep-${method}` });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'JSON_TOO_DEEP' } });
    }
    // A store's own nesting (its opening hours) is well within the bound.
    const ok = await send('PATCH', `${BASE}/stores/H-1`, JSON.stringify({ city: 'Londres' }));
    expect(ok.statusCode).toBe(200);
    expect((await send('GET', `${BASE}/stores/H-2`)).statusCode).toBe(404);
  });

  it('answers a UTF-16 body without a byte-order mark with 400 INVALID_ENCODING', async () => {
    const text = JSON.stringify([gbRow('H-3')]);
    for (const encoding of ['utf16le', 'utf16be'] as const) {
      const bytes =
        encoding === 'utf16le'
          ? Buffer.from(text, 'utf16le')
          : Buffer.from(text, 'utf16le').swap16();
      const res = await send('POST', `${BASE}/stores/bulk?dryRun=true`, bytes);
      expect(res.statusCode, encoding).toBe(400);
      const body = res.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe('INVALID_ENCODING');
      expect(body.error.message).toMatch(/UTF-16(LE|BE).*UTF-8/);
    }
  });

  it('accepts DELETE with Content-Type: application/json and no body', async () => {
    expect((await send('PUT', `${BASE}/stores/H-4`, JSON.stringify(gbRow('H-4')))).statusCode).toBe(
      201,
    );
    const res = await send('DELETE', `${BASE}/stores/H-4`, '');
    expect(res.statusCode).toBe(204);
    expect((await send('GET', `${BASE}/stores/H-4`)).statusCode).toBe(404);
    // A PUT without a body is still refused.
    const put = await send('PUT', `${BASE}/stores/H-4`, '');
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ error: { code: 'INVALID_BODY' } });
  });

  it('refuses array-style and repeated query keys on every API route', async () => {
    const before = await t.db.stores.count();
    for (const [method, url, param] of [
      ['POST', `${BASE}/stores/bulk?mode[]=sync&allowRemoval=true`, 'mode'],
      ['POST', `${BASE}/stores/bulk?mode=upsert&mode=sync`, 'mode'],
      ['GET', `${BASE}/audit?storeId[]=H-1`, 'storeId'],
      ['GET', `${BASE}/audit?storeId=H-1&storeId=H-2`, 'storeId'],
      ['GET', `${BASE}/stores?limit[x]=1`, 'limit'],
      ['GET', '/api/v1/grlui/GB/en/retail?lat=51.5&lon=-0.1&pt[]=1', 'pt'],
      ['GET', '/api/v1/grlui/GB/en/retail?lat=51.5&lat=52&lon=-0.1', 'lat'],
      ['GET', '/api/v1/maps/geocode?q[]=London', 'q'],
    ] as const) {
      const res = await send(method, url, method === 'POST' ? '[]' : undefined);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { code: 'INVALID_PARAMETER', param } });
    }
    expect(await t.db.stores.count()).toBe(before);
    // Pages are not API routes: a link's extra keys do not break them.
    expect((await a.app.inject({ url: '/uk/en/?utm[]=x&a=1&a=2' })).statusCode).not.toBe(400);
  });

  it('lets concurrent PATCHes without If-Match all succeed, one after the other', async () => {
    expect((await send('PUT', `${BASE}/stores/H-5`, JSON.stringify(gbRow('H-5')))).statusCode).toBe(
      201,
    );
    const patches = [
      { city: 'Westminster' },
      { street1: '2 High Street' },
      { postalCode: 'W1B 2EL' },
      { title: 'Shop five' },
    ];
    const answers = await Promise.all(
      patches.map((p) => send('PATCH', `${BASE}/stores/H-5`, JSON.stringify(p))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Each patch was merged onto the store as the others left it: every column it set is kept.
    const store = (await send('GET', `${BASE}/stores/H-5`)).json<{ store: object }>().store;
    expect(JSON.stringify(store)).toContain('Westminster');
    expect(JSON.stringify(store)).toContain('2 High Street');
    expect(JSON.stringify(store)).toContain('W1B 2EL');
    expect(JSON.stringify(store)).toContain('Shop five');
    // With If-Match, a version that is no longer current is still 412.
    const stale = await send('PATCH', `${BASE}/stores/H-5`, JSON.stringify({ city: 'Soho' }), {
      'if-match': '"0000"',
    });
    expect(stale.statusCode).toBe(412);
  });
});
