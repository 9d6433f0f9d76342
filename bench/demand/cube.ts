/**
 * The demand cube in bench:demand: recomputed from nothing after the events are written (timed,
 * a day at a time as the server does), one day's refresh timed again (the cost of
 * the server's refresh in a day of this traffic), and the tables' sizes in rows.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/types.js';

/** A raw connection to the benchmark's database: the cube's marks and sizes are not in the API. */
export interface Raw {
  one(sql: string): Promise<number>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function rawConnection(db: Database, sqliteFile: string, pgUrl: string): Promise<Raw> {
  if (db.dialect === 'sqlite') {
    const raw = new BetterSqlite3(sqliteFile);
    return {
      one: async (sql) => Number(raw.prepare(sql).pluck().get()),
      exec: async (sql) => void raw.exec(sql),
      close: async () => void raw.close(),
    };
  }
  const raw = new pg.Client({ connectionString: pgUrl });
  await raw.connect();
  return {
    one: async (sql) => Number(Object.values((await raw.query(sql)).rows[0] as object)[0]),
    exec: async (sql) => void (await raw.query(sql)),
    close: () => raw.end(),
  };
}

const seconds = (t0: bigint) => Math.round(Number(process.hrtime.bigint() - t0) / 1e7) / 100;

/** Refreshes the cube (all that is marked, then one day again); its figures. */
export async function refreshCube(db: Database, raw: Raw, log: (m: string) => void) {
  // Every hour marked, as migration 16 marks them: the refresh from nothing, timed.
  const mark = 'INSERT INTO demand_cube_dirty (hour) SELECT DISTINCT hour FROM demand_hourly';
  await raw.exec(`${mark} WHERE true ON CONFLICT (hour) DO NOTHING`);
  let t0 = process.hrtime.bigint();
  const days = await db.events.refreshDemandCube();
  const all = { days, seconds: seconds(t0) };
  log(`${db.dialect}: cube refreshed, ${days} days in ${all.seconds} s`);
  // The last day of the events: as the server refreshes the day of the events it receives.
  const lastDay = Date.parse('2026-11-30T00:00:00Z') / 3_600_000;
  await raw.exec(`INSERT INTO demand_cube_dirty (hour) VALUES (${lastDay + 12})`);
  t0 = process.hrtime.bigint();
  await db.events.refreshDemandCube();
  const oneDay = { seconds: seconds(t0) };
  const rows = async (table: string) => raw.one(`SELECT count(*) FROM ${table}`);
  return {
    all,
    oneDay,
    rows: {
      analytics_events: await rows('analytics_events'),
      demand_hourly: await rows('demand_hourly'),
      demand_places_hourly: await rows('demand_places_hourly'),
      demand_cube: await rows('demand_cube'),
    },
  };
}
