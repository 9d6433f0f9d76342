/**
 * Imports from the console, on both databases: the bulk route takes CSV, NDJSON and JSON bodies
 * through the import (one code path), its report lists what is created, changed (column by
 * column) and removed; nothing is written on any error; viewers may download the stores as CSV
 * but not import; signed out is 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { csv, gbRow } from './helpers/import-files.js';
import { addMember, asMember } from './helpers/console-members.js';
import type { ConsoleRole } from '../src/modules/console/account-repository.js';

const BASE = '/api/v1/admin';

describe.each(DIALECTS)('console imports on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const members = new Map<ConsoleRole, Record<string, string>>();

  const as = (role: ConsoleRole, options: InjectOptions) =>
    a.app.inject({ ...options, headers: { ...options.headers, ...members.get(role) } });
  const bulk = (query: string, body: string, type: string, role: ConsoleRole = 'editor') =>
    as(role, {
      method: 'POST',
      url: `${BASE}/stores/bulk${query}`,
      headers: { 'content-type': type },
      payload: body,
    });
  const ids = async () => {
    const res = await as('viewer', { url: `${BASE}/stores?limit=100` });
    return res.json<{ stores: { storeId: string }[] }>().stores.map((s) => s.storeId);
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    for (const role of ['viewer', 'editor'] as const) {
      members.set(role, asMember(await addMember(a.app, t.db.accounts, role)));
    }
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('checks a CSV with a bad row: its line and column, and nothing written', async () => {
    const file = csv([gbRow('C-1'), gbRow('C-2', { latitude: 'north' })]);
    for (const query of ['?dryRun=true', '']) {
      const res = await bulk(query, file, 'text/csv');
      expect(res.statusCode, res.body).toBe(400);
      const { error, report } = res.json();
      expect(error.code).toBe('INVALID_BODY');
      expect(report).toMatchObject({ format: 'csv', outcome: 'INVALID_ROWS', rows: 2, invalid: 1 });
      expect(report.problems).toEqual([
        expect.objectContaining({ row: 3, column: 'latitude', value: 'north' }),
      ]);
      expect(await ids()).toEqual([]);
    }
  });

  it('lists what a CSV creates, then applies it; NDJSON and JSON take the same path', async () => {
    const file = csv([gbRow('C-1'), gbRow('C-2')]);
    const dry = await bulk('?dryRun=true', file, 'text/csv');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().report).toMatchObject({
      outcome: 'DRY_RUN',
      changes: { added: 2, written: false },
      listed: {
        created: [
          { storeId: 'C-1', title: 'Shop C-1', country: 'GB', line: 2 },
          { storeId: 'C-2', title: 'Shop C-2', country: 'GB', line: 3 },
        ],
        updated: [],
        removed: [],
      },
    });
    expect(await ids()).toEqual([]);
    const applied = await bulk('', file, 'text/csv');
    expect(applied.json().report).toMatchObject({ outcome: 'APPLIED', changes: { added: 2 } });
    expect(await ids()).toEqual(['C-1', 'C-2']);

    const ndjson = `${JSON.stringify(gbRow('C-3'))}\n`;
    const nd = await bulk('?dryRun=true', ndjson, 'application/x-ndjson');
    expect(nd.json().report).toMatchObject({
      format: 'ndjson',
      listed: { created: [{ line: 1 }] },
    });
    const json = await bulk('?dryRun=true', JSON.stringify([gbRow('C-3')]), 'application/json');
    expect(json.json().report).toMatchObject({ format: 'json', changes: { added: 1 } });
  });

  it('lists changes field by field and removals, read before the change', async () => {
    const file = csv([gbRow('C-1', { title: 'Renamed', city: 'Londinium' })]);
    const dry = await bulk('?mode=sync&dryRun=true&allowRemoval=true', file, 'text/csv');
    expect(dry.statusCode, dry.body).toBe(200);
    const { listed } = dry.json().report;
    expect(listed.updated).toEqual([
      {
        storeId: 'C-1',
        title: 'Renamed',
        country: 'GB',
        line: 2,
        fields: [
          { column: 'title', before: 'Shop C-1', after: 'Renamed' },
          { column: 'city', before: 'London', after: 'Londinium' },
        ],
      },
    ]);
    expect(listed.removed).toEqual([{ storeId: 'C-2', title: 'Shop C-2', country: 'GB' }]);
    // Sync's threshold: 1 of 2 is over 10 %, refused, nothing written.
    const refused = await bulk('?mode=sync', file, 'text/csv');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().report.listed.removed).toHaveLength(1);
    expect(await ids()).toEqual(['C-1', 'C-2']);
  });

  it('downloads the stores as CSV that imports back unchanged', async () => {
    const res = await as('viewer', { url: `${BASE}/stores.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^storeId,title,country,/);
    expect(lines).toHaveLength(3);
    const again = await bulk('?mode=sync&dryRun=true', res.body, 'text/csv');
    expect(again.json().report).toMatchObject({
      changes: { added: 0, changed: 0, removed: 0, unchanged: 2 },
    });
  });

  it('lets a viewer download but not import, and nobody signed out', async () => {
    const file = csv([gbRow('V-1')]);
    const viewer = await bulk('?dryRun=true', file, 'text/csv', 'viewer');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
    const out = await a.app.inject({
      method: 'POST',
      url: `${BASE}/stores/bulk?dryRun=true`,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(out.statusCode).toBe(401);
    expect((await a.app.inject({ url: `${BASE}/stores.csv` })).statusCode).toBe(401);
    expect(await ids()).toEqual(['C-1', 'C-2']);
  });
});
