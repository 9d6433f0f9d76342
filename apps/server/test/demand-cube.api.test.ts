/**
 * The demand cube (modules/analytics/demand-cube.ts) on both databases: every roll-up query the dashboard and
 * the report ask gives the counts of the stored events — counted here from the events
 * themselves — before the cube is refreshed (read from the hourly roll-ups), after (read from
 * the cube's blocks, days and hours and the roll-ups at the edges), after more events arrive in
 * days the cube holds (those days read from the roll-ups until the next refresh), and after the
 * retention deleted the oldest events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { pageViewEvent } from '../src/modules/analytics/event-columns.js';
import type { EventRecord } from '../src/db/types.js';
import { dayStartHour } from '../src/modules/analytics/demand-cube.js';
import {
  HOURLY_KEYS,
  PLACES_KEYS,
  rollupRows,
  type RollupGroup,
  type RollupQuery,
} from '../src/modules/analytics/demand-rollups.js';
import { seededRandom } from '@locator/core';

const HOUR = 3_600_000;
const START = Date.parse('2026-10-03T05:00:00Z');
const DAYS = 40;

/** mulberry32: seeded, the same events every run. */

function events(count: number, seed: number, from: number, spanMs: number): EventRecord[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: count }, (): EventRecord => {
    const at = new Date(from + Math.floor(rnd() * spanMs));
    const r: EventRecord = {
      ...pageViewEvent(at, 'en_GB'),
      channel: pick(['sales', 'service', null]),
      country: pick(['GB', 'FR', 'DE', null]),
      product: pick(['all', '1', '2', null]),
    };
    const kind = rnd();
    if (kind < 0.6) {
      r.type = 'search';
      r.resultCount = pick([0, 0, 3, 7, null]);
      r.beyondRadius = r.resultCount !== 0 && rnd() < 0.3;
      if (rnd() < 0.8) {
        r.latitude = pick([51.5, 48.86, 52.52]);
        r.longitude = pick([-0.13, 2.35, 13.4]);
      }
    } else if (kind < 0.7) {
      r.type = 'locationSearch';
      r.latitude = pick([51.5, 48.86]);
      r.longitude = pick([-0.13, 2.35]);
    } else if (kind < 0.9) {
      r.type = 'click';
      r.link = pick(['details', 'directions', 'phone', 'website']);
    } else {
      r.embedOrigin = pick([null, 'https://maker.example']);
    }
    return r;
  });
}

type Query = { table: 'hourly' | 'places'; q: Omit<RollupQuery<string>, 'fromHour' | 'toHour'> };

const QUERIES: Query[] = [
  { table: 'hourly', q: { where: { type: 'search' }, by: ['hour', 'outcome'] } },
  { table: 'hourly', q: { where: { type: 'search', channel: 'sales' }, by: ['hour', 'outcome'] } },
  { table: 'hourly', q: { where: { type: 'click' }, by: ['link'] } },
  { table: 'hourly', q: { where: { type: 'click', product: '1' }, by: ['link'] } },
  { table: 'hourly', q: { where: { type: 'click' }, by: [] } },
  { table: 'hourly', q: { where: { type: 'click', link: 'phone' }, by: [] } },
  { table: 'hourly', q: { where: { type: 'search' }, by: ['outcome'] } },
  { table: 'hourly', q: { where: { type: 'search' }, by: ['country', 'outcome'] } },
  { table: 'hourly', q: { where: { type: 'search', channel: '' }, by: ['country', 'outcome'] } },
  {
    table: 'hourly',
    q: { where: { type: 'search', channel: 'sales', product: 'all' }, by: ['country', 'outcome'] },
  },
  { table: 'hourly', q: { where: { type: 'search', product: '2' }, by: ['channel', 'outcome'] } },
  { table: 'hourly', q: { where: { type: 'search', channel: 'service' }, by: ['product'] } },
  { table: 'hourly', q: { where: { type: 'search', outcome: 'none' }, by: ['country'] } },
  // Not from the cube: a country filter, the report's cross breakdown, by embedding origin.
  { table: 'hourly', q: { where: { type: 'search', country: 'GB' }, by: ['hour', 'outcome'] } },
  { table: 'hourly', q: { where: { type: 'search' }, by: ['country', 'channel', 'product'] } },
  { table: 'hourly', q: { where: {}, by: ['type', 'embed_origin'] } },
  // Every type by type: a type at a time, from the cube.
  { table: 'hourly', q: { where: {}, by: ['type'] } },
  {
    table: 'places',
    q: { where: { type: 'search' }, by: ['country', 'latitude', 'longitude', 'outcome'] },
  },
  {
    table: 'places',
    q: {
      where: { type: 'locationSearch', channel: 'sales' },
      by: ['country', 'latitude', 'longitude'],
    },
  },
  {
    table: 'places',
    q: {
      where: { type: 'search', product: 'all', outcome: 'beyond' },
      by: ['latitude', 'longitude'],
    },
  },
  {
    table: 'places',
    q: { where: { type: 'search', country: 'FR' }, by: ['latitude', 'longitude'] },
  },
];

const hourOf = (iso: string) => Date.parse(iso) / HOUR;
const RANGES = [
  // Beyond the events on both sides; a period cut in the middle of days; one block exactly.
  { fromHour: START / HOUR - 30, toHour: START / HOUR + DAYS * 24 + 30 },
  { fromHour: hourOf('2026-10-05T07:00:00Z'), toHour: hourOf('2026-11-03T19:00:00Z') },
  { fromHour: hourOf('2026-10-07T00:00:00Z'), toHour: hourOf('2026-10-23T00:00:00Z') },
];

