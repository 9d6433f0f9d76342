/**
 * The console's demand dashboard on both databases: its figures equal the report's
 * (buildReport) for the same period, one aggregation path; the privacy threshold; the filters;
 * the viewer's time zone at a day's boundary; the unmet places as CSV; each bad parameter's code;
 * every answer judged against the admin OpenAPI document. Searches answered only beyond the
 * radius count as unmet, and apart. And the roll-ups themselves: what the writers keep equals a
 * back-fill from the events, before and after retention.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemandAnswer, DemandCount } from '@locator/core/console-demand';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { contractJudge, type ContractJudge } from './helpers/openapi-contract.js';
import { createAccount } from '../src/modules/console/accounts.js';
import { loadAnalyticsConfig } from '../src/modules/analytics/config.js';
import { buildReport } from '../src/modules/analytics/report.js';
import type { EventRecord } from '../src/db/types.js';
import { pageViewEvent } from '../src/modules/analytics/event-columns.js';
import {
  PG_ROLLUP,
  SQLITE_ROLLUP,
  rollupFromEvents,
} from '../src/modules/analytics/demand-rollups.js';

const BASE = '/api/v1/admin';
const PASSWORD = 'correct horse battery';

const base = pageViewEvent(new Date('2026-11-02T10:00:00Z'), 'en_GB');
const ev = (over: Partial<EventRecord>, times = 1): EventRecord[] =>
  Array.from({ length: times }, () => ({ ...base, ...over }));

const INVERNESS = { latitude: 57.48, longitude: -4.22 };
const WICK = { latitude: 58.44, longitude: -3.09 };
const THURSO = { latitude: 58.59, longitude: -3.52 };
const gbSales = { type: 'search', channel: 'sales', country: 'GB', product: 'all' } as const;
const deService = { type: 'search', channel: 'service', country: 'DE', product: '1' } as const;

const NOV_21 = new Date('2026-11-21T09:00:00Z');

/** November 2026 and around it. */
function events(): EventRecord[] {
  return [
    ...ev({ type: 'pageView', page: 'home' }, 3),
    ...ev({ ...gbSales, resultCount: 4 }, 12),
    ...ev({ ...gbSales, resultCount: 0, ...INVERNESS }, 6),
    ...ev({ ...gbSales, resultCount: 0, ...WICK }, 2),
    ...ev({ ...gbSales, resultCount: 0 }), // no position
    ...ev({ ...gbSales }, 2), // no result count
    ...ev({ ...deService, resultCount: 2, at: new Date('2026-11-20T08:00:00Z') }, 7),
    ...ev({ ...deService, resultCount: 0, at: new Date('2026-11-20T08:00:00Z') }, 3),
    // Answered only beyond the radius: unmet too, with and without a position.
    ...ev({ ...gbSales, resultCount: 3, beyondRadius: true, ...THURSO, at: NOV_21 }, 3),
    ...ev({ ...gbSales, resultCount: 2, beyondRadius: true, at: NOV_21 }),
    ...ev({ ...deService, resultCount: 1, beyondRadius: true, at: NOV_21 }, 2),
    ...ev({ type: 'click', link: 'directions', channel: 'sales', country: 'GB' }, 6),
    ...ev({ type: 'click', link: 'phone', channel: 'sales', country: 'GB' }, 2),
    // A store's details opened.
    ...ev({ type: 'click', link: 'details', channel: 'sales', country: 'GB' }, 7),
    ...ev({ type: 'click', link: 'share', channel: 'service', country: 'DE' }),
    ...ev({ type: 'locationSearch', channel: 'sales', country: 'GB', ...INVERNESS }, 2),
    // 23:30 UTC on 1 November: 2 November in Berlin.
    ...ev({ ...gbSales, resultCount: 1, at: new Date('2026-11-01T23:30:00Z') }, 5),
    // October: the previous period.
    ...ev({ ...gbSales, resultCount: 3, at: new Date('2026-10-15T12:00:00Z') }, 9),
    ...ev({ ...gbSales, resultCount: 0, at: new Date('2026-10-15T12:00:00Z') }, 2),
  ];
}

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
const count = (c: DemandCount): number => (typeof c === 'number' ? c : -1);

