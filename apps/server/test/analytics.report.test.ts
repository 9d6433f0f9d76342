/**
 * The demand report on a known set of events, on both databases: every figure, the terminal
 * tables, the CSV, the empty cases, searches answered only beyond the radius (unmet, and
 * apart), the arguments, and the command itself (SQLite file).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import type { EventRecord, EventRepository } from '../src/db/types.js';
import { pageViewEvent } from '../src/modules/analytics/event-columns.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { formatReport, reportCsv } from '../src/modules/analytics/report-format.js';
import { buildReport, type Report } from '../src/modules/analytics/report.js';
import { parseReportArgs } from '../src/modules/analytics/report-args.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

const base = pageViewEvent(new Date('2026-11-02T10:00:00Z'), 'en_GB');
const ev = (over: Partial<EventRecord>, times = 1): EventRecord[] =>
  Array.from({ length: times }, () => ({ ...base, ...over }));

const LONDON = { latitude: 51.51, longitude: -0.13 };
const MANCHESTER = { latitude: 53.48, longitude: -2.24 };
const INVERNESS = { latitude: 57.48, longitude: -4.22 };
const BERLIN = { latitude: 52.52, longitude: 13.41 };
const NAMES: Record<string, string> = {
  '51.51,-0.13': 'London',
  '53.48,-2.24': 'Manchester',
  '57.48,-4.22': 'Inverness',
  '52.52,13.41': 'Berlin',
  // Another cell of London: counted with the first.
  '51.52,-0.12': 'London',
};

const gbSales = { type: 'search', channel: 'sales', country: 'GB', product: 'all' } as const;
const gbService = { type: 'search', channel: 'service', country: 'GB', product: '1' } as const;
const click = (link: string, channel: string, country: string) =>
  ({ type: 'click', link, channel, country }) as const;

/** November 2026: 10 page views, 8 searches (4 found nothing), 8 statistics, 5 clicks; 2 outside. */
export function knownEvents(): EventRecord[] {
  return [
    ...ev({ type: 'pageView', page: 'home' }, 4),
    ...ev({ type: 'pageView', page: 'results', channel: 'sales', country: 'GB' }, 6),
    ...ev({ ...gbSales, resultCount: 5, trigger: 'form' }, 2),
    ...ev({ ...gbSales, resultCount: 0, ...MANCHESTER }),
    ...ev({ ...gbSales }), // no result count reported
    ...ev({ ...gbService, resultCount: 0, carrier: 'EE', ...INVERNESS }, 2),
    ...ev({ type: 'search', channel: 'sales', country: 'DE', product: '2', resultCount: 3 }),
    ...ev({ type: 'search', channel: 'service', country: 'DE', product: '1', resultCount: 0 }),
    ...ev(
      { type: 'locationSearch', channel: 'sales', country: 'GB', product: 'All', ...LONDON },
      3,
    ),
    ...ev({ type: 'locationSearch', channel: 'sales', country: 'GB', ...MANCHESTER }),
    ...ev({ type: 'locationSearch', channel: 'sales', country: 'DE', ...BERLIN }, 2),
    ...ev({ type: 'locationSearch', country: 'GB', latitude: 51.52, longitude: -0.12 }),
    // A position without a name: shown as its coordinates.
    ...ev({ type: 'locationSearch', country: 'DE', latitude: 48.14, longitude: 11.58 }),
    ...ev(click('directions', 'sales', 'GB')),
    ...ev(click('directions', 'sales', 'DE')),
    ...ev(click('website', 'sales', 'GB')),
    ...ev(click('appointment', 'service', 'GB')),
    ...ev(click('carrier', 'service', 'GB')),
    // Outside the period: 31 October and 1 December.
    ...ev({ ...gbSales, resultCount: 0, ...LONDON, at: new Date('2026-10-31T23:59:59Z') }),
    ...ev({ ...click('phone', 'sales', 'GB'), at: new Date('2026-12-01T00:00:00Z') }),
  ];
}

const NOVEMBER = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };

async function report(events: EventRepository): Promise<Report> {
  return buildReport(events, {
    ...NOVEMBER,
    placeName: (lat, lon) => NAMES[`${lat},${lon}`],
    productName: (id) => ({ '1': 'Phone', '2': 'Tablet' })[id],
  });
}

