/**
 * The admin API keeps its contract on both databases: a corpus of valid and invalid requests
 * (keys missing, wrong or read-only; minimal and full stores; bad fields; If-Match right, wrong
 * and missing; idempotency replays; bulk imports; audit paging; unknown ids; wrong methods,
 * media types and sizes; throttling) whose every answer an independent validator judges against
 * the admin OpenAPI document the server serves: status described, headers and body as
 * documented. Each request also states the status it expects, so the corpus covers what it says.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { readKey, writeKey } from './helpers/keys.js';
import { contractJudge, type ContractJudge } from './helpers/openapi-contract.js';

const BASE = '/api/v1/admin';

const MINIMAL = {
  title: 'Minimal',
  country: 'GB',
  street1: '1 High Street',
  city: 'London',
  latitude: 51.5142,
  longitude: -0.142,
};

const FULL = {
  ...MINIMAL,
  title: 'Full store',
  street2: 'Unit 2',
  state: 'Greater London',
  postalCode: 'W1B 2EL',
  phone: '+44 20 7946 0000',
  storeWeb: 'https://shop.example.com/high-street',
  storeTypes: [5],
  badges: [],
  salesProducts: ['phone'],
  serviceProducts: 'phone',
  trainingProducts: ['watch'],
  carriers: ['EE'],
  geoCodeStatus: 'DATA_FEED',
  hours: 'Mo-Sa 09:00-18:00; Su off',
  specialHours: ['2026-12-25 off "Christmas Day"', '2026-12-24 09:00-14:00'],
  timeZone: 'Europe/London',
};

/** Bodies the server refuses with 400 (INVALID_BODY and its problems). */
const BAD_STORES: Record<string, unknown>[] = [
  { ...MINIMAL, title: '' },
  { ...MINIMAL, title: 'x'.repeat(201) },
  { ...MINIMAL, title: 'Bad\u202Eone' },
  { ...MINIMAL, title: 42 },
  { ...MINIMAL, country: 'GBR' },
  { ...MINIMAL, country: 'ZZ' },
  { ...MINIMAL, latitude: '0x33' },
  { ...MINIMAL, latitude: 95 },
  { ...MINIMAL, latitude: '95' },
  { ...MINIMAL, longitude: 'east' },
  { ...MINIMAL, latitude: 48.8566, longitude: 2.3522 },
  { ...MINIMAL, latitude: '', longitude: '' },
  { ...MINIMAL, storeTypes: ['x'] },
  { ...MINIMAL, storeTypes: [1234] },
  { ...MINIMAL, salesProducts: ['toaster'] },
  { ...MINIMAL, geoCodeStatus: 'GUESSED' },
  { ...MINIMAL, phone: '0121 234' },
  { ...MINIMAL, storeWeb: 'javascript:alert(1)' },
  { ...MINIMAL, hours: 'Mo-Fr 9-18' },
  { ...MINIMAL, hours: 'Mo-Fr 09:00-18:00', timeZone: 'Mars/Olympus' },
  { ...MINIMAL, specialHours: ['someday off'], hours: 'Mo-Fr 09:00-18:00' },
  { ...MINIMAL, lattitude: '51' },
  { ...MINIMAL, storeId: 'OTHER' },
  { title: 'No address' },
  {},
];

interface Case {
  name: string;
  request: InjectOptions & { method: string; url: string };
  status: number;
}