describe.each(DIALECTS)('console demand dashboard on %s', (dialect) => {
  let t: TestDb;
  let exact: TestApp;
  let guarded: TestApp;
  let cookie = '';
  let judge: ContractJudge;

  const get = async (path: string, app = exact) => {
    const url = `${BASE}${path}`;
    const res = await app.app.inject({ url, headers: { cookie } });
    const body = res.headers['content-type']?.startsWith('application/json')
      ? res.json()
      : undefined;
    expect(
      judge.check({ method: 'GET', url, status: res.statusCode, headers: res.headers, body }),
    ).toEqual([]);
    return res;
  };
  const demand = async (query: string, app = exact): Promise<DemandAnswer> => {
    const res = await get(`/demand?${query}`, app);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DemandAnswer>();
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    await t.db.events.insertMany(events());
    exact = await makeApp(
      t.db,
      {},
      {},
      { analytics: loadAnalyticsConfig({ ANALYTICS_MIN_COUNT: '1' }) },
    );
    // The same database with the default threshold (5); closed once, by the first app.
    guarded = await makeApp(
      { ...t.db, close: async () => undefined },
      {},
      {},
      { analytics: loadAnalyticsConfig({}) },
    );
    await createAccount(t.db.accounts, 'viewer@example.com', 'viewer', PASSWORD);
    const res = await exact.app.inject({
      method: 'POST',
      url: `${BASE}/session`,
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    cookie = String(res.headers['set-cookie']).split(';')[0]!;
    judge = await contractJudge((await exact.app.inject(`${BASE}/openapi.json`)).json());
  }, 90_000);
  afterAll(async () => {
    await exact?.app.close();
    await guarded?.app.close();
    await exact?.services.close();
    await t?.cleanup();
  });

  it('gives the figures of the report for the same period', async () => {
    const d = await demand(NOVEMBER);
    const r = await buildReport(t.db.events, {
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
      top: 1000,
    });
    expect(d.period).toMatchObject({
      utcFrom: '2026-11-01T00:00:00.000Z',
      utcTo: '2026-12-01T00:00:00.000Z',
      days: 30,
      previous: { from: '2026-10-02', to: '2026-10-31' },
    });
    expect(count(d.headline.searches.current)).toBe(r.totals.searches);
    expect(count(d.headline.unmet.current)).toBe(r.totals.noStore);
    expect(r.totals.noStore).toBe(12 + 6);
    expect(count(d.headline.beyondRadius.current)).toBe(r.totals.beyondRadius);
    expect(r.totals.beyondRadius).toBe(6);
    expect(d.headline.beyondRadius.previous).toBe(0);
    expect(d.headline.clicksPerSearch.current).toBe(r.totals.clickThrough);
    expect(d.headline.shareFound.current).toBe(
      (r.totals.searchesWithCount - r.totals.noStore) / r.totals.searchesWithCount,
    );
    // Found within the radius: 12 + 5 + 7 of the 42 searches with a count or an answer beyond.
    expect(r.totals.searchesWithCount).toBe(42);
    expect(d.headline.shareFound.current).toBe(24 / 42);
    expect(d.headline.searches.previous).toBe(11);
    expect(d.headline.unmet.previous).toBe(2);
    // By country and channel: the report's rows summed.
    const sumBy = (key: 'country' | 'channel') => {
      const m: Record<string, [number, number]> = {};
      for (const s of r.searches) {
        const row = (m[s[key]] ??= [0, 0]);
        row[0] += s.searches;
        row[1] += s.noStore;
      }
      return m;
    };
    const rows = (list: DemandAnswer['byCountry']) =>
      Object.fromEntries(list.map((x) => [x.key, [count(x.searches), count(x.unmet)]]));
    expect(rows(d.byCountry)).toEqual(sumBy('country'));
    expect(rows(d.byChannel)).toEqual(sumBy('channel'));
    expect(d.byProduct.map((p) => p.key)).toEqual(['all', '1']);
    expect(d.byProduct[0]!.name).toBe('All Products');
    // The unmet places: the report's unmet rows by position (it names them by coordinates here).
    const unmet: Record<string, number> = {};
    const beyond: Record<string, number> = {};
    for (const u of r.unmet) {
      unmet[u.place] = (unmet[u.place] ?? 0) + u.searches;
      beyond[u.place] = (beyond[u.place] ?? 0) + u.beyondRadius;
    }
    const coords = (p: { latitude: number; longitude: number }) =>
      `${p.latitude.toFixed(2)}, ${p.longitude.toFixed(2)}`;
    const places = Object.fromEntries(
      d.unmetPlaces.rows.map((p) => [coords(p), count(p.searches)]),
    );
    expect({ ...places, '(position not reported)': count(d.unmetPlaces.unlocated) }).toEqual(unmet);
    expect(d.unmetPlaces.total).toBe(3);
    // Of them answered beyond the radius: by place, as the report counts them.
    const placesBeyond = Object.fromEntries(
      d.unmetPlaces.rows.map((p) => [coords(p), count(p.beyondRadius)]),
    );
    const { '(position not reported)': beyondUnlocated, ...beyondLocated } = beyond;
    expect(placesBeyond).toEqual(beyondLocated);
    expect(placesBeyond[coords(THURSO)]).toBe(3);
    expect(placesBeyond[coords(INVERNESS)]).toBe(0);
    expect(beyondUnlocated).toBe(3);
    // The funnel: searches, found, details opened, then the clicks by kind.
    const clicks = Object.fromEntries(r.clicks.map((c) => [c.link, c.clicks]));
    expect(clicks.details).toBe(7);
    expect(Object.fromEntries(d.funnel.map((f) => [f.step, count(f.count)]))).toEqual({
      searches: r.totals.searches,
      found: r.totals.searchesWithCount - r.totals.noStore,
      details: 7,
      directions: clicks.directions,
      website: 0,
      phone: clicks.phone,
      appointment: 0,
      otherClicks: clicks.share,
    });
    // The series: every day of the period, summing to the headline.
    expect(d.series).toHaveLength(30);
    expect(d.series.reduce((a, s) => a + count(s.searches), 0)).toBe(r.totals.searches);
  });

  it('answers the same from the demand cube as from the hourly roll-ups', async () => {
    const queries = [
      NOVEMBER,
      `${NOVEMBER}&by=week&tz=Europe/Berlin`,
      `${NOVEMBER}&channel=sales&product=all`,
      `${NOVEMBER}&country=de`,
      'from=2026-10-01&to=2026-11-30&tz=Asia/Kolkata',
    ];
    const answers = async () => {
      const out: unknown[] = [];
      for (const q of queries) {
        out.push(await demand(q));
        out.push((await get(`/demand/unmet.csv?${q}`)).body);
      }
      return out;
    };
    // Up to date: read from the cube; every hour marked: read from the roll-ups.
    await t.db.events.refreshDemandCube();
    const fromCube = await answers();
    const mark = 'INSERT INTO demand_cube_dirty (hour) SELECT DISTINCT hour FROM demand_hourly';
    const marks = 'SELECT count(*) AS n FROM demand_cube_dirty';
    let marked: number;
    if (dialect === 'sqlite') {
      const raw = new Database(t.file!);
      raw.prepare(`${mark} WHERE true ON CONFLICT (hour) DO NOTHING`).run();
      marked = Number((raw.prepare(marks).get() as { n: number }).n);
      raw.close();
    } else {
      const raw = new pg.Client({ connectionString: PG_TEST_URL });
      await raw.connect();
      await raw.query(`${mark} ON CONFLICT (hour) DO NOTHING`);
      marked = Number((await raw.query<{ n: string }>(marks)).rows[0]!.n);
      await raw.end();
    }
    // The events' hours (a server's minute refresh may take some of them meanwhile: the
    // answers are the same either way).
    expect(marked).toBeGreaterThan(0);
    expect(await answers()).toEqual(fromCube);
    await t.db.events.refreshDemandCube();
    expect(await answers()).toEqual(fromCube);
  });

  it('names the places and measures the distance to the nearest store', async () => {
    const d = await demand(NOVEMBER);
    const inverness = d.unmetPlaces.rows[0]!;
    expect(inverness).toMatchObject({ ...INVERNESS, country: 'GB', searches: 6 });
    expect(inverness.place).toMatch(/Inverness|57\.48, -4\.22/);
    // No stores are stored: no nearest store.
    expect(inverness.nearestStoreKm).toBeNull();
  });

  it('gives counts under the threshold as "fewer than 5"', async () => {
    const d = await demand(NOVEMBER, guarded);
    expect(d.minCount).toBe(5);
    expect(d.headline.searches.current).toBe(44);
    const wick = d.unmetPlaces.rows.find((p) => p.latitude === WICK.latitude)!;
    expect(wick.searches).toEqual({ fewerThan: 5 });
    expect(d.headline.unmet.previous).toEqual({ fewerThan: 5 });
    expect(d.headline.shareFound.previous).toBeNull();
    const csv = await get(`/demand/unmet.csv?${NOVEMBER}`, guarded);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'place,country,latitude,longitude,unmet_searches,nearest_store_km,beyond_radius',
    );
    expect(lines[1]).toMatch(/,GB,57\.48,-4\.22,6,,0$/);
    expect(lines[2]).toMatch(/,GB,58\.59,-3\.52,fewer than 5,,fewer than 5$/);
    expect(lines[3]).toMatch(/,GB,58\.44,-3\.09,fewer than 5,,0$/);
    const thurso = d.unmetPlaces.rows.find((p) => p.latitude === THURSO.latitude)!;
    expect(thurso).toMatchObject({ searches: { fewerThan: 5 }, beyondRadius: { fewerThan: 5 } });
    expect(d.headline.beyondRadius.current).toBe(6);
  });

  it('filters by country, channel and product', async () => {
    const de = await demand(`${NOVEMBER}&country=de`);
    expect(de.filters).toEqual({ country: 'DE', channel: null, product: null });
    expect(de.headline.searches.current).toBe(12);
    expect(de.headline.unmet.current).toBe(5);
    expect(de.headline.beyondRadius.current).toBe(2);
    expect(de.byCountry.map((c) => c.key)).toEqual(['DE']);
    expect(de.funnel.find((f) => f.step === 'otherClicks')!.count).toBe(1);
    expect(de.unmetPlaces.rows).toEqual([]);
    const sales = await demand(`${NOVEMBER}&channel=sales&product=all`);
    expect(sales.headline.searches.current).toBe(32);
    expect(sales.byChannel.map((c) => c.key)).toEqual(['sales']);
    expect((await demand(`${NOVEMBER}&product=7`)).headline.searches.current).toBe(0);
  });

  it('counts the days of the viewer’s time zone', async () => {
    const day = 'from=2026-11-02&to=2026-11-02';
    // 23:30 UTC on 1 November is 2 November in Berlin, not in London (UTC in winter).
    const berlin = await demand(`${day}&tz=Europe/Berlin`);
    expect(berlin.period.utcFrom).toBe('2026-11-01T23:00:00.000Z');
    expect(berlin.headline.searches.current).toBe(28);
    const london = await demand(`${day}&tz=Europe/London`);
    expect(london.headline.searches.current).toBe(23);
    const weeks = await demand(`${NOVEMBER}&by=week&tz=Europe/Berlin`);
    expect(weeks.series.map((s) => s.start)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(weeks.series.map((s) => count(s.searches))).toEqual([0, 28, 0, 16, 0, 0]);
    expect(weeks.series.map((s) => count(s.unmet))).toEqual([0, 9, 0, 9, 0, 0]);
  });

  it('refuses bad parameters with their codes', async () => {
    const cases: [string, string, string][] = [
      ['to=2026-11-30', 'MISSING_PARAMETER', 'from'],
      ['from=2026-11-31&to=2026-12-01', 'INVALID_PARAMETER', 'from'],
      ['from=2026-11-30&to=2026-11-01', 'PARAMETER_OUT_OF_RANGE', 'to'],
      ['from=2025-01-01&to=2026-11-30', 'PARAMETER_OUT_OF_RANGE', 'from'],
      [`${NOVEMBER}&tz=Europe/Nowhere`, 'INVALID_PARAMETER', 'tz'],
      [`${NOVEMBER}&channel=shop`, 'INVALID_PARAMETER', 'channel'],
    ];
    for (const [query, code, param] of cases) {
      for (const path of ['/demand', '/demand/unmet.csv']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ error: { code, param } });
      }
    }
    const anonymous = await exact.app.inject(`${BASE}/demand?${NOVEMBER}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the roll-ups equal to a back-fill from the events, also after retention', async () => {
    const tables = [
      'SELECT * FROM demand_hourly ORDER BY 1, 2, 3, 4, 5, 6, 7, 8',
      'SELECT * FROM demand_places_hourly ORDER BY 1, 2, 3, 4, 5, 6, 7, 8',
    ];
    const backFill = rollupFromEvents(dialect === 'sqlite' ? SQLITE_ROLLUP : PG_ROLLUP, 'true', 1);
    let read: () => Promise<unknown[][]>;
    let refill: () => Promise<void>;
    let close: () => Promise<void>;
    if (dialect === 'sqlite') {
      const raw = new Database(t.file!);
      read = async () => tables.map((sql) => raw.prepare(sql).all());
      refill = async () => {
        raw.transaction(() => {
          raw.prepare('DELETE FROM demand_hourly').run();
          raw.prepare('DELETE FROM demand_places_hourly').run();
          for (const sql of backFill) raw.prepare(sql).run();
        })();
      };
      close = async () => void raw.close();
    } else {
      const raw = new pg.Client({ connectionString: PG_TEST_URL });
      await raw.connect();
      read = async () => Promise.all(tables.map(async (sql) => (await raw.query(sql)).rows));
      refill = async () => {
        await raw.query('BEGIN');
        await raw.query('DELETE FROM demand_hourly');
        await raw.query('DELETE FROM demand_places_hourly');
        for (const sql of backFill) await raw.query(sql);
        await raw.query('COMMIT');
      };
      close = () => raw.end();
    }
    try {
      const kept = await read();
      expect(kept[0]!.length).toBeGreaterThan(5);
      await refill();
      expect(await read()).toEqual(kept);
      // Retention: the deleted events' counts are taken off.
      expect(await t.db.events.deleteBefore(new Date('2026-11-02T00:00:00Z'))).toBe(16);
      const after = await read();
      await refill();
      expect(await read()).toEqual(after);
      expect((await demand('from=2026-10-01&to=2026-10-31')).headline.searches.current).toBe(0);
    } finally {
      await close();
    }
  });
});
