/**
 * Opening hours on both databases: the import's hours columns (text forms, per-row problems,
 * the time zone derived from the position), the admin API with the same checks, the search
 * answer's hours and status as of the request (an injected clock) and its ETag, the export.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/modules/admin/cli.js';
import { resolve } from 'node:path';
import { pageHours, storePagePath, type StoreHours } from '@locator/core';
import { rowMaker } from '../src/modules/imports/export.js';
import { openingHoursSpecification } from '../src/modules/pages/hours-view.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config } from './helpers/fixtures.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';

const cfg = config();
type WireStore = { storeId: string; hours?: StoreHours; hoursStatus?: unknown };
/** Monday 23 November 2026, 17:30 in London (GMT). */
const MONDAY = Date.parse('2026-11-23T17:30:00Z');
let clock = MONDAY;
const SEARCH = '/api/v1/grlui/uk/en/sales?pt=all&lat=51.5142&lon=-0.142&maxrad=10&maxResult=10';

describe.each(DIALECTS)('opening hours on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(
      t.db,
      {
        RATE_LIMIT_SEARCH: '0',
        PUBLIC_ORIGIN: 'https://stores.example.com/',
        LOCALES_DIR: resolve(import.meta.dirname, '../../web/public/locales'),
      },
      {},
      { now: () => clock },
    );
  }, 60_000);
  beforeEach(async () => {
    await t.db.meta.set('dataset', 'import');
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('reports every bad hours cell of every row, with its column', async () => {
    const report = await importCsv(
      csv(
        [
          gbRow('H-1', { hours: 'Mo-Fr 9-18', specialHours: '2026-12-25 off', timeZone: '' }),
          gbRow('H-2', {
            hours: 'Mo-Fr 09:00-18:00',
            specialHours: '25/12 off',
            timeZone: 'GMT+1',
          }),
          gbRow('H-3', { hours: '', specialHours: '2026-12-25 off', timeZone: 'Europe/London' }),
          gbRow('H-4', { hours: 'Xx 09:00-18:00', specialHours: '', timeZone: '' }),
        ],
        [...Object.keys(gbRow('x')), 'hours', 'specialHours', 'timeZone'],
      ),
      t.db,
      cfg,
    );
    expect(report.outcome).toBe('INVALID_ROWS');
    expect(report.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [2, 'hours', 'INVALID_VALUE'],
      [3, 'specialHours', 'INVALID_VALUE'],
      [3, 'timeZone', 'INVALID_VALUE'],
      [4, 'specialHours', 'INVALID_VALUE'],
      [4, 'timeZone', 'INVALID_VALUE'],
      [5, 'hours', 'INVALID_VALUE'],
    ]);
    expect(report.problems[0]!.reason).toBe(
      '"9-18" is not a time range like 09:00-18:00 in "Mo-Fr 9-18"',
    );
    expect(report.problems[3]!.reason).toBe('needs the weekly hours (hours)');
  });

  it('imports hours, derives the time zone, and answers the status as of the request', async () => {
    clock = MONDAY;
    const report = await importCsv(
      csv(
        [
          gbRow('OPEN', {
            hours: 'Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off',
            specialHours: '2026-12-25 off "Christmas Day"; 2026-12-24 09:00-14:00',
          }),
          gbRow('NIGHT', {
            latitude: '51.515',
            hours: 'Mo-Su 20:00-02:00',
            timeZone: 'Europe/London',
          }),
          gbRow('PLAIN', { latitude: '51.516' }),
        ],
        [...Object.keys(gbRow('x')), 'hours', 'specialHours', 'timeZone'],
      ),
      t.db,
      cfg,
    );
    expect(report.outcome, JSON.stringify(report.problems)).toBe('APPLIED');
    const search = async () => {
      const res = await a.app.inject(SEARCH);
      expect(res.statusCode, res.body).toBe(200);
      return {
        etag: res.headers.etag,
        stores: res.json().results.stores as WireStore[],
      };
    };
    const first = await search();
    const byId = Object.fromEntries(first.stores.map((s) => [s.storeId, s]));
    expect(byId.OPEN?.hours).toEqual({
      timeZone: 'Europe/London',
      week: [
        [[540, 1080]],
        [[540, 1080]],
        [[540, 1080]],
        [[540, 1080]],
        [[540, 1080]],
        [[600, 960]],
        [],
      ],
      // An answer carries the special dates of the coming two weeks only (the status and the
      // week view read no further); Christmas is a month away.
      special: [],
    });
    expect(byId.OPEN?.hoursStatus).toEqual({
      open: true,
      changeAt: Date.parse('2026-11-23T18:00:00Z'),
    });
    expect(byId.NIGHT?.hoursStatus).toEqual({
      open: false,
      changeAt: Date.parse('2026-11-23T20:00:00Z'),
    });
    expect(byId.PLAIN?.hours).toBeUndefined();
    expect(byId.PLAIN?.hoursStatus).toBeUndefined();

    clock = Date.parse('2026-11-24T00:30:00Z'); // Tuesday 00:30: the night store is open
    const night = await search();
    const later = Object.fromEntries(night.stores.map((s) => [s.storeId, s]));
    expect(later.OPEN?.hoursStatus).toEqual({
      open: false,
      changeAt: Date.parse('2026-11-24T09:00:00Z'),
    });
    expect(later.NIGHT?.hoursStatus).toEqual({
      open: true,
      changeAt: Date.parse('2026-11-24T02:00:00Z'),
    });
    expect(night.etag).not.toBe(first.etag);

    // Within two weeks of Christmas the answer carries the special dates.
    clock = Date.parse('2026-12-20T12:00:00Z');
    const december = Object.fromEntries((await search()).stores.map((s) => [s.storeId, s]));
    expect(december.OPEN?.hours?.special).toEqual([
      { date: '2026-12-24', hours: [[540, 840]] },
      { date: '2026-12-25', hours: [], name: 'Christmas Day' },
    ]);
    expect(december.OPEN?.hours?.week).toEqual(byId.OPEN?.hours?.week);

    // The store page lists the weekly hours and the coming special dates, and says them in
    // its structured data.
    clock = Date.parse('2026-12-20T12:00:00Z');
    const html = (await a.app.inject(storePagePath('/uk/en/', 'OPEN', 'Shop OPEN'))).body;
    expect(html).toContain('<h2>Opening hours</h2>');
    expect(html).toContain('<tr><th scope="row">Saturday</th><td>10:00–16:00</td></tr>');
    // 20 December 2026 is a Sunday: today's row is marked.
    expect(html).toContain(
      '<tr aria-current="date"><th scope="row">Sunday <span class="sp-today">Today</span></th><td>Closed</td></tr>',
    );
    expect(html).toContain('25 Dec <bdi>Christmas Day</bdi></th><td>Closed</td>');
    expect(html).toContain(
      '{"@type":"OpeningHoursSpecification","dayOfWeek":"https://schema.org/Monday","opens":"09:00","closes":"18:00"}',
    );
    // The export writes the text forms back (here of an answer's document with both dates).
    const row = rowMaker(cfg.catalogue)({ country: 'GB', doc: JSON.stringify(december.OPEN) });
    expect(row).toMatchObject({
      hours: 'Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off',
      specialHours: '2026-12-24 09:00-14:00; 2026-12-25 off "Christmas Day"',
      timeZone: 'Europe/London',
    });
  });

  it('checks hours sent to the admin API the same way', async () => {
    const lines: string[] = [];
    const args = ['keys', 'create', '--name', 'hours', '--scope', 'write'];
    expect(await runAdmin(args, t.db, (l) => lines.push(l))).toBe(0);
    const put = (id: string, extra: Record<string, unknown>) =>
      a.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/stores/${id}`,
        headers: { authorization: `Bearer ${lines[1]}` },
        payload: { ...gbRow(id), ...extra },
      });
    const bad = await put('API-1', { hours: 'Mo 09:00-18:00; Tu 10:00-09:00-1', timeZone: 'Mars' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad.json().problems.map((p: { column: string; code: string }) => [p.column, p.code]),
    ).toEqual([
      ['hours', 'INVALID_VALUE'],
      ['timeZone', 'INVALID_VALUE'],
    ]);
    const good = await put('API-2', {
      hours: 'Mo-Sa 10:00-20:00',
      specialHours: ['2026-12-25 off', '2026-12-26 12:00-16:00'],
    });
    expect(good.statusCode, good.body).toBeLessThan(300);
    const read = await a.app.inject({
      url: '/api/v1/admin/stores/API-2',
      headers: { authorization: `Bearer ${lines[1]}` },
    });
    expect(read.body).toContain('"timeZone":"Europe/London"');
  });
});

describe('openingHoursSpecification', () => {
  it('writes every weekday, runs past midnight and the special dates the page shows', () => {
    const hours: StoreHours = {
      timeZone: 'Europe/London',
      week: [
        [[0, 1440]],
        [[1320, 1560]],
        [
          [540, 720],
          [780, 1080],
        ],
        [],
        [],
        [],
        [],
      ],
      special: [
        { date: '2026-12-20', hours: [[540, 840]] },
        { date: '2026-12-24', hours: [[540, 840]] },
        { date: '2026-12-25', hours: [] },
        { date: '2027-03-01', hours: [] },
      ],
    };
    // Monday 21 December 2026: the 20th is past, March is beyond the page's four weeks.
    const spec = openingHoursSpecification(pageHours(hours, Date.parse('2026-12-21T10:00:00Z')));
    const day = (d: string, opens: string, closes: string) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${d}`,
      opens,
      closes,
    });
    const date = (d: string, opens: string, closes: string) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: d,
      validThrough: d,
      opens,
      closes,
    });
    expect(spec).toEqual([
      day('Monday', '00:00', '23:59'),
      day('Tuesday', '22:00', '02:00'),
      day('Wednesday', '09:00', '12:00'),
      day('Wednesday', '13:00', '18:00'),
      day('Thursday', '00:00', '00:00'),
      day('Friday', '00:00', '00:00'),
      day('Saturday', '00:00', '00:00'),
      day('Sunday', '00:00', '00:00'),
      date('2026-12-24', '09:00', '14:00'),
      date('2026-12-25', '00:00', '00:00'),
    ]);
  });
});
