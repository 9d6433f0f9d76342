/** The import on both databases: validation report, atomicity, idempotency, formats, geocoding. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, config, fixtureStores } from './helpers/fixtures.js';
import { importStores, type Geocoder } from '../src/import/run.js';
import { importRowSchema } from '../src/import/row.js';
import { CONFIG_DIR } from '../src/config/paths.js';

const cfg = config();
const sample = readFileSync(join(CONFIG_DIR, 'samples', 'stores-sample.csv'), 'utf8');
const berlin: Geocoder = async (_address, country) =>
  country === 'DE' ? { latitude: 52.52, longitude: 13.39 } : undefined;

describe.each(DIALECTS)('import on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
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
        expect.objectContaining({ line: 3, field: 'storeId' }),
        expect.objectContaining({ line: 4, field: 'latitude' }),
        expect.objectContaining({
          line: 5,
          field: 'salesProducts',
          reason: 'unknown code "toaster"',
        }),
      ]),
    );
    expect(report.applied).toBeUndefined();
    expect(await t.db.stores.count()).toBe(before);
  });

  it('imports the sample (geocoding the row without coordinates), and a rerun changes nothing', async () => {
    const report = await importStores(sample, t.db, cfg, {
      fileName: 'sample.csv',
      format: 'csv',
      geocoder: berlin,
    });
    expect(report.problems).toEqual([]);
    expect(report.geocoded).toBe(1);
    expect(report.applied).toMatchObject({ inserted: 4, alreadyApplied: false });
    // The demo data (source "demo") would be replaced; the fixtures are "import" and stay.
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
      fileName: 'sample.csv',
      format: 'csv',
      geocoder: berlin,
    });
    expect(again.applied).toMatchObject({ alreadyApplied: true });
    expect(await t.db.meta.get('dataset')).toBe('import');
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
    expect(json.applied).toMatchObject({ inserted: 1 });
    const nd = `${JSON.stringify(row)}\n${JSON.stringify({ ...row, storeId: 'JSON-2' })}\n`;
    const ndjson = await importStores(nd, t.db, cfg, { fileName: 'a.ndjson', format: 'ndjson' });
    expect(ndjson.applied).toMatchObject({ inserted: 1, unchanged: 1 });
    const broken = await importStores('{"storeId":\n', t.db, cfg, {
      fileName: 'b.ndjson',
      format: 'ndjson',
    });
    expect(broken.problems[0]).toMatchObject({ line: 1, field: '(line)' });
    const noGeo = await importStores(
      JSON.stringify([{ ...row, storeId: 'JSON-3', latitude: '', longitude: '' }]),
      t.db,
      cfg,
      { fileName: 'c.json', format: 'json' },
    );
    expect(noGeo.problems[0]).toMatchObject({
      field: 'latitude',
      reason: 'no coordinates and no geocoder',
    });
    const dup = await importStores(JSON.stringify([row, row]), t.db, cfg, {
      fileName: 'd.json',
      format: 'json',
    });
    expect(dup.problems[0]).toMatchObject({
      line: 2,
      field: 'storeId',
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
