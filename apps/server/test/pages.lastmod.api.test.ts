/**
 * The sitemaps' lastmod on both databases: each store page's from the store's own last change
 * (kept by the database for every writer), a directory page's and a sitemap file's from their
 * newest store; an edit through the admin API, or an import that changes one store of its file,
 * renews that store's lastmod only, a write of the same content renews nothing.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/modules/admin/cli.js';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { config, fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { csv, gbRow, importCsv } from './helpers/import-files.js';

const ORIGIN = 'https://stores.example.com';
/** lastmod is written in seconds (the database keeps milliseconds). */
const JANUARY = '2026-01-01T00:00:00Z';
const FEBRUARY = '2026-02-01T00:00:00Z';

/** lastmod by URL of a sitemap file or index. */
function lastmods(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)) {
    out.set(m[1]!, m[2] ?? '');
  }
  return out;
}

describe.each(DIALECTS)('sitemap lastmod on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let key = '';
  /** The pages read the data version at most every 250 ms of this clock. */
  let clock = Date.parse('2026-12-06T12:00:00Z');
  const sitemap = async (file: string) => {
    clock += 1000;
    const res = await a.app.inject(file);
    expect(res.statusCode).toBe(200);
    return lastmods(res.body);
  };

  /** Sets stores' last change in the database itself (as if written long ago). */
  async function backdate(at: string, ids: readonly string[]): Promise<void> {
    const sql = `UPDATE stores SET changed_at = $1 WHERE store_id IN (${ids.map((_, i) => `$${i + 2}`).join(',')})`;
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: PG_TEST_URL });
      await c.connect();
      await c.query(sql, [at.replace('Z', '.000Z'), ...ids]).finally(() => c.end());
    } else {
      const db = new BetterSqlite3(t.file!);
      db.prepare(sql.replace(/\$\d+/g, '?')).run(at.replace('Z', '.000Z'), ...ids);
      db.close();
    }
  }

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const records = fixtureStores();
    await t.db.stores.replaceAll(records);
    await backdate(
      JANUARY,
      records.map((r) => r.storeId),
    );
    await backdate(FEBRUARY, ['GB-2']);
    a = await makeApp(t.db, { PUBLIC_ORIGIN: `${ORIGIN}/` }, {}, { now: () => clock });
    const lines: string[] = [];
    await runAdmin(['keys', 'create', '--name', 'lastmod', '--scope', 'write'], t.db, (l) =>
      lines.push(l),
    );
    key = lines[1]!;
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it("gives each URL its own store's last change, a directory page its newest store's", async () => {
    const urls = await sitemap('/sitemaps/uk-en-1.xml');
    expect(urls.get(`${ORIGIN}/uk/en/stores/GB-1-fixture-gb-1`)).toBe(JANUARY);
    expect(urls.get(`${ORIGIN}/uk/en/stores/GB-2-fixture-gb-2`)).toBe(FEBRUARY);
    expect(urls.get(`${ORIGIN}/uk/en/stores/`)).toBe(FEBRUARY);
    const index = await sitemap('/sitemap.xml');
    expect(index.get(`${ORIGIN}/sitemaps/uk-en-1.xml`)).toBe(FEBRUARY);
    expect(index.get(`${ORIGIN}/sitemaps/de-de-1.xml`)).toBe(JANUARY);
  });

  it('renews the lastmod of a store edited through the admin API, and of nothing else', async () => {
    const before = Date.now();
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/stores/GB-3',
      headers: { authorization: `Bearer ${key}` },
      payload: gbRow('GB-3', { city: 'Testville', phone: '020 7946 0000' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const urls = await sitemap('/sitemaps/uk-en-1.xml');
    const edited = urls.get(`${ORIGIN}/uk/en/stores/GB-3-shop-gb-3`)!;
    expect(Date.parse(edited)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(urls.get(`${ORIGIN}/uk/en/stores/GB-1-fixture-gb-1`)).toBe(JANUARY);
    expect(urls.get(`${ORIGIN}/uk/en/stores/`)).toBe(edited);
    // Writing the same content again (an import's upsert) changes no lastmod.
    const again = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/stores/GB-3',
      headers: { authorization: `Bearer ${key}` },
      payload: gbRow('GB-3', { city: 'Testville', phone: '020 7946 0000' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.db.storeWrites.applyChanges({
      mode: 'upsert',
      records: fixtureStores().filter((r) => r.storeId === 'GB-1'),
      maxRemovalShare: Infinity,
      dryRun: false,
      fileName: 'same.csv',
    });
    const later = await sitemap('/sitemaps/uk-en-1.xml');
    expect(later.get(`${ORIGIN}/uk/en/stores/GB-3-shop-gb-3`)).toBe(edited);
    expect(later.get(`${ORIGIN}/uk/en/stores/GB-1-fixture-gb-1`)).toBe(JANUARY);
  });

  it('renews, after an import that changes one store of its file, that store only', async () => {
    const cfg = config();
    const rows = ['IMP-1', 'IMP-2', 'IMP-3'].map((id) => gbRow(id));
    const first = await importCsv(csv(rows), t.db, cfg);
    expect(first.outcome, JSON.stringify(first.problems)).toBe('APPLIED');
    await backdate(JANUARY, ['IMP-1', 'IMP-2', 'IMP-3']);
    const url = (id: string) => `${ORIGIN}/uk/en/stores/${id}-shop-${id.toLowerCase()}`;
    const before = await sitemap('/sitemaps/uk-en-1.xml');
    expect(['IMP-1', 'IMP-2', 'IMP-3'].map((id) => before.get(url(id)))).toEqual([
      JANUARY,
      JANUARY,
      JANUARY,
    ]);

    // The same file again with one store's phone changed (an upsert of all three rows).
    const startedAt = Math.floor(Date.now() / 1000) * 1000;
    rows[1] = gbRow('IMP-2', { phone: '0121 234 7891' });
    const second = await importCsv(csv(rows, [...Object.keys(rows[0]!), 'phone']), t.db, cfg);
    expect(second.outcome, JSON.stringify(second.problems)).toBe('APPLIED');
    const after = await sitemap('/sitemaps/uk-en-1.xml');
    expect(after.get(url('IMP-1'))).toBe(JANUARY);
    expect(after.get(url('IMP-3'))).toBe(JANUARY);
    expect(Date.parse(after.get(url('IMP-2'))!)).toBeGreaterThanOrEqual(startedAt);
    expect(after.get(`${ORIGIN}/uk/en/stores/GB-1-fixture-gb-1`)).toBe(JANUARY);
  });
});
