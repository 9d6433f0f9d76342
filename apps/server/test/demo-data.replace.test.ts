/**
 * The demo loader never replaces data a person wrote, whatever BRAND, DEMO_STORES or the demo
 * version say: a store written through the admin API, a deletion through it and an import all
 * mark the data in their own transaction, and the loader checks in its transaction that the
 * stored data is demo-only. On both databases, with the server's own start-up (createServices).
 */
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  DIALECTS,
  PG_TEST_URL,
  openTestDb,
  type Dialect,
  type TestDb,
} from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { config } from './helpers/fixtures.js';
import { writeKey } from './helpers/keys.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';

const STORE = '/api/v1/admin/stores/REAL-1';

describe.each(DIALECTS)('demo data and real stores on %s', (dialect) => {
  let t: TestDb;
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.app.close();
    await t.cleanup();
  });

  /** Each test starts the server twice, with demo data (slow on a busy machine). */
  const SLOW = 120_000;

  /** An empty database (the PostgreSQL one is the test file's, shared by its tests). */
  async function open(d: Dialect): Promise<TestDb> {
    const db = await openTestDb(d);
    if (d === 'postgres') {
      const c = new pg.Client(PG_TEST_URL);
      await c.connect();
      await c.query('TRUNCATE stores, imports, removed_stores, store_audit, meta, api_keys');
      await c.end();
    }
    return db;
  }

  /** A server start with the demo data on (the default) for a brand. */
  async function start(brand: string): Promise<TestApp> {
    const a = await makeApp(t.db, { DEMO_DATA: 'auto', DEMO_STORES: '100' }, { BRAND: brand });
    apps.push(a);
    return a;
  }

  it(
    'keeps a store written through the admin API after a restart with another BRAND',
    async () => {
      t = await open(dialect);
      const first = await start('Grlui');
      expect(first.services.seed).toMatchObject({ loaded: true, stores: 100 });
      expect(first.services.config.demoData).toBe(true);
      const { token } = await writeKey(t.db, 'feed');
      const put = await first.app.inject({
        method: 'PUT',
        url: STORE,
        headers: { authorization: `Bearer ${token}` },
        payload: gbRow('REAL-1'),
      });
      expect(put.statusCode).toBe(201);
      // The writing process drops the demo label at once.
      expect(first.services.config.demoData).toBe(false);
      const again = await start('Acme');
      expect(again.services.seed?.loaded).toBe(false);
      expect(again.services.config.demoData).toBe(false);
      const got = await again.app.inject({
        url: STORE,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(got.statusCode).toBe(200);
      expect(await t.db.stores.count()).toBe(101);
    },
    SLOW,
  );

  it(
    'keeps the stores after a deletion through the admin API',
    async () => {
      t = await open(dialect);
      const first = await start('Grlui');
      const { token } = await writeKey(t.db, 'feed');
      const [victim] = await t.db.admin.listStores(undefined, 1);
      const del = await first.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/stores/${encodeURIComponent(victim!.storeId)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(del.statusCode).toBe(204);
      const again = await start('Acme');
      expect(again.services.seed?.loaded).toBe(false);
      expect(await t.db.admin.getStore(victim!.storeId)).toBeUndefined();
      expect(await t.db.stores.count()).toBe(99);
    },
    SLOW,
  );

  it(
    'keeps imported stores, even with a demo mark left behind',
    async () => {
      t = await open(dialect);
      await start('Grlui');
      const report = await importCsv(csv([gbRow('IMP-1'), gbRow('IMP-2')]), t.db, config(), {
        mode: 'sync',
      });
      expect(report.outcome).toBe('APPLIED');
      expect(await t.db.meta.get('dataset')).toBe('import');
      expect(await t.db.stores.count()).toBe(2);
      // A database where the mark stayed "demo" (an import killed by an older release between
      // its commit and the mark): the stores themselves say they are not demo data.
      await t.db.meta.set('dataset', 'demo');
      const again = await start('Acme');
      expect(again.services.seed?.loaded).toBe(false);
      expect((await t.db.admin.listStores(undefined, 10)).map((s) => s.storeId)).toEqual([
        'IMP-1',
        'IMP-2',
      ]);
    },
    SLOW,
  );

  it(
    'still replaces demo data nobody wrote when the brand changes',
    async () => {
      t = await open(dialect);
      await start('Grlui');
      const again = await start('Acme');
      expect(again.services.seed).toMatchObject({ loaded: true, stores: 100 });
      expect(await t.db.meta.get('demo_version')).toMatch(/:100:Acme$/);
    },
    SLOW,
  );
});
