/**
 * The admin store API's bulk import, PATCH and per-key rate limit, on both databases (keys,
 * single-store writes and the audit log: admin.api.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow, londonIds } from './helpers/import-files.js';
import { runAdmin } from '../src/modules/admin/cli.js';

const BASE = '/api/v1/admin';

describe.each(DIALECTS)('admin bulk and patch on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let readKey = '';
  let writeKey2 = '';

  const key = async (...args: string[]) => {
    const lines: string[] = [];
    await runAdmin(['keys', 'create', ...args], t.db, (l) => lines.push(l));
    return lines[1]!;
  };
  const call = (method: 'GET', url: string, k: string) =>
    a.app.inject({ method, url, headers: { authorization: `Bearer ${k}` } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    readKey = await key('--name', 'reader');
    writeKey2 = await key('--name', 'feed', '--scope', 'write');
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('limits requests per API key', async () => {
    const limited = await makeApp(t.db, { RATE_LIMIT_ADMIN: '3' });
    try {
      const get = (key: string) =>
        limited.app.inject({
          method: 'GET',
          url: `${BASE}/stores?limit=1`,
          headers: { authorization: `Bearer ${key}` },
        });
      for (let i = 0; i < 3; i++) expect((await get(readKey)).statusCode).toBe(200);
      const over = await get(readKey);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      // Another key has its own budget.
      expect((await get(writeKey2)).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('imports many stores in one request with the modes, threshold and report', async () => {
    const bulk = (query: string, body: unknown, key = writeKey2) =>
      a.app.inject({
        method: 'POST',
        url: `${BASE}/stores/bulk${query}`,
        headers: { authorization: `Bearer ${key}` },
        payload: body as object,
      });
    const rows = ['B-1', 'B-2', 'B-3'].map((id) => gbRow(id));
    expect((await bulk('', rows, readKey)).statusCode).toBe(403);
    const added = await bulk('?mode=upsert', rows);
    expect(added.statusCode).toBe(200);
    expect(added.json().report).toMatchObject({ outcome: 'APPLIED', changes: { added: 3 } });
    const count = await t.db.stores.count();
    const refused = await bulk('?mode=sync', [rows[0]]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'REMOVAL_REFUSED' },
      report: { outcome: 'REMOVAL_REFUSED', changes: { removed: count - 1, written: false } },
    });
    const dry = await bulk('?mode=sync&dryRun=true&allowRemoval=true', [rows[0]]);
    expect(dry.json().report).toMatchObject({
      outcome: 'DRY_RUN',
      changes: { removed: count - 1 },
    });
    expect(await t.db.stores.count()).toBe(count);
    const synced = await bulk('?mode=sync&allowRemoval=true', [rows[0]]);
    expect(synced.json().report).toMatchObject({ outcome: 'APPLIED' });
    expect(await londonIds(t.db)).toEqual(['B-1']);
    const audit = (await call('GET', `${BASE}/audit?storeId=B-2`, readKey)).json();
    expect(audit.entries.map((e: { action: string; actor: string }) => e.action)).toEqual([
      'delete',
      'create',
    ]);
    expect(audit.entries[0].before.title).toBe('Shop B-2');
    const invalid = await bulk('', [gbRow('B-4', { latitude: '0x33' })]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: { code: 'INVALID_BODY' },
      report: { problems: [{ row: 1, column: 'latitude', code: 'INVALID_COORDINATE' }] },
    });
    const row = JSON.stringify(gbRow('B-5')).slice(0, -1);
    const twice = await a.app.inject({
      method: 'POST',
      url: `${BASE}/stores/bulk`,
      headers: { authorization: `Bearer ${writeKey2}`, 'content-type': 'application/json' },
      payload: `[${JSON.stringify(gbRow('B-4'))},${row},"city":"Leeds"}]`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().report.problems).toEqual([
      expect.objectContaining({ row: 2, column: 'city', code: 'DUPLICATE_COLUMN' }),
    ]);
    const empty = await bulk('?mode=sync', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().report.outcome).toBe('EMPTY_FILE');
    expect(await londonIds(t.db)).toEqual(['B-1']);
  });

  it('patches some columns, checked as a whole store, with If-Match', async () => {
    const created = await a.app.inject({
      method: 'PUT',
      url: `${BASE}/stores/PA-1`,
      headers: { authorization: `Bearer ${writeKey2}` },
      payload: gbRow('PA-1', { phone: '020 7946 0000', salesProducts: 'phone;tablet' }),
    });
    const v1 = created.headers.etag as string;
    const patch = (body: object, headers: Record<string, string> = {}) =>
      a.app.inject({
        method: 'PATCH',
        url: `${BASE}/stores/PA-1`,
        headers: { authorization: `Bearer ${writeKey2}`, ...headers },
        payload: body,
      });
    const patched = await patch({ title: 'Patched' }, { 'if-match': v1 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().store).toMatchObject({
      title: 'Patched',
      phone: '020 7946 0000',
      salesProducts: ['1', '2'],
    });
    expect((await patch({ title: 'Stale' }, { 'if-match': v1 })).statusCode).toBe(412);
    const bad = await patch({ latitude: '0x33' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().problems).toEqual([expect.objectContaining({ code: 'INVALID_COORDINATE' })]);
    expect((await call('GET', `${BASE}/stores/PA-1`, readKey)).json().store.title).toBe('Patched');
    const audit = (await call('GET', `${BASE}/audit?storeId=PA-1`, readKey)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['replace', 'create']);
    // A key named twice is a problem, not a silent last-wins (PATCH and PUT alike).
    const twice = await a.app.inject({
      method: 'PATCH',
      url: `${BASE}/stores/PA-1`,
      headers: { authorization: `Bearer ${writeKey2}`, 'content-type': 'application/json' },
      payload: '{"title":"One","title":"Two"}',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().problems).toEqual([
      expect.objectContaining({ column: 'title', code: 'DUPLICATE_COLUMN' }),
    ]);
    const missing = await a.app.inject({
      method: 'PATCH',
      url: `${BASE}/stores/NOPE-1`,
      headers: { authorization: `Bearer ${writeKey2}` },
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
