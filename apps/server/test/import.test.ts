/**
 * The import on both databases: modes (upsert, sync with its removal threshold, dry run),
 * idempotence by content, empty files, atomicity, formats, and searches seeing every change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, config, fixtureStores } from './helpers/fixtures.js';
import { csv, gbRow, importCsv, londonIds } from './helpers/import-files.js';
import { importStores, type Geocoder } from '../src/modules/imports/run.js';
import { importRowSchema } from '../src/modules/imports/row.js';
import { exitCodeOf } from '../src/modules/imports/codes.js';
import { CONFIG_DIR } from '../src/config/paths.js';

const cfg = config();
const sample = readFileSync(join(CONFIG_DIR, 'samples', 'stores-sample.csv'), 'utf8');
const berlin: Geocoder = async (_address, country) =>
  country === 'DE' ? { latitude: 52.52, longitude: 13.39 } : undefined;

describe.each(DIALECTS)('import on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  beforeEach(async () => {
    await t.db.stores.replaceAll(fixtureStores());
    await t.db.meta.set('dataset', 'demo');
  });
  afterAll(async () => t?.cleanup());

  it('reports every bad row with line, field and reason, and applies nothing', async () => {
    const before = await t.db.stores.count();
    const bad = sample
      .replace('SAMPLE-GB-2,', 'bad id!,')
      .replace(',51.5362,-0.1033,', ',95,-0.1033,')
      .replace('phone;tablet;watch', 'phone;toaster');
    const report = await importStores(bad, t.db, cfg, {
      fileName: 'bad.csv',
      format: 'csv',
      geocoder: berlin,
    });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 3, field: 'storeId', code: 'INVALID_VALUE' }),
        expect.objectContaining({ line: 4, field: 'latitude', code: 'INVALID_COORDINATE' }),
        expect.objectContaining({
          line: 5,
          field: 'salesProducts',
          reason: 'unknown code "toaster"',
        }),
      ]),
    );
    expect(report.outcome).toBe('INVALID_ROWS');
    expect(exitCodeOf(report.outcome)).toBe(1);
    expect(report.invalid).toBe(3);
    expect(report.changes).toBeUndefined();
    expect(await t.db.stores.count()).toBe(before);
  });

  it('imports the sample (geocoding the row without coordinates); a rerun changes nothing', async () => {
    const report = await importStores(sample, t.db, cfg, {
      fileName: 'sample.csv',
      format: 'csv',
      geocoder: berlin,
    });
    expect(report.problems).toEqual([]);
    expect(report.geocoded).toBe(1);
    expect(report.outcome).toBe('APPLIED');
    expect(report.changes).toMatchObject({ added: 4, removed: 0, written: true });
    const near = await t.db.search.nearest({
      latitude: 52.52,
      longitude: 13.39,
      radiusKm: 5,
      limit: 5,
      countries: ['DE'],
      channel: 'sales',
      dropOff: 'any',
    });
    const de = JSON.parse(near.find((h) => h.doc.includes('SAMPLE-DE-1'))!.doc);
    expect(de).toMatchObject({
      geoCodeStatus: 'ADDRESS_INTERPOLATED',
      salesProducts: ['1', '2', '4'],
      storeBadges: ['4'],
      demo: false,
    });
    const again = await importStores(sample, t.db, cfg, {
      fileName: 'sample-copy.csv',
      format: 'csv',
      geocoder: berlin,
    });
    expect(again.changes).toMatchObject({ added: 0, changed: 0, unchanged: 4, written: true });
    expect(await t.db.meta.get('dataset')).toBe('import');
  });

  it('A, B, A ends with A’s content (by content, not by file)', async () => {
    const a = csv([gbRow('ABA-1', { title: 'Version A' }), gbRow('ABA-2')]);
    const b = csv([gbRow('ABA-1', { title: 'Version B' }), gbRow('ABA-2')]);
    expect((await importCsv(a, t.db, cfg)).changes).toMatchObject({ added: 2 });
    expect((await importCsv(b, t.db, cfg)).changes).toMatchObject({ changed: 1, unchanged: 1 });
    const third = await importCsv(a, t.db, cfg);
    expect(third.outcome).toBe('APPLIED');
    expect(third.changes).toMatchObject({ changed: 1, unchanged: 1, written: true });
    const hits = await t.db.search.nearest({
      latitude: 51.5142,
      longitude: -0.142,
      radiusKm: 1,
      limit: 10,
      countries: ['GB'],
      channel: 'sales',
      dropOff: 'any',
    });
    const titles = hits.map((h) => (JSON.parse(h.doc) as { title: string }).title);
    expect(titles).toContain('Version A');
    expect(titles).not.toContain('Version B');
  });

  it('an empty or header-only file is an error that changes nothing', async () => {
    const before = await londonIds(t.db);
    for (const [text, format] of [
      ['', 'csv'],
      ['storeId,title,country,street1,city,latitude,longitude\n', 'csv'],
      ['\uFEFFstoreId,title\r\n\r\n', 'csv'],
      ['[]', 'json'],
      ['\n\n', 'ndjson'],
    ] as const) {
      for (const mode of ['upsert', 'sync'] as const) {
        const report = await importStores(text, t.db, cfg, { fileName: 'x', format, mode });
        expect(report.outcome, JSON.stringify(text)).toBe('EMPTY_FILE');
        expect(exitCodeOf(report.outcome)).toBe(3);
      }
    }
    expect(await londonIds(t.db)).toEqual(before);
    expect(await t.db.meta.get('dataset')).toBe('demo');
  });

  it('upsert never removes; sync removes the absent stores, within the threshold', async () => {
    await t.db.meta.set('dataset', 'import');
    const rows = Array.from({ length: 20 }, (_, i) => gbRow(`SYNC-${i + 1}`));
    await importCsv(csv(rows), t.db, cfg); // 19 fixtures + 20
    const upsert = await importCsv(csv(rows.slice(0, 19)), t.db, cfg, { mode: 'upsert' });
    expect(upsert.changes).toMatchObject({ removed: 0, unchanged: 19 });
    // 39 stores: removing the 19 fixtures and SYNC-20 (51 %) is refused at the default 10 %.
    const refused = await importCsv(csv(rows.slice(0, 19)), t.db, cfg, { mode: 'sync' });
    expect(refused.outcome).toBe('REMOVAL_REFUSED');
    expect(exitCodeOf(refused.outcome)).toBe(4);
    expect(refused.changes).toMatchObject({ removed: 20, existingCounted: 39, written: false });
    expect(await t.db.stores.count()).toBe(39);
    // A dry run says what a sync would do, and writes nothing.
    const dry = await importCsv(csv(rows.slice(0, 19)), t.db, cfg, {
      mode: 'sync',
      dryRun: true,
      maxRemovalShare: 0.6,
    });
    expect(dry.outcome).toBe('DRY_RUN');
    expect(dry.changes).toMatchObject({ added: 0, changed: 0, removed: 20, unchanged: 19 });
    expect(dry.changes?.written).toBe(false);
    expect(await t.db.stores.count()).toBe(39);
    // Allowed: the file is the whole truth, and searches see it at once.
    const sync = await importCsv(csv(rows.slice(0, 19)), t.db, cfg, {
      mode: 'sync',
      allowRemoval: true,
    });
    expect(sync.outcome).toBe('APPLIED');
    expect(sync.changes).toMatchObject({ removed: 20, written: true });
    expect(await t.db.stores.count()).toBe(19);
    const ids = await londonIds(t.db);
    expect(ids).not.toContain('SYNC-20');
    expect(ids).not.toContain('GB-1');
    expect(ids).toContain('SYNC-19');
    // Within the share: one store of 19 (5 %) goes without --allow-removal.
    const small = await importCsv(csv(rows.slice(0, 18)), t.db, cfg, { mode: 'sync' });
    expect(small.changes).toMatchObject({ removed: 1, written: true });
    expect(await londonIds(t.db)).not.toContain('SYNC-19');
  });

  it('replaces the demo data in either mode without counting it against the threshold', async () => {
    await t.db.stores.replaceAll(
      fixtureStores().map((r) => ({ ...r, source: 'demo', storeId: `DEMO-${r.storeId}` })),
    );
    const report = await importCsv(csv([gbRow('REAL-1')]), t.db, cfg, { mode: 'sync' });
    expect(report.outcome).toBe('APPLIED');
    expect(report.changes).toMatchObject({ added: 1, removed: 19, removedCounted: 0 });
    expect(await londonIds(t.db)).toEqual(['REAL-1']);
  });

  it('imports JSON and NDJSON with the same columns; unchanged rows stay untouched', async () => {
    const row = {
      storeId: 'JSON-1',
      title: 'Json Shop',
      country: 'uk',
      street1: '1 Json Road',
      city: 'London',
      latitude: LONDON.lat,
      longitude: LONDON.lon,
      salesProducts: ['phone'],
      storeTypes: [1],
    };
    const json = await importStores(JSON.stringify([row]), t.db, cfg, {
      fileName: 'a.json',
      format: 'json',
    });
    expect(json.changes).toMatchObject({ added: 1 });
    const nd = `${JSON.stringify(row)}\n${JSON.stringify({ ...row, storeId: 'JSON-2' })}\n`;
    const ndjson = await importStores(nd, t.db, cfg, { fileName: 'a.ndjson', format: 'ndjson' });
    expect(ndjson.changes).toMatchObject({ added: 1, unchanged: 1 });
    const broken = await importStores('{"storeId":\n', t.db, cfg, {
      fileName: 'b.ndjson',
      format: 'ndjson',
    });
    expect(broken.problems[0]).toMatchObject({ line: 1, field: '(line)', code: 'SYNTAX' });
    const noGeo = await importStores(
      JSON.stringify([{ ...row, storeId: 'JSON-3', latitude: '', longitude: '' }]),
      t.db,
      cfg,
      { fileName: 'c.json', format: 'json' },
    );
    expect(noGeo.problems[0]).toMatchObject({
      field: 'latitude',
      code: 'NOT_PLACED',
      reason: 'no coordinates and no geocoder',
    });
    const dup = await importStores(JSON.stringify([row, row]), t.db, cfg, {
      fileName: 'd.json',
      format: 'json',
    });
    expect(dup.problems[0]).toMatchObject({
      line: 2,
      field: 'storeId',
      code: 'DUPLICATE_STORE',
      reason: 'duplicate of line 1',
    });
  });
});

describe('import row: storeWeb', () => {
  const web = (storeWeb: string) => importRowSchema.shape.storeWeb.safeParse(storeWeb);
  it('takes http(s) addresses, with or without the scheme', () => {
    for (const ok of [
      '',
      'https://example.com/a',
      'http://shop.example.co.uk',
      'www.example.com:8080/x',
    ])
      expect(web(ok).success, ok).toBe(true);
  });
  it('refuses script and data addresses', () => {
    for (const bad of [
      'javascript:alert(document.domain)',
      'JavaScript:void(0).x',
      'data:text/html,<script>alert(1)</script>.x',
      'vbscript:msgbox(1).x',
    ]) {
      const result = web(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((i) => i.message).join(), bad).toMatch(
        /must be an http or https address|must be a web address/,
      );
    }
  });
});
