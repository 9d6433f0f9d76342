/**
 * Removed stores (modules/pages/README.md "Removed stores") on both databases: a store deleted by an
 * import's sync or by the admin API answers 410 Gone, also after a restart (the database's
 * tombstones, not the process's memory); a store added again is a page again; an address that
 * never named a store stays 404.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePagePath } from '@locator/core';
import { openSqlite } from '../src/db/sqlite-database.js';
import { openPostgres } from '../src/db/postgres-database.js';
import type { Database, StoreRecord } from '../src/db/types.js';
import type { StoreDoc } from '../src/modules/stores/doc.js';
import { DIALECTS, openTestDb, PG_TEST_URL, type TestDb } from './helpers/databases.js';
import { fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const LOCALES_DIR = resolve(repoRoot, 'apps/web/public/locales');

const pathOf = (r: StoreRecord) =>
  storePagePath('/uk/en/', r.storeId, (JSON.parse(r.doc) as StoreDoc).title);

describe.each(DIALECTS)('removed stores on %s', (dialect) => {
  let t: TestDb;
  let db: Database;
  let a: TestApp;
  let records: StoreRecord[];
  const status = async (url: string) => (await a.app.inject({ method: 'GET', url })).statusCode;
  const start = async () => {
    a = await makeApp(db, { LOCALES_DIR });
  };
  /** Closes the app and the database and opens both again: a restart of the server. */
  const restart = async () => {
    await a.app.close();
    await db.close();
    db = dialect === 'sqlite' ? openSqlite(t.file!) : await openPostgres(PG_TEST_URL, { max: 4 });
    await start();
  };

  /** The import's write: the records are the whole truth (stores absent from them go). */
  const sync = (stores: StoreRecord[]) =>
    db.storeWrites.applyChanges({
      mode: 'sync',
      records: stores,
      maxRemovalShare: Infinity,
      dryRun: false,
      fileName: 'stores.csv',
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    db = t.db;
    records = fixtureStores().filter((r) => r.country === 'GB');
    await db.stores.replaceAll(records);
    await start();
  });
  afterAll(async () => {
    await a?.app.close();
    if (db !== t?.db) await db?.close();
    await t?.cleanup();
  });

  it('answers 410 for stores removed by an import or the admin API, also after a restart', async () => {
    const [byImport, byAdmin, kept] = [records[2]!, records[3]!, records[4]!];
    expect(await status(pathOf(byImport))).toBe(200);
    const result = await sync(records.filter((r) => r !== byImport));
    expect(result.removed).toBeGreaterThan(0);
    expect((await db.admin.deleteStore(byAdmin.storeId, undefined, 'test')).status).toBe('deleted');
    await restart();
    expect(await status(pathOf(byImport))).toBe(410);
    expect(await status(pathOf(byAdmin))).toBe(410);
    // Another slug of a removed store is gone too; an address that never named a store is not.
    expect(await status(`/uk/en/stores/${byImport.storeId}-old-name`)).toBe(410);
    expect(await status('/uk/en/stores/NOPE-1-never')).toBe(404);
    expect(await status(pathOf(kept))).toBe(200);
    expect(await db.pages.removed([byImport.storeId, byAdmin.storeId, kept.storeId])).toEqual(
      expect.arrayContaining([byImport.storeId, byAdmin.storeId]),
    );
  });

  it('shows a store added again as a page and forgets its removal', async () => {
    const byImport = records[2]!;
    await sync(records.filter((r) => r !== records[3]));
    await restart();
    expect(await status(pathOf(byImport))).toBe(200);
    expect(await db.pages.removed([byImport.storeId])).toEqual([]);
    expect(await status(pathOf(records[3]!))).toBe(410);
  });
});