describe.each(DIALECTS)('analytics report on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('says so on an empty database', async () => {
    const r = await report(t.db.events);
    expect(r.stored).toBe(0);
    expect(formatReport(r)).toMatch(
      /^No analytics events are stored yet \(period 2026-11-01 to 2026-11-30\)/,
    );
  });

  it('gives the figures of a known set of events', async () => {
    await t.db.events.insertMany(knownEvents());
    const r = await report(t.db.events);
    expect(r.from).toBe('2026-11-01');
    expect(r.to).toBe('2026-11-30');
    expect(r.stored).toBe(33);
    expect(r.totals).toEqual({
      pageViews: 10,
      searches: 8,
      searchesWithCount: 7,
      noStore: 4,
      beyondRadius: 0,
      locationSearches: 8,
      clicks: 5,
      clickThrough: 5 / 8,
    });
    expect(r.searches).toEqual([
      { country: 'GB', channel: 'sales', product: 'All Products', searches: 4, noStore: 1 },
      { country: 'GB', channel: 'service', product: 'Phone', searches: 2, noStore: 2 },
      { country: 'DE', channel: 'sales', product: 'Tablet', searches: 1, noStore: 0 },
      { country: 'DE', channel: 'service', product: 'Phone', searches: 1, noStore: 1 },
    ]);
    expect(r.places).toEqual([
      { place: 'London', country: 'GB', searches: 4 },
      { place: 'Berlin', country: 'DE', searches: 2 },
      { place: '48.14, 11.58', country: 'DE', searches: 1 },
      { place: 'Manchester', country: 'GB', searches: 1 },
    ]);
    expect(r.unmet).toEqual([
      {
        country: 'GB',
        channel: 'service',
        product: 'Phone',
        place: 'Inverness',
        searches: 2,
        beyondRadius: 0,
      },
      {
        country: 'DE',
        channel: 'service',
        product: 'Phone',
        place: '(position not reported)',
        searches: 1,
        beyondRadius: 0,
      },
      {
        country: 'GB',
        channel: 'sales',
        product: 'All Products',
        place: 'Manchester',
        searches: 1,
        beyondRadius: 0,
      },
    ]);
    expect(r.clicks).toEqual([
      { link: 'directions', clicks: 2, share: 0.4, perSearch: 0.25 },
      { link: 'appointment', clicks: 1, share: 0.2, perSearch: 0.125 },
      { link: 'carrier', clicks: 1, share: 0.2, perSearch: 0.125 },
      { link: 'website', clicks: 1, share: 0.2, perSearch: 0.125 },
    ]);
    expect(r.channels).toEqual([
      { channel: 'sales', searches: 5, clicks: 3, perSearch: 0.6 },
      { channel: 'service', searches: 3, clicks: 2, perSearch: 2 / 3 },
    ]);
  });

  it('prints tables and CSV', async () => {
    const r = await report(t.db.events);
    const text = formatReport(r);
    expect(text).toContain('Analytics report 2026-11-01 to 2026-11-30 (UTC)');
    expect(text).toMatch(/clicks per search\s+62\.5%/);
    expect(text).toMatch(/GB\s+service\s+Phone\s+Inverness\s+2/);
    expect(text).toMatch(/directions\s+2\s+40\.0%\s+25\.0%/);
    const csv = reportCsv(r).split('\r\n');
    expect(csv[0]).toBe('section,country,channel,product,place,link,origin,count,rate');
    expect(csv).toContain('places,DE,,,"48.14, 11.58",,,1,');
    expect(csv).toContain('total_clicks,,,,,,,5,0.625');
    expect(csv).toContain('searches,GB,service,Phone,,,,2,');
    expect(csv).toContain('places,GB,,,London,,,4,');
    expect(csv).toContain('unmet_demand,GB,service,Phone,Inverness,,,2,');
    expect(csv).toContain('clicks,,,,,directions,,2,0.25');
    expect(csv).toContain('channel_click_through,,sales,,,,,3,0.6');
    expect(csv.at(-1)).toBe('');
    // Nothing came from an embed: no origin section.
    expect(r.origins).toEqual([]);
    expect(text).not.toContain('embedding site');
    expect(csv.some((row) => row.startsWith('origin_'))).toBe(false);
  });

  it('says when the period is empty but other dates have events', async () => {
    const r = await buildReport(t.db.events, {
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2025-02-01T00:00:00Z'),
    });
    expect(formatReport(r)).toBe(
      'No analytics events between 2025-01-01 and 2025-01-31 (33 stored at other dates).\n',
    );
  });

  it('breaks searches and clicks down by embedding origin', async () => {
    const at = new Date('2027-03-10T12:00:00Z');
    const shop = 'https://shop.example.com';
    const partner = 'http://127.0.0.1:8080';
    await t.db.events.insertMany([
      ...ev({ ...gbSales, at, embedOrigin: shop }, 4),
      ...ev({ ...click('directions', 'sales', 'GB'), at, embedOrigin: shop }),
      ...ev({ ...gbSales, at, embedOrigin: partner }),
      ...ev({ ...gbSales, at }, 2),
      ...ev({ ...click('website', 'sales', 'GB'), at }, 2),
      ...ev({ type: 'pageView', page: 'home', at, embedOrigin: shop }),
    ]);
    const r = await buildReport(t.db.events, {
      from: new Date('2027-03-01T00:00:00Z'),
      to: new Date('2027-04-01T00:00:00Z'),
    });
    expect(r.origins).toEqual([
      { origin: shop, searches: 4, clicks: 1, perSearch: 0.25 },
      { origin: '', searches: 2, clicks: 2, perSearch: 1 },
      { origin: partner, searches: 1, clicks: 0, perSearch: 0 },
    ]);
    const text = formatReport(r);
    expect(text).toContain('Searches and clicks by embedding site (origin)');
    expect(text).toMatch(/https:\/\/shop\.example\.com\s+4\s+1\s+25\.0%/);
    expect(text).toMatch(/\(the locator's own pages\)\s+2\s+2\s+100\.0%/);
    const csv = reportCsv(r).split('\r\n');
    expect(csv).toContain(`origin_searches,,,,,,${shop},4,`);
    expect(csv).toContain(`origin_clicks,,,,,,${shop},1,0.25`);
    expect(csv).toContain('origin_searches,,,,,,,2,');
  });

  it('counts searches answered only beyond the radius as unmet, and apart', async () => {
    const at = new Date('2027-05-10T12:00:00Z');
    await t.db.events.insertMany([
      ...ev({ ...gbSales, at, resultCount: 4 }, 5),
      ...ev({ ...gbSales, at, resultCount: 0, ...INVERNESS }),
      ...ev({ ...gbSales, at, resultCount: 3, beyondRadius: true, ...INVERNESS }, 2),
      ...ev({ ...gbSales, at, resultCount: 2, beyondRadius: true }),
      ...ev({ ...gbSales, at }), // no result count reported
    ]);
    const r = await buildReport(t.db.events, {
      from: new Date('2027-05-01T00:00:00Z'),
      to: new Date('2027-06-01T00:00:00Z'),
      placeName: (lat, lon) => NAMES[`${lat},${lon}`],
    });
    expect(r.totals).toMatchObject({
      searches: 10,
      searchesWithCount: 9,
      noStore: 4,
      beyondRadius: 3,
    });
    expect(r.searches).toEqual([
      { country: 'GB', channel: 'sales', product: 'All Products', searches: 10, noStore: 4 },
    ]);
    expect(r.unmet).toEqual([
      {
        country: 'GB',
        channel: 'sales',
        product: 'All Products',
        place: 'Inverness',
        searches: 3,
        beyondRadius: 2,
      },
      {
        country: 'GB',
        channel: 'sales',
        product: 'All Products',
        place: '(position not reported)',
        searches: 1,
        beyondRadius: 1,
      },
    ]);
    const text = formatReport(r);
    expect(text).toMatch(/searches that found no store nearby\s+4/);
    expect(text).toMatch(/of which answered beyond the radius\s+3/);
    expect(text).toMatch(/GB\s+sales\s+All Products\s+Inverness\s+3\s+2/);
    const csv = reportCsv(r).split('\r\n');
    expect(csv).toContain('total_searches_no_store,,,,,,,4,' + String(Number((4 / 9).toFixed(6))));
    expect(csv).toContain(
      'total_searches_beyond_radius,,,,,,,3,' + String(Number((3 / 9).toFixed(6))),
    );
    expect(csv).toContain('unmet_demand,GB,sales,All Products,Inverness,,,3,');
    expect(csv).toContain('unmet_beyond_radius,GB,sales,All Products,Inverness,,,2,');
  });
});

