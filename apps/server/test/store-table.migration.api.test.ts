/**
 * Migration 11 (the console's store table columns) fills the stores stored before it: on
 * SQLite from a database as it was before the migration; on PostgreSQL the fill itself, run on
 * stores whose columns are blank.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { fixtureStores } from './helpers/fixtures.js';
import { openTestDb, PG_TEST_URL } from './helpers/databases.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { fillPgStoreTable } from '../src/modules/stores/table-fill.js';
import type { Database } from '../src/db/types.js';

const QUERY = { sort: 'name', dir: 'asc', offset: 0, limit: 10 } as const;

async function foundByName(db: Database, storeId: string): Promise<string[]> {
  const stored = await db.admin.getStore(storeId);
  const name = (JSON.parse(stored!.doc) as { title: string }).title;
  const page = await db.admin.storeTable({ ...QUERY, text: name.toLowerCase() });
  return page.rows.map((r) => r.storeId);
}

describe('stores stored before the store table (migration 11)', () => {
  it('are filled on SQLite: found by name, filtered by channel', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-table-'));
    const file = join(dir, 'old.sqlite');
    try {
      const old = new BetterSqlite3(file);
      old.exec(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      for (const m of MIGRATIONS.filter((x) => x.version < 11)) {
        for (const sql of m.sqlite) old.exec(sql);
        old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '-');
      }
      const insert = old.prepare(
        `INSERT INTO stores (store_id, country, latitude, longitude, sales_products,
          service_products, training_products, carriers, drop_off, hash, source, doc)
         VALUES (@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
          @trainingProducts, @carriers, 0, @hash, @source, @doc)`,
      );
      const records = fixtureStores();
      for (const r of records) insert.run({ ...r, dropOff: undefined });
      old.close();

      const db = openSqlite(file);
      try {
        const first = records[0]!;
        expect(await foundByName(db, first.storeId)).toContain(first.storeId);
        const all = await db.admin.storeTable({ ...QUERY, limit: 200 });
        expect(all.total).toBe(records.length);
        const service = await db.admin.storeTable({ ...QUERY, channel: 'service', limit: 200 });
        expect(service.total).toBe(records.filter((r) => r.serviceProducts !== '').length);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are filled on PostgreSQL: the fill writes blank columns from the documents', async () => {
    const t = await openTestDb('postgres');
    const client = new pg.Client({ connectionString: PG_TEST_URL });
    try {
      const records = fixtureStores();
      await t.db.stores.replaceAll(records);
      await client.connect();
      await client.query(
        `UPDATE stores SET search_text = '', name_key = '', city_key = '', postcode_key = '',
           channels = '', badges = ''`,
      );
      const first = records[0]!;
      expect(await foundByName(t.db, first.storeId)).toEqual([]);
      await fillPgStoreTable(client);
      expect(await foundByName(t.db, first.storeId)).toContain(first.storeId);
    } finally {
      await client.end().catch(() => undefined);
      await t.cleanup();
    }
  });
});
