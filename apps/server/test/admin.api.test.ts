/**
 * The admin store API on both databases: API keys from the CLI (hashed, scoped, revocable),
 * 401/403 with catalogue codes, stores read with ETags, written with the import's validation
 * and If-Match, paging, and the audit log of every write (API and CLI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow, londonIds } from './helpers/import-files.js';
import { runAdmin } from '../src/modules/admin/cli.js';
import { readKey as makeReadKey, writeKey as makeWriteKey } from './helpers/keys.js';

const BASE = '/api/v1/admin';

describe.each(DIALECTS)('admin API on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let readKey = '';
  let writeKey = '';
  let writeId = '';
  let writeKey2 = '';

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(args, t.db, (l) => lines.push(l));
    return { code, lines };
  };
  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    key?: string,
    extra: { body?: object; headers?: Record<string, string> } = {},
  ) =>
    a.app.inject({
      method,
      url,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...extra.headers },
      ...(extra.body ? { payload: extra.body } : {}),
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    readKey = (await makeReadKey(t.db, 'reader')).token;
    const write = await makeWriteKey(t.db, 'feed');
    writeKey = write.token;
    writeId = write.id;
    writeKey2 = (await makeWriteKey(t.db, 'feed2')).token;
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers 401 without a valid key and 403 without the scope', async () => {
    for (const key of [undefined, 'nonsense', `${readKey.slice(0, -2)}xx`]) {
      const res = await call('GET', `${BASE}/stores`, key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const res = await call('PUT', `${BASE}/stores/A-1`, readKey, { body: gbRow('A-1') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await call('GET', `${BASE}/stores`, readKey)).statusCode).toBe(200);
    // Keys are stored hashed: the secret appears nowhere in the stored row.
    const keys = await t.db.admin.listKeys();
    // The key is lk_{id}_{secret}; the secret (base64url) may itself contain "_".
    const secret = writeKey.split('_').slice(2).join('_');
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(JSON.stringify(keys)).not.toContain(secret);
    // Created in the same millisecond they may list in either order.
    expect(keys.map((k) => [k.name, k.scopes.join(',')]).sort()).toEqual([
      ['feed', 'read,write'],
      ['feed2', 'read,write'],
      ['reader', 'read'],
    ]);
  });

  it('creates, reads (ETag), replaces with If-Match, deletes; searches see each write', async () => {
    const created = await call('PUT', `${BASE}/stores/A-1`, writeKey, { body: gbRow('A-1') });
    expect(created.statusCode).toBe(201);
    const v1 = created.headers.etag as string;
    expect(created.json()).toMatchObject({
      storeId: 'A-1',
      country: 'GB',
      store: { title: 'Shop A-1' },
    });
    expect(await londonIds(t.db)).toEqual(['A-1']);

    const got = await call('GET', `${BASE}/stores/A-1`, readKey);
    expect(got.headers.etag).toBe(v1);
    const cached = await call('GET', `${BASE}/stores/A-1`, readKey, {
      headers: { 'if-none-match': v1 },
    });
    expect(cached.statusCode).toBe(304);

    const changed = gbRow('A-1', { title: 'Renamed' });
    const replaced = await call('PUT', `${BASE}/stores/A-1`, writeKey, {
      body: changed,
      headers: { 'if-match': v1 },
    });
    expect(replaced.statusCode).toBe(200);
    const v2 = replaced.headers.etag as string;
    expect(v2).not.toBe(v1);
    // A stale version is refused, and nothing changes.
    const stale = await call('PUT', `${BASE}/stores/A-1`, writeKey, {
      body: gbRow('A-1', { title: 'Lost update' }),
      headers: { 'if-match': v1 },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ error: { code: 'PRECONDITION_FAILED' } });
    expect((await call('GET', `${BASE}/stores/A-1`, readKey)).json().store.title).toBe('Renamed');
    const staleDelete = await call('DELETE', `${BASE}/stores/A-1`, writeKey, {
      headers: { 'if-match': v1 },
    });
    expect(staleDelete.statusCode).toBe(412);
    const deleted = await call('DELETE', `${BASE}/stores/A-1`, writeKey, {
      headers: { 'if-match': v2 },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await londonIds(t.db)).toEqual([]);
    expect((await call('GET', `${BASE}/stores/A-1`, readKey)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/stores/A-1`, writeKey)).statusCode).toBe(404);
  });

  it('validates a store as the import does, reporting every problem', async () => {
    const res = await call('PUT', `${BASE}/stores/BAD-1`, writeKey, {
      body: { ...gbRow('BAD-1', { latitude: '0x33', title: 'Bad\u202Eone' }), lattitude: '51' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('INVALID_BODY');
    expect(body.problems.map((p: { column: string; code: string }) => [p.column, p.code])).toEqual(
      expect.arrayContaining([
        ['lattitude', 'UNKNOWN_COLUMN'],
        ['title', 'FORBIDDEN_CHARACTER'],
        ['latitude', 'INVALID_COORDINATE'],
      ]),
    );
    const paris = await call('PUT', `${BASE}/stores/BAD-2`, writeKey, {
      body: gbRow('BAD-2', { latitude: '48.8566', longitude: '2.3522' }),
    });
    expect(paris.json().problems).toEqual([expect.objectContaining({ code: 'OUTSIDE_COUNTRY' })]);
    const noCoords = await call('PUT', `${BASE}/stores/BAD-3`, writeKey, {
      body: gbRow('BAD-3', { latitude: '', longitude: '' }),
    });
    expect(noCoords.json().problems).toEqual([expect.objectContaining({ code: 'NOT_PLACED' })]);
    expect(await t.db.stores.count()).toBe(0);
  });

  it('refuses an impossible phone number and stores phone and website normalised', async () => {
    const bad = await call('PUT', `${BASE}/stores/TEL-BAD`, writeKey, {
      body: gbRow('TEL-BAD', { phone: '0121 234' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().problems).toEqual([
      expect.objectContaining({
        column: 'phone',
        code: 'INVALID_PHONE',
        reason: expect.stringMatching(/^is not a valid phone number in GB \(a number like /),
      }),
    ]);
    const ok = await call('PUT', `${BASE}/stores/TEL-1`, writeKey, {
      body: gbRow('TEL-1', {
        phone: '+441212347891',
        storeWeb: 'shop.example.com/"quoted"<page>',
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const read = await call('GET', `${BASE}/stores/TEL-1`, writeKey);
    expect(read.json().store).toMatchObject({
      phone: '0121 234 7891',
      storeWeb: 'https://shop.example.com/%22quoted%22%3Cpage%3E',
    });
    const removed = await call('DELETE', `${BASE}/stores/TEL-1`, writeKey, {
      headers: { 'if-match': String(read.headers.etag) },
    });
    expect(removed.statusCode).toBe(204);
  });

  it('takes the training products of a store, refusing an unknown one', async () => {
    const bad = await call('PUT', `${BASE}/stores/TRAIN-BAD`, writeKey, {
      body: { ...gbRow('TRAIN-BAD'), trainingProducts: ['phone', 'toaster'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().problems).toEqual([
      expect.objectContaining({ column: 'trainingProducts', reason: 'unknown code "toaster"' }),
    ]);
    const ok = await call('PUT', `${BASE}/stores/TRAIN-1`, writeKey, {
      body: { ...gbRow('TRAIN-1'), trainingProducts: ['watch'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const hits = await t.db.search.nearest({
      latitude: 51.5142,
      longitude: -0.142,
      radiusKm: 5,
      limit: 5,
      countries: ['GB'],
      channel: 'training',
      dropOff: 'any',
    });
    expect(hits.map((h) => JSON.parse(h.doc).trainingProducts)).toEqual([['4']]);
    expect((await call('DELETE', `${BASE}/stores/TRAIN-1`, writeKey)).statusCode).toBe(204);
  });

  it("answers a store's columns (row), which written back unchanged change nothing", async () => {
    const body = gbRow('ROW-1', {
      phone: '020 7946 0000',
      hours: 'Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off',
      specialHours: '2026-12-25 off "Christmas Day"',
      badges: 'ars',
      serviceTypes: 'rt1;rt2',
      storeTypes: '5',
    });
    const put = await call('PUT', `${BASE}/stores/ROW-1`, writeKey, { body });
    expect(put.statusCode).toBe(201);
    const read = (await call('GET', `${BASE}/stores/ROW-1`, readKey)).json();
    expect(read.row).toMatchObject({
      storeId: 'ROW-1',
      country: 'GB',
      phone: '020 7946 0000',
      badges: 'ars',
      serviceTypes: 'rt1;rt2',
      storeTypes: '5',
      hours: 'Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off',
    });
    expect(read.store.storeBadges).toEqual(['1']);
    const again = await call('PUT', `${BASE}/stores/ROW-1`, writeKey, {
      body: read.row,
      headers: { 'if-match': `"${read.version}"` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(read.version);
    expect((await call('DELETE', `${BASE}/stores/ROW-1`, writeKey)).statusCode).toBe(204);
  });

  it('lists stores in pages', async () => {
    for (const id of ['P-3', 'P-1', 'P-2']) {
      expect(
        (await call('PUT', `${BASE}/stores/${id}`, writeKey, { body: gbRow(id) })).statusCode,
      ).toBe(201);
    }
    const first = (await call('GET', `${BASE}/stores?limit=2`, readKey)).json();
    expect(first.stores.map((s: { storeId: string }) => s.storeId)).toEqual(['P-1', 'P-2']);
    expect(first.next).toBe('P-2');
    const second = (await call('GET', `${BASE}/stores?limit=2&after=P-2`, readKey)).json();
    expect(second.stores.map((s: { storeId: string }) => s.storeId)).toEqual(['P-3']);
    expect(second.next).toBeNull();
    expect((await call('GET', `${BASE}/stores?limit=0`, readKey)).json().error.code).toBe(
      'PARAMETER_OUT_OF_RANGE',
    );
  });

  it('keeps an audit log of every write (API and CLI), and revoked keys stop working', async () => {
    const res = (await call('GET', `${BASE}/audit?storeId=A-1`, readKey)).json();
    expect(res.entries.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'replace',
      'create',
    ]);
    const [del, rep, cre] = res.entries;
    expect(cre).toMatchObject({ actor: `key:${writeId}`, storeId: 'A-1', before: null });
    expect(cre.after.title).toBe('Shop A-1');
    expect(rep.before.title).toBe('Shop A-1');
    expect(rep.after.title).toBe('Renamed');
    expect(del).toMatchObject({ after: null });
    expect(del.before.title).toBe('Renamed');
    const printed = await cli('audit', '--store', 'A-1');
    expect(printed.lines).toHaveLength(3);
    expect(printed.lines[0]).toContain(`key:${writeId}  delete  A-1`);

    expect((await cli('keys', 'revoke', writeId)).code).toBe(0);
    expect((await cli('keys', 'revoke', writeId)).code).toBe(1);
    const after = await call('PUT', `${BASE}/stores/Q-1`, writeKey, { body: gbRow('Q-1') });
    expect(after.statusCode).toBe(401);
    expect((await cli('keys', 'list')).lines.find((l) => l.startsWith(writeId))).toContain(
      'REVOKED',
    );
  });

  it('serves its generated OpenAPI document without a key, saying what the server enforces', async () => {
    const res = await call('GET', `${BASE}/openapi.json`);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      `${BASE}/audit`,
      `${BASE}/demand`,
      `${BASE}/demand/unmet.csv`,
      `${BASE}/keys`,
      `${BASE}/keys/{id}`,
      `${BASE}/session`,
      `${BASE}/sessions`,
      `${BASE}/sso/callback`,
      `${BASE}/sso/start`,
      `${BASE}/store-search`,
      `${BASE}/stores`,
      `${BASE}/stores.csv`,
      `${BASE}/stores/bulk`,
      `${BASE}/stores/{storeId}`,
      `${BASE}/webhooks`,
    ]);
    const input = doc.components.schemas.StoreInput;
    expect(input.additionalProperties).toBe(false);
    expect(input.required).toEqual([
      'title',
      'country',
      'street1',
      'city',
      'latitude',
      'longitude',
    ]);
    expect(input.properties.latitude.anyOf).toContainEqual(
      expect.objectContaining({ type: 'number', minimum: -90, maximum: 90 }),
    );
    expect(JSON.stringify(input.properties.storeTypes)).toContain('"type":"integer"');
    expect(input.properties.specialHours.anyOf).toContainEqual(
      expect.objectContaining({ type: 'array' }),
    );
    expect(doc.components.schemas.ErrorBody.properties.error.properties.code.enum).toContain(
      'PRECONDITION_FAILED',
    );
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      doc.paths,
    )) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op, `${method} ${path}`).toMatchObject({
          operationId: expect.any(String),
          summary: expect.any(String),
          description: expect.any(String),
        });
        // The console's operations answer what a session can meet: no key rate limit; no role
        // needed for its own session, nor for the demand figures (every role reads them).
        // Single sign-on's routes are browser navigations: they answer with a redirect,
        // whatever happens.
        const session = /\/sessions?$/.test(path);
        const keys = /\/(keys|webhooks)/.test(path);
        const sso = /\/sso\//.test(path);
        const demand = /\/demand/.test(path);
        const expected = sso
          ? ['302']
          : demand
            ? ['400', '401', '503']
            : session && method === 'post'
              ? ['401', '429', '503']
              : session
                ? ['401', '503']
                : keys
                  ? ['401', '403', '503']
                  : ['401', '403', '429', '503'];
        expect(Object.keys(op.responses as object), `${method} ${path}`).toEqual(
          expect.arrayContaining(expected),
        );
      }
    }
    // The store minimal for the document is a store the server takes.
    const minimal = {
      title: 'Minimal',
      country: 'GB',
      street1: '1 High Street',
      city: 'London',
      latitude: 51.5142,
      longitude: -0.142,
    };
    const put = await call('PUT', `${BASE}/stores/MIN-1`, writeKey2, { body: minimal });
    expect(put.statusCode, put.body).toBe(201);
    expect((await call('DELETE', `${BASE}/stores/MIN-1`, writeKey2)).statusCode).toBe(204);
  });

  it('answers 405 with Allow for a method a path does not take, never reading "bulk" as a store id', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await a.app.inject({
        method,
        url: `${BASE}/stores/bulk`,
        headers: { authorization: `Bearer ${writeKey2}` },
        ...(method === 'PUT' || method === 'PATCH' ? { payload: gbRow('bulk') } : {}),
      });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST');
      expect(res.json(), method).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
    }
    expect((await call('GET', `${BASE}/stores/bulk`)).statusCode).toBe(405);
    const post = await a.app.inject({ method: 'POST', url: `${BASE}/stores/X-1` });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE');
    const del = await a.app.inject({ method: 'DELETE', url: `${BASE}/audit` });
    expect(del.headers.allow).toBe('GET, HEAD');
    expect(await t.db.admin.getStore('bulk')).toBeUndefined();
  });

  it('answers a retried write with its first answer for the same idempotency key', async () => {
    const put = (body: object, headers: Record<string, string>) =>
      call('PUT', `${BASE}/stores/I-1`, writeKey2, { body, headers });
    const first = await put(gbRow('I-1'), { 'idempotency-key': 'create-I-1' });
    expect(first.statusCode).toBe(201);
    const retry = await put(gbRow('I-1'), { 'idempotency-key': 'create-I-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.etag).toBe(first.headers.etag);
    expect(retry.json()).toEqual(first.json());
    const reused = await put(gbRow('I-1', { title: 'Other' }), { 'idempotency-key': 'create-I-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    // A retry after the write went through is not a lost update (If-Match would now fail).
    const v1 = first.headers.etag as string;
    const rename = { 'idempotency-key': 'rename-I-1', 'if-match': v1 };
    const renamed = await put(gbRow('I-1', { title: 'Renamed' }), rename);
    expect(renamed.statusCode).toBe(200);
    const again = await put(gbRow('I-1', { title: 'Renamed' }), rename);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const del = { headers: { 'idempotency-key': 'delete-I-1' } };
    expect((await call('DELETE', `${BASE}/stores/I-1`, writeKey2, del)).statusCode).toBe(204);
    const delAgain = await call('DELETE', `${BASE}/stores/I-1`, writeKey2, del);
    expect(delAgain.statusCode).toBe(204);
    expect(delAgain.headers['idempotent-replayed']).toBe('true');
    // Each write happened once.
    const audit = (await call('GET', `${BASE}/audit?storeId=I-1`, readKey)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'replace',
      'create',
    ]);
    const bad = await call('DELETE', `${BASE}/stores/I-1`, writeKey2, {
      headers: { 'idempotency-key': 'x'.repeat(256) },
    });
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_PARAMETER' } });
  });
});
