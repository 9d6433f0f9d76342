/**
 * A large bulk dry run on both databases does not hold the server's event loop: the body is read
 * store by store (never parsed whole) and the work yields to other requests every few
 * milliseconds, so searches keep answering while it runs. The event loop's delay is measured
 * during the request (the longest gap between the ticks of a 5 ms timer), with a generous bound;
 * the report is the one the import command gives for the same stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { writeKey } from './helpers/keys.js';
import { importStores } from '../src/modules/imports/run.js';
import { reportJson } from '../src/modules/imports/report.js';

const BASE = '/api/v1/admin';
const ROWS = 20_000;
/** Longest the event loop may be held during the bulk request (ms); unbounded before: seconds. */
const MAX_LOOP_DELAY_MS = 750;

const rows = Array.from({ length: ROWS }, (_, i) =>
  gbRow(`BIG-${String(i).padStart(6, '0')}`, {
    latitude: (51.5 + (i % 100) / 2000).toFixed(4),
    longitude: (-0.14 + Math.floor(i / 100) / 4000).toFixed(4),
    ...(i % 1000 === 7 ? { latitude: 'north' } : {}),
  }),
);

describe.each(DIALECTS)('a large bulk dry run on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let key = '';

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    // Searches run every 20 ms for as long as the bulk request takes: on a loaded machine that is
    // longer than the search rate limit's minute allows one client, which this test is not about.
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
    key = (await writeKey(t.db, 'big')).token;
    // The country check's maps engine is loaded by a first, small request.
    const warm = await a.app.inject({
      method: 'POST',
      url: `${BASE}/stores/bulk?dryRun=true`,
      headers: { authorization: `Bearer ${key}` },
      payload: [gbRow('W-1')],
    });
    expect(warm.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('keeps the event loop answering and reports what the import command reports', async () => {
    const body = JSON.stringify(rows);
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    let searches = 0;
    let running = true;
    const searching = (async () => {
      while (running) {
        const res = await a.app.inject(`/api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.14`);
        expect(res.statusCode).toBe(200);
        searches += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const res = await a.app.inject({
      method: 'POST',
      url: `${BASE}/stores/bulk?dryRun=true`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: body,
    });
    running = false;
    await searching;
    // One more tick records a gap that lasted to the end of the request.
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(ticker);
    expect(res.statusCode).toBe(400);
    const report = res.json<{ report: Record<string, unknown> }>().report;
    expect(longestGap).toBeLessThan(MAX_LOOP_DELAY_MS);
    // Searches were answered while it ran, not only before and after.
    expect(searches).toBeGreaterThan(2);

    // The same stores as NDJSON (read line by line, as before) give the same report.
    const ndjson = rows.map((r) => JSON.stringify(r)).join('\n');
    const direct = await importStores(ndjson, t.db, a.services.config, {
      fileName: 'request',
      format: 'ndjson',
      dryRun: true,
    });
    expect(direct.rows).toBe(ROWS);
    const expected = reportJson(direct) as Record<string, unknown>;
    expect(report).toMatchObject({ outcome: 'INVALID_ROWS', rows: ROWS, invalid: ROWS / 1000 });
    expect(report.changes).toEqual(expected.changes);
    expect(report.problems).toEqual(expected.problems);
  }, 120_000);
});
