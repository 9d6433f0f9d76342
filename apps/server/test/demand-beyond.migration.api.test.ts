/**
 * Migration 15 (searches answered only beyond the radius) on a database as it was before it, on
 * both databases: the events stored before are not beyond the radius (false), the places of
 * their unmet searches keep their counts with the outcome none (the location-search statistic
 * ''), the roll-ups equal a back-fill from the events, and a search answered beyond the radius
 * stored afterwards is counted as such.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { DIALECTS, PG_TEST_URL, preparePostgres } from './helpers/databases.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { openPostgres } from '../src/db/postgres-database.js';
import {
  PG_ROLLUP,
  SQLITE_ROLLUP,
  rollupFromEvents,
} from '../src/modules/analytics/demand-rollups.js';
import { pageViewEvent } from '../src/modules/analytics/event-columns.js';
import type { Database } from '../src/db/types.js';

/** Events as a writer before migration 15 stored them (no beyond_radius). */
const OLD_EVENTS = `INSERT INTO analytics_events (occurred_at, type, channel, country, locale,
  product, result_count, latitude, longitude) VALUES
  ('2026-11-02T10:05:00.000Z', 'search', 'sales', 'GB', 'en_GB', 'all', 3, 57.48, -4.22),
  ('2026-11-02T10:10:00.000Z', 'search', 'sales', 'GB', 'en_GB', 'all', 0, 57.48, -4.22),
  ('2026-11-02T10:20:00.000Z', 'search', 'sales', 'GB', 'en_GB', 'all', 0, 57.48, -4.22),
  ('2026-11-02T10:30:00.000Z', 'search', 'sales', 'GB', 'en_GB', 'all', 0, NULL, NULL),
  ('2026-11-02T10:40:00.000Z', 'locationSearch', 'sales', 'GB', 'en_GB', 'all', NULL, 57.48,
    -4.22),
  ('2026-11-02T10:50:00.000Z', 'pageView', NULL, NULL, 'en_GB', NULL, NULL, NULL, NULL)`;

const PLACES = `SELECT type, outcome, n FROM demand_places_hourly ORDER BY type, outcome`;
const TABLES = [
  'SELECT * FROM demand_hourly ORDER BY 1, 2, 3, 4, 5, 6, 7, 8',
  'SELECT * FROM demand_places_hourly ORDER BY 1, 2, 3, 4, 5, 6, 7, 8',
];

interface Raw {
  exec(sql: string, params?: unknown[]): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Migrations before 12, the old events, then 12 to 14 (12 back-fills the roll-ups). */
async function oldDatabase(raw: Raw, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const apply = async (from: number, to: number) => {
    for (const m of MIGRATIONS.filter((x) => x.version >= from && x.version < to)) {
      for (const sql of m[dialect]) await raw.exec(sql);
      await raw.exec(
        `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, '${m.version}', '2026-01-01T00:00:00Z')`,
      );
    }
  };
  await apply(1, 12);
  await raw.exec(OLD_EVENTS);
  await apply(12, 15);
}

async function sqliteCase(): Promise<{
  raw: Raw;
  open: () => Promise<Database>;
  done: () => void;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'locator-beyond-'));
  const file = join(dir, 'old.sqlite');
  const db = new BetterSqlite3(file);
  db.exec(`CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const raw: Raw = {
    exec: async (sql) => void db.exec(sql),
    all: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
    close: async () => void db.close(),
  };
  return {
    raw,
    open: async () => openSqlite(file),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresCase(): Promise<{
  raw: Raw;
  open: () => Promise<Database>;
  done: () => void;
}> {
  await preparePostgres();
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE');
  await client.query('CREATE SCHEMA public');
  await client.query(`CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  const raw: Raw = {
    exec: async (sql) => void (await client.query(sql)),
    all: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
    close: () => client.end(),
  };
  return { raw, open: () => openPostgres(PG_TEST_URL, { max: 2 }), done: () => undefined };
}

describe.each(DIALECTS)('migration 15 on %s', (dialect) => {
  it('keeps the events stored before as not beyond the radius, and counts those after', async () => {
    const c = dialect === 'sqlite' ? await sqliteCase() : await postgresCase();
    let db: Database | undefined;
    try {
      await oldDatabase(c.raw, dialect);
      const before = await c.raw.all(
        'SELECT type, latitude, longitude, n FROM demand_places_hourly ORDER BY type',
      );
      expect(before.map((r) => [r.type, Number(r.n)])).toEqual([
        ['locationSearch', 1],
        ['search', 2],
      ]);
      db = await c.open();
      const flags = await c.raw.all(
        'SELECT DISTINCT CAST(beyond_radius AS INTEGER) AS b FROM analytics_events',
      );
      expect(flags.map((r) => Number(r.b))).toEqual([0]);
      const places = async () =>
        (await c.raw.all(PLACES)).map((r) => [r.type, r.outcome, Number(r.n)]);
      expect(await places()).toEqual([
        ['locationSearch', '', 1],
        ['search', 'none', 2],
      ]);
      const outcomes = await c.raw.all(
        `SELECT outcome, n FROM demand_hourly WHERE type = 'search' ORDER BY outcome`,
      );
      expect(outcomes.map((r) => [r.outcome, Number(r.n)])).toEqual([
        ['found', 1],
        ['none', 3],
      ]);

      // A search answered beyond the radius, stored by today's writer.
      await db.events.insertMany([
        {
          ...pageViewEvent(new Date('2026-11-02T11:00:00Z'), 'en_GB'),
          type: 'search',
          channel: 'sales',
          country: 'GB',
          product: 'all',
          resultCount: 2,
          beyondRadius: true,
          latitude: 57.48,
          longitude: -4.22,
        },
      ]);
      expect(await places()).toEqual([
        ['locationSearch', '', 1],
        ['search', 'beyond', 1],
        ['search', 'none', 2],
      ]);

      // The roll-ups equal a back-fill from the events.
      const read = async () => Promise.all(TABLES.map((sql) => c.raw.all(sql)));
      const kept = await read();
      await c.raw.exec('DELETE FROM demand_hourly');
      await c.raw.exec('DELETE FROM demand_places_hourly');
      const backFill = rollupFromEvents(
        dialect === 'sqlite' ? SQLITE_ROLLUP : PG_ROLLUP,
        'true',
        1,
      );
      for (const sql of backFill) await c.raw.exec(sql);
      expect(await read()).toEqual(kept);
    } finally {
      await db?.close();
      await c.raw.close();
      c.done();
    }
  });
});
