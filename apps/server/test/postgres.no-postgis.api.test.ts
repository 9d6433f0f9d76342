/**
 * PostgreSQL needs no extension: a new database is made without PostGIS, and a database made
 * when migration 1 still created the unread geography column loses it (migration 14), after
 * which stores are written as on a new one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { fixtureStores } from './helpers/fixtures.js';
import { openTestDb, PG_TEST_URL, type TestDb } from './helpers/databases.js';

const client = new pg.Client({ connectionString: PG_TEST_URL });
const opened: TestDb[] = [];

async function open(): Promise<TestDb> {
  const t = await openTestDb('postgres');
  opened.push(t);
  return t;
}

async function hasGeog(): Promise<boolean> {
  const r = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'stores' AND column_name = 'geog'`,
  );
  return r.rowCount === 1;
}

afterAll(async () => {
  for (const t of opened) await t.cleanup();
  await client.end();
});

describe('PostgreSQL without PostGIS', () => {
  it('a new database has no PostGIS and no geography column, and stores its stores', async () => {
    const t = await open();
    await client.connect();
    const ext = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'postgis'`);
    expect(ext.rowCount).toBe(0);
    expect(await hasGeog()).toBe(false);
    const records = fixtureStores();
    await t.db.stores.replaceAll(records);
    expect((await t.db.admin.getStore(records[0]!.storeId))?.storeId).toBe(records[0]!.storeId);
  });

  it('a database with the old geography column loses it, then stores as a new one', async () => {
    // The column as migration 1 made it: geography where PostGIS is installed, else a stand-in
    // of another type (the migration drops it whatever its type).
    const available = await client.query(
      `SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'`,
    );
    let type = 'bytea';
    if (available.rowCount === 1) {
      await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
      type = 'geography(Point, 4326)';
    }
    await client.query('DELETE FROM stores');
    await client.query(`ALTER TABLE stores ADD COLUMN geog ${type} NOT NULL`);
    await client.query('DELETE FROM schema_migrations WHERE version = 14');
    expect(await hasGeog()).toBe(true);
    for (const t of opened.splice(0)) await t.cleanup();

    const t = await open();
    expect(await hasGeog()).toBe(false);
    const records = fixtureStores();
    await t.db.stores.replaceAll(records);
    expect((await t.db.admin.getStore(records[0]!.storeId))?.storeId).toBe(records[0]!.storeId);
  });
});