/** The counts of the query, from the events. */
function expected(all: readonly EventRecord[], table: Query['table'], q: RollupQuery<string>) {
  const rows = rollupRows(all)[table];
  const keys: readonly string[] = table === 'hourly' ? HOURLY_KEYS : PLACES_KEYS;
  const col = (row: (string | number)[], c: string) => row[keys.indexOf(c)]!;
  const sums = new Map<string, RollupGroup<string>>();
  for (const row of rows) {
    const hour = Number(col(row, 'hour'));
    if (hour < q.fromHour || hour >= q.toHour) continue;
    if (Object.entries(q.where ?? {}).some(([c, v]) => v !== undefined && col(row, c) !== v)) {
      continue;
    }
    const key = Object.fromEntries(q.by.map((c) => [c, col(row, c)]));
    const k = JSON.stringify(key);
    const g = sums.get(k) ?? { key, count: 0 };
    g.count += Number(row[row.length - 1]);
    sums.set(k, g);
  }
  return sorted([...sums.values()]);
}

const sorted = (groups: RollupGroup<string>[]) =>
  groups.map((g) => JSON.stringify([g.key, g.count])).sort();

describe.each(DIALECTS)('the demand cube (%s)', (dialect) => {
  let t: TestDb;
  let stored: EventRecord[] = [];
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => t?.cleanup());

  async function agrees(phase: string) {
    for (const range of RANGES) {
      for (const { table, q } of QUERIES) {
        const query = { ...q, ...range } as RollupQuery<never>;
        const got =
          table === 'hourly' ? await t.db.events.hourly(query) : await t.db.events.places(query);
        expect(
          sorted(got as RollupGroup<string>[]),
          `${phase}: ${table} ${JSON.stringify(query)}`,
        ).toEqual(expected(stored, table, query));
      }
    }
  }

  it('answers from the roll-ups, then from the cube, with the same counts', async () => {
    stored = events(3000, 1, START, DAYS * 24 * HOUR);
    for (let i = 0; i < stored.length; i += 500)
      await t.db.events.insertMany(stored.slice(i, i + 500));
    await agrees('before the refresh');
    const days = await t.db.events.refreshDemandCube();
    // Every day holding events, each once.
    expect(days).toBeGreaterThanOrEqual(DAYS);
    expect(days).toBeLessThanOrEqual(DAYS + 1);
    expect(await t.db.events.refreshDemandCube()).toBe(0);
    await agrees('after the refresh');
  });

  it('reads them from the cube indeed', async () => {
    // Every cube row one more: the answers from the cube change, the others do not.
    const skew = async (by: 1 | -1) => {
      const sql = `UPDATE demand_cube SET n = n + ${by}`;
      if (dialect === 'sqlite') {
        const raw = new BetterSqlite3(t.file!);
        raw.prepare(sql).run();
        raw.close();
      } else {
        const raw = new pg.Client({ connectionString: PG_TEST_URL });
        await raw.connect();
        await raw.query(sql);
        await raw.end();
      }
    };
    await skew(1);
    const range = RANGES[2]!;
    const sum = async (q: RollupQuery<never>) =>
      (await t.db.events.hourly(q)).reduce((a, g) => a + g.count, 0);
    const all = (q: Query['q']) => ({ ...q, ...range }) as RollupQuery<never>;
    const total = (q: Query['q']) =>
      expected(stored, 'hourly', all(q)).reduce((a, s) => a + Number(JSON.parse(s)[1]), 0);
    const bySeries = QUERIES[0]!.q;
    const byCountry = QUERIES[7]!.q;
    const withCountry = QUERIES[13]!.q;
    // Hours: a row per hour and outcome; one block: a row per country and outcome.
    expect(await sum(all(bySeries))).toBeGreaterThan(total(bySeries) + 16 * 24);
    expect(await sum(all(byCountry))).toBeGreaterThan(total(byCountry));
    expect(await sum(all(byCountry))).toBeLessThan(total(byCountry) + 16 * 24);
    expect(await sum(all(withCountry))).toBe(total(withCountry));
    await skew(-1);
    await agrees('after the skew was taken off');
  });

  it('reads the days changed since the refresh from the roll-ups', async () => {
    // Late events in days the cube holds, and one more day.
    const late = events(400, 2, Date.parse('2026-10-10T00:00:00Z'), 30 * 24 * HOUR);
    const next = events(100, 3, START + DAYS * 24 * HOUR, 20 * HOUR);
    stored = [...stored, ...late, ...next];
    await t.db.events.insertMany(late);
    await t.db.events.insertMany(next);
    await agrees('changed, not refreshed');
    expect(await t.db.events.refreshDemandCube(3)).toBe(3);
    await agrees('partly refreshed');
    // As the server refreshes: the days that are over; the day in progress is left.
    const lastDay = dayStartHour(new Date(START + DAYS * 24 * HOUR));
    await t.db.events.refreshDemandCube(Infinity, lastDay);
    expect(await t.db.events.refreshDemandCube(Infinity, lastDay)).toBe(0);
    await agrees('refreshed to the day in progress');
    // The later events' two days.
    expect(await t.db.events.refreshDemandCube()).toBe(2);
    await agrees('refreshed again');
  });

  it('follows the retention’s deletes', async () => {
    const cut = new Date('2026-10-12T13:30:00Z');
    await t.db.events.deleteBefore(cut);
    stored = stored.filter((e) => e.at >= cut);
    await agrees('deleted, not refreshed');
    await t.db.events.refreshDemandCube();
    await agrees('deleted and refreshed');
  });
});
