/**
 * Training providers on both databases: the training channel's search lists only stores that
 * train on something (and on the chosen product), where the country's training channel has
 * products; the import's `trainingProducts` column, its errors and its export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { BERLIN, config, fixtureStores, testStores } from './helpers/fixtures.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';
import { toImportCsv } from '../src/modules/imports/export.js';
import type { StoreRecord } from '../src/db/types.js';

const G = '/api/v1/grlui';
const cfg = config();

type Store = { storeId: string; trainingProducts?: string[]; salesProducts: string[] };

describe.each(DIALECTS)('training providers on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const search = (path: string, o: Record<string, string | number> = {}) => {
    const query = { pt: 'all', lat: BERLIN.lat, lon: BERLIN.lon, ...o };
    const entries = Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]);
    return a.app.inject(`${G}${path}?${new URLSearchParams(entries).toString()}`);
  };
  const stores = async (path: string, o: Record<string, string | number> = {}) => {
    const res = await search(path, o);
    expect(res.statusCode, res.body).toBe(200);
    expect(searchResponseSchema.safeParse(res.json()).success).toBe(true);
    return res.json().results.stores as Store[];
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(cfg, 3000));
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('lists only training providers in the training channel', async () => {
    const de = await stores('/de/de/training');
    expect(de.map((s) => s.storeId)).toEqual(['DE-2']);
    expect(de[0]!.trainingProducts).toEqual(['1', '4']);
    // The same place in sales lists every store.
    expect((await stores('/de/de/sales')).map((s) => s.storeId)).toEqual(['DE-1', 'DE-2', 'DE-3']);
  });

  it('filters training providers by the product they train on', async () => {
    expect((await stores('/de/de/training', { pt: '4' })).map((s) => s.storeId)).toEqual(['DE-2']);
    // DE-2 sells tablets (2) but does not train on them.
    expect(await stores('/de/de/training', { pt: '2' })).toEqual([]);
  });

  it('finds demo training providers where the configuration has a training channel', async () => {
    const us = await stores('/us/en/training', { lat: 40.71, lon: -74.0, maxrad: 1000 });
    expect(us.length).toBeGreaterThan(0);
    for (const s of us) expect(s.trainingProducts?.length ?? 0).toBeGreaterThan(0);
    const sales = await stores('/us/en/sales', { lat: 40.71, lon: -74.0, maxrad: 1000 });
    expect(sales.length).toBeGreaterThan(us.length);
  });

  it('has no training search where training has no products, nor in catch-all regions', async () => {
    for (const path of ['/uk/en/training', '/europe/en/training']) {
      const res = await search(path);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('UNKNOWN_CHANNEL');
    }
  });

  it('imports the trainingProducts column, with a clear error for an unknown code', async () => {
    await t.db.stores.replaceAll([]);
    await t.db.meta.set('dataset', 'import');
    const bad = await importCsv(
      csv([
        gbRow('TRAIN-1', { trainingProducts: 'phone;watch' }),
        gbRow('TRAIN-2', { trainingProducts: 'phone;toaster' }),
      ]),
      t.db,
      cfg,
    );
    expect(bad.problems.map((p) => [p.line, p.field, p.reason])).toEqual([
      [3, 'trainingProducts', 'unknown code "toaster"'],
    ]);
    expect(bad.outcome).toBe('INVALID_ROWS');
    expect(await t.db.stores.count()).toBe(0);

    const rows = [
      gbRow('TRAIN-1', { trainingProducts: 'phone;watch' }),
      gbRow('SELLS-ONLY', { latitude: '51.5150', trainingProducts: '' }),
    ];
    const ok = await importCsv(csv(rows), t.db, cfg);
    expect(ok.problems).toEqual([]);
    expect(ok.changes).toMatchObject({ added: 2 });
    const near = { latitude: 51.5142, longitude: -0.142, radiusKm: 5, limit: 10 };
    const found = await t.db.search.nearest({
      ...near,
      countries: ['GB'],
      channel: 'training',
      dropOff: 'any',
    });
    expect(found.map((h) => (JSON.parse(h.doc) as Store).storeId)).toEqual(['TRAIN-1']);
    expect((JSON.parse(found[0]!.doc) as Store).trainingProducts).toEqual(['1', '4']);
    // A store that trains on nothing keeps no trainingProducts in its document.
    const sales = await t.db.search.nearest({
      ...near,
      countries: ['GB'],
      channel: 'sales',
      dropOff: 'any',
    });
    const sellsOnly = sales.find((h) => h.doc.includes('SELLS-ONLY'))!;
    expect(JSON.parse(sellsOnly.doc)).not.toHaveProperty('trainingProducts');

    // JSON and NDJSON take the column as an array.
    const json = await importCsv(
      JSON.stringify([{ ...gbRow('TRAIN-J'), trainingProducts: ['tablet', 'bread'] }]),
      t.db,
      cfg,
      { fileName: 'a.json', format: 'json' },
    );
    expect(json.problems.map((p) => [p.field, p.reason])).toEqual([
      ['trainingProducts', 'unknown code "bread"'],
    ]);
  });

  it('exports trainingProducts as codes, and the export imports again unchanged', async () => {
    await t.db.stores.replaceAll([]);
    await t.db.meta.set('dataset', 'import');
    await importCsv(csv([gbRow('TRAIN-1', { trainingProducts: 'phone;watch' })]), t.db, cfg);
    const [hit] = await t.db.search.nearest({
      latitude: 51.5142,
      longitude: -0.142,
      radiusKm: 5,
      limit: 1,
      countries: ['GB'],
      channel: 'training',
      dropOff: 'any',
    });
    const record = { country: 'GB', doc: hit!.doc } as unknown as StoreRecord;
    const exported = toImportCsv([record], cfg.catalogue);
    expect(exported.split('\n')[0]).toContain('trainingProducts');
    expect(exported).toContain('phone;watch');
    const again = await importCsv(exported, t.db, cfg);
    expect(again.changes).toMatchObject({ added: 0, unchanged: 1 });
  });
});

describe('stores stored before training providers (migration 7)', () => {
  it('keeps working on SQLite: no training products, found by sales, not by training', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-training-'));
    const file = join(dir, 'old.sqlite');
    try {
      // A database as it was before migration 7, with one store written the old way.
      const old = new BetterSqlite3(file);
      old.exec(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      for (const m of MIGRATIONS.filter((x) => x.version < 7)) {
        for (const sql of m.sqlite) old.exec(sql);
        old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '-');
      }
      const [record] = fixtureStores().filter((r) => r.storeId === 'DE-1');
      old
        .prepare(
          `INSERT INTO stores (store_id, country, latitude, longitude, sales_products,
            service_products, carriers, drop_off, hash, source, doc)
           VALUES (@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
            @carriers, 0, @hash, @source, @doc)`,
        )
        .run(record!);
      old.close();

      const db = openSqlite(file);
      try {
        const near = { latitude: BERLIN.lat, longitude: BERLIN.lon, radiusKm: 10, limit: 5 };
        const query = { ...near, countries: ['DE'], dropOff: 'any' as const };
        const sales = await db.search.nearest({ ...query, channel: 'sales' });
        expect(sales.map((h) => (JSON.parse(h.doc) as Store).storeId)).toEqual(['DE-1']);
        expect(await db.search.nearest({ ...query, channel: 'training' })).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
