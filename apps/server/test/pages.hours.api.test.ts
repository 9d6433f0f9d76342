/**
 * A store page's hours over both databases: the page and its structured data say the same of
 * every day shown (24-hour days, closed weekdays, the same special dates, past ones dropped),
 * today is marked, the opening status is right at the instant of the request, and the cached
 * page is rendered again (under another ETag) when its status or today changes.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { storePagePath, type StoreHours } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { toRecord, type StoreDoc } from '../src/modules/stores/doc.js';

const ORIGIN = 'https://stores.example.com';
const LOCALES_DIR = resolve(
  fileURLToPath(new URL('../../..', import.meta.url)),
  'apps/web/public/locales',
);

const HOURS: StoreHours = {
  timeZone: 'Europe/London',
  // Monday around the clock, Tuesday 09:00–18:00, closed Wednesday to Sunday but Saturday.
  week: [[[0, 1440]], [[540, 1080]], [], [], [], [[600, 960]], []],
  special: [
    { date: '2026-11-20', hours: [] },
    { date: '2026-11-24', hours: [[600, 840]], name: 'Stocktake' },
    { date: '2026-12-25', hours: [], name: 'Christmas Day' },
  ],
};

type Spec = Record<string, string>;

function storeLd(root: HTMLElement): Record<string, unknown> {
  return root
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.textContent) as Record<string, unknown>)
    .find((o) => o['@type'] === 'ElectronicsStore')!;
}

describe.each(DIALECTS)("a store page's hours on %s", (dialect) => {
  let t: TestDb;
  let a: TestApp;
  /** Monday 23 November 2026, 12:00 in London. */
  let clock = Date.parse('2026-11-23T12:00:00Z');
  const path = storePagePath('/uk/en/', 'HOURS-1', 'Lumen Hours');
  const page = async (p = path) => {
    const res = await a.app.inject(p);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { res, root: parse(res.body) };
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const base = JSON.parse(fixtureStores()[0]!.doc) as StoreDoc;
    const doc: StoreDoc = { ...base, id: 'HOURS-1', storeId: 'HOURS-1', title: 'Lumen Hours' };
    await t.db.stores.replaceAll([
      toRecord({ ...doc, hours: HOURS }, 'GB', 'import', '2'),
      toRecord(
        {
          ...doc,
          id: 'HOURS-IL',
          storeId: 'HOURS-IL',
          latitude: 32.08,
          longitude: 34.78,
          hours: { ...HOURS, timeZone: 'Asia/Jerusalem' },
        },
        'IL',
        'import',
        '2',
      ),
    ]);
    a = await makeApp(t.db, { PUBLIC_ORIGIN: `${ORIGIN}/`, LOCALES_DIR }, {}, { now: () => clock });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('says the same in the page and its structured data, day by day', async () => {
    const { root } = await page();
    const [week, special] = root.querySelectorAll('.sp-hours table');
    const cells = (table: HTMLElement | undefined) =>
      (table?.querySelectorAll('tr') ?? []).map((r) => [
        r.querySelector('th')!.textContent,
        r.querySelector('td')!.textContent,
      ]);
    expect(cells(week)).toEqual([
      ['Monday Today', 'Open 24 hours'],
      ['Tuesday', '09:00–18:00'],
      ['Wednesday', 'Closed'],
      ['Thursday', 'Closed'],
      ['Friday', 'Closed'],
      ['Saturday', '10:00–16:00'],
      ['Sunday', 'Closed'],
    ]);
    // The past special date is dropped, Christmas is beyond the four weeks shown.
    expect(cells(special)).toEqual([['24 Nov Stocktake', '10:00–14:00']]);
    const spec = storeLd(root).openingHoursSpecification as Spec[];
    const said = (s: Spec) => [s.dayOfWeek ?? s.validFrom, `${s.opens}–${s.closes}`];
    expect(spec.map(said)).toEqual([
      ['https://schema.org/Monday', '00:00–23:59'],
      ['https://schema.org/Tuesday', '09:00–18:00'],
      ['https://schema.org/Wednesday', '00:00–00:00'],
      ['https://schema.org/Thursday', '00:00–00:00'],
      ['https://schema.org/Friday', '00:00–00:00'],
      ['https://schema.org/Saturday', '10:00–16:00'],
      ['https://schema.org/Sunday', '00:00–00:00'],
      ['2026-11-24', '10:00–14:00'],
    ]);
    expect(spec.every((s) => !s.validFrom || s.validFrom === s.validThrough)).toBe(true);
    // Today's row is marked for assistive technology too.
    expect(root.querySelector('.sp-hours tr[aria-current="date"] th')!.textContent).toBe(
      'Monday Today',
    );
  });

  it('writes a 24-hour day in the page language, never as 00:00–00:00', async () => {
    const { root } = await page(storePagePath('/il/he/', 'HOURS-IL', 'Lumen Hours'));
    const monday = root.querySelector('.sp-hours table tr td')!.textContent;
    expect(monday).toBe('פתוח 24 שעות');
    expect(root.querySelector('.sp-hours')!.textContent).not.toMatch(/00:00–00:00|12:00/);
  });

  it('shows the opening status now, and renders the page again when it changes', async () => {
    clock = Date.parse('2026-11-24T09:00:00Z'); // Tuesday 09:00: the Stocktake hours apply.
    const early = await page();
    expect(early.root.querySelector('.sp-now')!.textContent).toBe('Closed · opens 10:00');
    expect(early.root.querySelector('.sp-hours tr[aria-current] th')!.textContent).toBe(
      'Tuesday Today',
    );
    // The special table marks today as well.
    expect(early.root.querySelectorAll('.sp-hours tr[aria-current]').length).toBe(2);
    // Still closed at 09:40: the same page, no countdown.
    clock = Date.parse('2026-11-24T09:40:00Z');
    const same = await page();
    expect(same.res.headers.etag).toBe(early.res.headers.etag);
    const notModified = await a.app.inject({
      url: path,
      headers: { 'if-none-match': String(early.res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    // 10:30: open; the old ETag no longer matches.
    clock = Date.parse('2026-11-24T10:30:00Z');
    const open = await page();
    expect(open.root.querySelector('.sp-now')!.textContent).toBe('Open now · closes 14:00');
    expect(open.res.headers.etag).not.toBe(early.res.headers.etag);
    const revalidated = await a.app.inject({
      url: path,
      headers: { 'if-none-match': String(early.res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    clock = Date.parse('2026-11-24T13:15:00Z');
    expect((await page()).root.querySelector('.sp-now')!.textContent).toBe('Closes soon · 14:00');
    // Wednesday after midnight: closed until Saturday, Wednesday is today.
    clock = Date.parse('2026-11-25T00:30:00Z');
    const wednesday = await page();
    expect(wednesday.root.querySelector('.sp-now')!.textContent).toBe('Closed · opens Sat 10:00');
    expect(wednesday.root.querySelector('.sp-hours tr[aria-current] th')!.textContent).toBe(
      'Wednesday Today',
    );
    // The special date of yesterday is gone from page and structured data alike.
    expect(wednesday.root.querySelectorAll('.sp-hours table').length).toBe(1);
    const spec = storeLd(wednesday.root).openingHoursSpecification as Spec[];
    expect(spec.some((s) => s.validFrom)).toBe(false);
  });
});