describe('report command', () => {
  it('reads its arguments: inclusive UTC days, default last 30 days, every problem listed', () => {
    const a = parseReportArgs(['--from', '2026-11-01', '--to', '2026-11-30', '--csv', 'x.csv']);
    expect(a).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
      csv: 'x.csv',
      top: 10,
      placeNames: true,
    });
    const d = parseReportArgs(['--no-place-names'], new Date('2026-11-30T15:00:00Z'));
    expect(d.from).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(d.to).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(d.placeNames).toBe(false);
    expect(() => parseReportArgs(['--from', '2026-02-30', '--top', '0'])).toThrow(
      /--from: "2026-02-30" is not a date YYYY-MM-DD\n--top: 1 to 1000\nusage:/,
    );
    expect(() => parseReportArgs(['--from', '2026-12-01', '--to', '2026-11-01'])).toThrow(
      /--from is after --to/,
    );
    expect(() => parseReportArgs(['--form', '2026-11-01'])).toThrow();
  });

  it('prints the report of the configured database and writes the CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-report-'));
    const db = openSqlite(join(dir, 'locator.sqlite'));
    await db.events.insertMany(knownEvents());
    await db.close();
    const csv = join(dir, 'out.csv');
    const { stdout } = await promisify(execFile)(
      'npx',
      [
        'tsx',
        'src/modules/analytics/report-cli.ts',
        '--from',
        '2026-11-01',
        '--to',
        '2026-11-30',
        '--csv',
        csv,
      ],
      { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
    );
    expect(stdout).toContain('Analytics report 2026-11-01 to 2026-11-30 (UTC)');
    expect(stdout).toMatch(/GB\s+service\s+Phone\s+2\s+2/);
    expect(stdout).toMatch(/London[^\n]*GB\s+[34]\n/);
    expect(stdout).toContain(`CSV written to ${csv}`);
    expect(readFileSync(csv, 'utf8')).toContain('total_searches,,,,,,,8,');
    console.log(stdout);
  });
});