describe.each(DIALECTS)('admin API contract on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let limited: TestApp;
  let judge: ContractJudge;
  let write = '';
  let read = '';
  let revoked = '';
  const violations: string[] = [];
  const wrongStatus: string[] = [];
  let judged = 0;
  let client = 0;

  const auth = (key: string | undefined) => (key ? { authorization: `Bearer ${key}` } : {});

  /** Sends one request, judges its answer and checks its status. */
  async function send(c: Case, app: TestApp = a): Promise<LightMyRequestResponse> {
    const res = await app.app.inject(c.request);
    const type = String(res.headers['content-type'] ?? '');
    const body =
      /json/.test(type) && res.body !== '' ? (JSON.parse(res.body) as unknown) : undefined;
    violations.push(
      ...judge.check({
        method: c.request.method,
        url: c.request.url,
        status: res.statusCode,
        headers: res.headers,
        body,
      }),
    );
    judged += 1;
    if (res.statusCode !== c.status) {
      wrongStatus.push(
        `${c.name}: ${res.statusCode} (expected ${c.status}) ${res.body.slice(0, 300)}`,
      );
    }
    return res;
  }

  const json = (
    method: string,
    url: string,
    key: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Case['request'] => ({
    method,
    url,
    headers: {
      ...auth(key),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    limited = await makeApp(t.db, { RATE_LIMIT_ADMIN: '2', ADMIN_AUTH_FAILURES: '2' });
    write = (await writeKey(t.db, 'contract-feed')).token;
    read = (await readKey(t.db, 'contract-reader')).token;
    const old = await writeKey(t.db, 'contract-old');
    await t.db.admin.revokeKey(old.id);
    revoked = old.token;
    const doc = await a.app.inject(`${BASE}/openapi.json`);
    judge = await contractJudge(doc.json());
  }, 60_000);
  beforeEach(() => {
    violations.length = 0;
    wrongStatus.length = 0;
  });
  afterAll(async () => {
    await limited?.app.close();
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers missing, malformed, wrong, revoked and read-only keys as documented', async () => {
    const targets: [string, string, unknown?][] = [
      ['GET', `${BASE}/stores`],
      ['GET', `${BASE}/stores/K-1`],
      ['HEAD', `${BASE}/stores/K-1`],
      ['PUT', `${BASE}/stores/K-1`, MINIMAL],
      ['PATCH', `${BASE}/stores/K-1`, { title: 'x' }],
      ['DELETE', `${BASE}/stores/K-1`],
      ['POST', `${BASE}/stores/bulk`, [MINIMAL]],
      ['GET', `${BASE}/audit`],
    ];
    const wrongSecret = `${write.slice(0, -4)}AAAA`;
    for (const [method, url, payload] of targets) {
      for (const key of [undefined, 'nonsense', wrongSecret, revoked, `Basic ${write}`]) {
        client += 1;
        const request = json(method, url, key, payload);
        await send({
          name: `${method} ${url} key ${String(key).slice(0, 8)}`,
          // A new client each time: failed authentications are throttled per client.
          request: { ...request, remoteAddress: `10.1.${client >> 8}.${client & 255}` },
          status: 401,
        });
      }
    }
    for (const [method, url, payload] of targets.filter(([m]) => m !== 'GET' && m !== 'HEAD')) {
      await send({
        name: `${method} read-only`,
        request: json(method, url, read, payload),
        status: 403,
      });
    }
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('creates, reads, replaces, patches and deletes stores with If-Match, as documented', async () => {
    const created = await send({
      name: 'minimal PUT',
      request: json('PUT', `${BASE}/stores/MIN-1`, write, MINIMAL),
      status: 201,
    });
    const v1 = String(created.headers.etag);
    await send({
      name: 'PUT again',
      request: json('PUT', `${BASE}/stores/MIN-1`, write, MINIMAL),
      status: 200,
    });
    await send({ name: 'GET', request: json('GET', `${BASE}/stores/MIN-1`, read), status: 200 });
    await send({ name: 'HEAD', request: json('HEAD', `${BASE}/stores/MIN-1`, read), status: 200 });
    await send({
      name: 'GET If-None-Match',
      request: json('GET', `${BASE}/stores/MIN-1`, read, undefined, { 'if-none-match': v1 }),
      status: 304,
    });
    await send({
      name: 'GET stale If-None-Match',
      request: json('GET', `${BASE}/stores/MIN-1`, read, undefined, { 'if-none-match': '"0"' }),
      status: 200,
    });
    const full = await send({
      name: 'full PUT',
      request: json('PUT', `${BASE}/stores/FULL-1`, write, FULL),
      status: 201,
    });
    const f1 = String(full.headers.etag);
    const renamed = await send({
      name: 'PUT right If-Match',
      request: json(
        'PUT',
        `${BASE}/stores/FULL-1`,
        write,
        { ...FULL, title: 'Renamed' },
        { 'if-match': f1 },
      ),
      status: 200,
    });
    const f2 = String(renamed.headers.etag);
    for (const [name, ifMatch, status] of [
      ['PUT wrong If-Match', f1, 412],
      ['PUT weak If-Match', `W/${f2}`, 200],
      ['PUT any If-Match', '*', 200],
      ['PUT unquoted wrong If-Match', 'nope', 412],
    ] as const) {
      await send({
        name,
        request: json(
          'PUT',
          `${BASE}/stores/FULL-1`,
          write,
          { ...FULL, title: 'Renamed' },
          { 'if-match': ifMatch },
        ),
        status,
      });
    }
    await send({
      name: 'PUT new store with If-Match',
      request: json('PUT', `${BASE}/stores/NEW-1`, write, MINIMAL, { 'if-match': f1 }),
      status: 412,
    });
    await send({
      name: 'PATCH right If-Match',
      request: json(
        'PATCH',
        `${BASE}/stores/FULL-1`,
        write,
        { city: 'Westminster' },
        { 'if-match': f2 },
      ),
      status: 200,
    });
    await send({
      name: 'PATCH wrong If-Match',
      request: json('PATCH', `${BASE}/stores/FULL-1`, write, { city: 'Soho' }, { 'if-match': f1 }),
      status: 412,
    });
    for (const patch of [
      { title: 'Patched' },
      { state: null },
      { storeTypes: '5' },
      { phone: 2079460000 },
    ]) {
      await send({
        name: `PATCH ${JSON.stringify(patch)}`,
        request: json('PATCH', `${BASE}/stores/FULL-1`, write, patch),
        status: 200,
      });
    }
    for (const patch of [{ latitude: '0x33' }, { nope: 1 }, { title: '' }, { country: 'FR' }, []]) {
      await send({
        name: `bad PATCH ${JSON.stringify(patch)}`,
        request: json('PATCH', `${BASE}/stores/FULL-1`, write, patch),
        status: 400,
      });
    }
    await send({
      name: 'PATCH unknown',
      request: json('PATCH', `${BASE}/stores/NOPE-1`, write, { title: 'x' }),
      status: 404,
    });
    await send({
      name: 'GET unknown',
      request: json('GET', `${BASE}/stores/NOPE-1`, read),
      status: 404,
    });
    await send({
      name: 'DELETE unknown',
      request: json('DELETE', `${BASE}/stores/NOPE-1`, write),
      status: 404,
    });
    await send({
      name: 'DELETE wrong If-Match',
      request: json('DELETE', `${BASE}/stores/MIN-1`, write, undefined, { 'if-match': f1 }),
      status: 412,
    });
    await send({
      name: 'DELETE empty JSON body',
      request: json('DELETE', `${BASE}/stores/MIN-1`, write, ''),
      status: 204,
    });
    for (const [name, url] of [
      ['bad store id', `${BASE}/stores/bad%20id!`],
      ['long store id', `${BASE}/stores/${'x'.repeat(65)}`],
    ]) {
      await send({ name: `GET ${name}`, request: json('GET', url!, read), status: 400 });
      await send({ name: `PUT ${name}`, request: json('PUT', url!, write, MINIMAL), status: 400 });
      await send({ name: `DELETE ${name}`, request: json('DELETE', url!, write), status: 400 });
    }
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('refuses bad stores and bad bodies with their documented answers', async () => {
    for (const [i, body] of BAD_STORES.entries()) {
      await send({
        name: `bad store ${i} ${JSON.stringify(body).slice(0, 60)}`,
        request: json('PUT', `${BASE}/stores/BAD-${i}`, write, body),
        status: 400,
      });
    }
    const raw = (
      name: string,
      method: string,
      payload: string | Buffer,
      type: string,
      status: number,
    ) =>
      send({
        name,
        request: {
          method,
          url: `${BASE}/stores/RAW-1`,
          headers: { ...auth(write), 'content-type': type },
          payload,
        },
        status,
      });
    await raw('array body', 'PUT', '[]', 'application/json', 400);
    await raw('string body', 'PUT', '"store"', 'application/json', 400);
    await raw('null body', 'PUT', 'null', 'application/json', 400);
    await raw('empty body', 'PUT', '', 'application/json', 400);
    await raw('broken JSON', 'PUT', '{"title":', 'application/json', 400);
    await raw(
      'repeated key',
      'PUT',
      JSON.stringify(MINIMAL).replace('{', '{"title":"One",'),
      'application/json',
      400,
    );
    await raw('deep JSON', 'PUT', `${'['.repeat(40)}${']'.repeat(40)}`, 'application/json', 400);
    await raw(
      'UTF-16 body',
      'PUT',
      Buffer.from(JSON.stringify(MINIMAL), 'utf16le'),
      'application/json',
      400,
    );
    // Text is read as text (Fastify's parser): not a store.
    await raw('text body', 'PUT', JSON.stringify(MINIMAL), 'text/plain', 400);
    await raw('XML body', 'PUT', '<store/>', 'application/xml', 415);
    await raw('form body', 'PATCH', 'title=x', 'application/x-www-form-urlencoded', 415);
    await raw('CSV body', 'PATCH', 'title\nx\n', 'text/csv', 415);
    await raw('text DELETE', 'DELETE', 'x', 'text/plain', 404);
    const big = JSON.stringify({ ...MINIMAL, hours: 'x'.repeat(1_100_000) });
    await raw('oversized PUT', 'PUT', big, 'application/json', 413);
    await raw('oversized PATCH', 'PATCH', big, 'application/json', 413);
    for (const key of ['x'.repeat(256), 'with space', 'tab\tkey']) {
      await send({
        name: `bad idempotency key ${key.slice(0, 10)}`,
        request: json('PUT', `${BASE}/stores/IK-1`, write, MINIMAL, { 'idempotency-key': key }),
        status: 400,
      });
    }
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('replays idempotent writes and imports in bulk, as documented', async () => {
    const key = { 'idempotency-key': `contract-${dialect}-put` };
    await send({
      name: 'idempotent PUT',
      request: json('PUT', `${BASE}/stores/ID-1`, write, MINIMAL, key),
      status: 201,
    });
    await send({
      name: 'idempotent PUT replay',
      request: json('PUT', `${BASE}/stores/ID-1`, write, MINIMAL, key),
      status: 201,
    });
    await send({
      name: 'idempotency key reused',
      request: json('PUT', `${BASE}/stores/ID-1`, write, { ...MINIMAL, title: 'Other' }, key),
      status: 422,
    });
    const patchKey = { 'idempotency-key': `contract-${dialect}-patch` };
    await send({
      name: 'idempotent PATCH',
      request: json('PATCH', `${BASE}/stores/ID-1`, write, { city: 'Soho' }, patchKey),
      status: 200,
    });
    await send({
      name: 'idempotent PATCH replay',
      request: json('PATCH', `${BASE}/stores/ID-1`, write, { city: 'Soho' }, patchKey),
      status: 200,
    });
    const delKey = { 'idempotency-key': `contract-${dialect}-delete` };
    await send({
      name: 'idempotent DELETE',
      request: json('DELETE', `${BASE}/stores/ID-1`, write, undefined, delKey),
      status: 204,
    });
    await send({
      name: 'idempotent DELETE replay',
      request: json('DELETE', `${BASE}/stores/ID-1`, write, undefined, delKey),
      status: 204,
    });

    const rows = Array.from({ length: 12 }, (_, i) => gbRow(`BULK-${i}`));
    const bulk = (
      query: string,
      body: unknown,
      status: number,
      headers: Record<string, string> = {},
    ) =>
      send({
        name: `bulk ${query}`,
        request: json('POST', `${BASE}/stores/bulk${query}`, write, body, headers),
        status,
      });
    await bulk('?dryRun=true', rows, 200);
    await bulk('', rows, 200);
    await bulk('?mode=upsert&dryRun=false', rows, 200);
    const bulkKey = { 'idempotency-key': `contract-${dialect}-bulk` };
    await bulk('?dryRun=true&mode=upsert', rows.slice(0, 2), 200, bulkKey);
    await bulk('?dryRun=true&mode=upsert', rows.slice(0, 2), 200, bulkKey);
    await bulk('?mode=sync', rows.slice(0, 1), 409);
    await bulk('?mode=sync&dryRun=true&allowRemoval=true', rows.slice(0, 1), 200);
    await bulk('?mode=sync&dryRun=true&maxRemoval=1', rows.slice(0, 1), 200);
    await bulk('?dryRun=true', [gbRow('BAD-B', { latitude: '0x33' })], 400);
    await bulk('?dryRun=true', [{ ...MINIMAL }], 400);
    await bulk('?dryRun=true', [], 400);
    await bulk('?dryRun=true', { stores: rows }, 400);
    await bulk('?dryRun=true', `[${'['.repeat(40)}${']'.repeat(40)}]`, 400);
    await bulk('?mode=replace', rows, 400);
    await bulk('?maxRemoval=2', rows, 400);
    await bulk('?maxRemoval=half', rows, 400);
    await bulk('?dryRun=maybe', rows, 400);
    await bulk('?mode=sync&mode=upsert', rows, 400);
    // CSV and NDJSON bodies are import files too (an invalid one: 400 with the report).
    await send({
      name: 'bulk CSV',
      request: {
        method: 'POST',
        url: `${BASE}/stores/bulk`,
        headers: { ...auth(write), 'content-type': 'text/csv' },
        payload: 'storeId\nx\n',
      },
      status: 400,
    });
    await send({
      name: 'bulk XML',
      request: {
        method: 'POST',
        url: `${BASE}/stores/bulk`,
        headers: { ...auth(write), 'content-type': 'application/xml' },
        payload: 'storeId\nx\n',
      },
      status: 415,
    });
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('lists stores and the audit log in pages, as documented', async () => {
    for (const [query, status] of [
      ['', 200],
      ['?limit=1', 200],
      ['?limit=2&after=BULK-1', 200],
      ['?limit=500', 200],
      ['?limit=', 200],
      ['?after=ZZZ', 200],
      ['?limit=0', 400],
      ['?limit=501', 400],
      ['?limit=abc', 400],
      ['?limit=1&limit=2', 400],
      ['?limit[]=1', 400],
    ] as const) {
      await send({
        name: `list ${query}`,
        request: json('GET', `${BASE}/stores${query}`, read),
        status,
      });
    }
    for (const [query, status] of [
      ['', 200],
      ['?limit=1', 200],
      ['?limit=1000', 200],
      ['?storeId=MIN-1', 200],
      ['?storeId=FULL-1&limit=2', 200],
      ['?storeId=NOPE', 200],
      ['?limit=0', 400],
      ['?limit=1001', 400],
      ['?limit=-1', 400],
      ['?storeId[]=x', 400],
    ] as const) {
      await send({
        name: `audit ${query}`,
        request: json('GET', `${BASE}/audit${query}`, write),
        status,
      });
    }
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('answers methods a path does not take with 405 and Allow, whatever the key', async () => {
    const wrong: [string, string][] = [
      ['POST', '/stores'],
      ['PUT', '/stores'],
      ['PATCH', '/stores'],
      ['DELETE', '/stores'],
      ['POST', '/stores/X-1'],
      ['GET', '/stores/bulk'],
      ['HEAD', '/stores/bulk'],
      ['PUT', '/stores/bulk'],
      ['PATCH', '/stores/bulk'],
      ['DELETE', '/stores/bulk'],
      ['POST', '/audit'],
      ['PUT', '/audit'],
      ['PATCH', '/audit'],
      ['DELETE', '/audit'],
    ];
    for (const [method, path] of wrong) {
      const body =
        method === 'PUT' || method === 'PATCH' || method === 'POST' ? MINIMAL : undefined;
      await send({
        name: `${method} ${path}`,
        request: json(method, `${BASE}${path}`, write, body),
        status: 405,
      });
    }
    await send({
      name: 'PUT bulk without key',
      request: json('PUT', `${BASE}/stores/bulk`, undefined, MINIMAL),
      status: 405,
    });
    expect(await t.db.admin.getStore('bulk')).toBeUndefined();
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('throttles failed authentication and limits requests per key, as documented', async () => {
    const ip = '10.9.9.9';
    for (const status of [401, 401, 429, 429]) {
      await send(
        {
          name: `throttle ${status}`,
          request: { ...json('GET', `${BASE}/stores`, 'nonsense'), remoteAddress: ip },
          status,
        },
        limited,
      );
    }
    for (const status of [200, 200, 429]) {
      await send(
        {
          name: `rate limit ${status}`,
          request: json('GET', `${BASE}/audit?limit=1`, read),
          status,
        },
        limited,
      );
    }
    expect(wrongStatus).toEqual([]);
    expect(violations).toEqual([]);
    expect(judged).toBeGreaterThanOrEqual(150);
    // The judge itself sees a body, a status and an Allow that break the document.
    const url = `${BASE}/stores/X-1`;
    const headers = { 'content-type': 'application/json' };
    expect(
      judge.check({ method: 'GET', url, status: 200, headers, body: { storeId: 1 } }),
    ).not.toEqual([]);
    expect(judge.check({ method: 'GET', url, status: 418, headers, body: {} })).not.toEqual([]);
    expect(
      judge.check({ method: 'POST', url, status: 405, headers: { allow: 'GET' }, body: {} }),
    ).not.toEqual([]);
  });
});
