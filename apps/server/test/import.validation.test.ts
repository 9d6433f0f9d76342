/**
 * The import's validation on both databases: every problem of every row with its code, strict
 * coordinates inside the country (offline boundaries, coast tolerance), forbidden characters,
 * unknown and repeated columns, encodings and byte-order marks, every CSV structural error,
 * formula-looking cells, geocoding of address-only rows, and the report.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config } from './helpers/fixtures.js';
import { csv, gbRow, importCsv, londonIds, mapsEngine } from './helpers/import-files.js';
import {
  countryCheck,
  embeddedGeocoder,
  type CountryCheck,
} from '../src/modules/imports/placement.js';
import type { Geocoder } from '../src/modules/imports/run.js';
import { reportJson, reportText } from '../src/modules/imports/report.js';
import { toImportCsv } from '../src/modules/imports/export.js';
import { csvCell } from '../src/csv-cell.js';

const cfg = config();

describe.each(DIALECTS)('import validation on %s', (dialect) => {
  let t: TestDb;
  let check: CountryCheck;
  let geocoder: Geocoder;
  const run = (text: string | Buffer, extra = {}) =>
    importCsv(text, t.db, cfg, { countryCheck: check, geocoder, ...extra });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const maps = await mapsEngine();
    check = countryCheck(maps);
    geocoder = embeddedGeocoder(maps);
  }, 60_000);
  beforeEach(async () => {
    await t.db.stores.replaceAll([]);
    await t.db.meta.set('dataset', 'import');
  });
  afterAll(async () => t?.cleanup());

  it('takes decimal coordinates only, never 0,0, and only inside the country', async () => {
    const report = await run(
      csv([
        gbRow('HEX', { latitude: '0x33', longitude: '-0x1' }),
        gbRow('EXP', { latitude: '5.15e1' }),
        gbRow('COMMA', { latitude: '51,5' }),
        gbRow('ZERO', { latitude: '0', longitude: '0' }),
        gbRow('PARIS', { latitude: '48.8566', longitude: '2.3522' }),
        gbRow('FAR-SEA', { latitude: '50.3', longitude: '-0.14' }),
        // About 5 km off Brighton: inside the coast tolerance.
        gbRow('OFFSHORE', { latitude: '50.77', longitude: '-0.14' }),
        gbRow('OK', { latitude: '+51.5142', longitude: '-.1420' }),
        gbRow('RANGE', { latitude: '123.4', longitude: '-190' }),
      ]),
    );
    const codes = report.problems.map((p) => [p.line, p.field, p.code, p.value]);
    expect(codes).toEqual([
      [2, 'latitude', 'INVALID_COORDINATE', '0x33'],
      [2, 'longitude', 'INVALID_COORDINATE', '-0x1'],
      [3, 'latitude', 'INVALID_COORDINATE', '5.15e1'],
      [4, 'latitude', 'INVALID_COORDINATE', '51,5'],
      [5, 'latitude', 'INVALID_COORDINATE', '0,0'],
      [6, 'latitude', 'OUTSIDE_COUNTRY', '48.8566,2.3522'],
      [7, 'latitude', 'OUTSIDE_COUNTRY', '50.3,-0.14'],
      [10, 'latitude', 'INVALID_COORDINATE', '123.4'],
      [10, 'longitude', 'INVALID_COORDINATE', '-190'],
    ]);
    // A number out of range says so, not that it is no number.
    expect(report.problems.filter((p) => p.line === 10).map((p) => p.reason)).toEqual([
      'must be between -90 and 90',
      'must be between -180 and 180',
    ]);
    expect(report.invalid).toBe(7);
    expect(report.outcome).toBe('INVALID_ROWS');
    expect(await t.db.stores.count()).toBe(0);
  });

  it('stores phones and websites normalised, refusing a number that cannot be one', async () => {
    const report = await run(
      csv(
        [
          gbRow('P-NAT', { phone: '0121 2347891', storeWeb: 'WWW.Example.com' }),
          gbRow('P-INT', {
            phone: '+44 (0)121 234 7891',
            storeWeb: 'https://example.com/a?q="<x>"',
          }),
          gbRow('P-DE', { phone: '+49 30 1234567', storeWeb: '' }),
        ],
        [...Object.keys(gbRow('x')), 'phone', 'storeWeb'],
      ),
    );
    expect(report.outcome, JSON.stringify(report.problems)).toBe('APPLIED');
    const stored = Object.fromEntries(
      (await t.db.pages.stores(['P-NAT', 'P-INT', 'P-DE'])).map((s) => {
        const doc = JSON.parse(s.doc) as { phone: string; storeWeb: string };
        return [s.storeId, [doc.phone, doc.storeWeb]];
      }),
    );
    expect(stored).toEqual({
      'P-NAT': ['0121 234 7891', 'https://www.example.com/'],
      'P-INT': ['0121 234 7891', 'https://example.com/a?q=%22%3Cx%3E%22'],
      // Another country's number stays international.
      'P-DE': ['+49 30 1234567', ''],
    });
    const bad = await run(
      csv(
        [
          gbRow('B-1', { phone: '123' }),
          gbRow('B-2', { phone: '0121 234 78915678' }),
          gbRow('B-3', { phone: 'call us' }),
          gbRow('B-4', { phone: '0121 234 789' }),
        ],
        [...Object.keys(gbRow('x')), 'phone'],
      ),
    );
    expect(bad.problems.map((p) => [p.line, p.field, p.code, p.value])).toEqual([
      [2, 'phone', 'INVALID_PHONE', '123'],
      [3, 'phone', 'INVALID_PHONE', '0121 234 78915678'],
      [4, 'phone', 'INVALID_PHONE', 'call us'],
      [5, 'phone', 'INVALID_PHONE', '0121 234 789'],
    ]);
    expect(bad.problems[0]!.reason).toBe(
      'is too short for a phone number (a number like 0121 234 5678 or +44 121 234 5678)',
    );
    expect(bad.problems[3]!.reason).toMatch(/^is not a valid phone number in GB \(a number like/);
  });

  it('refuses control and bidirectional-override characters, reporting each field', async () => {
    const report = await run(
      csv([
        gbRow('CTRL', { title: 'Shop\u0000One', phone: '020\u0007 7946', city: 'Lon\u202Edon' }),
        gbRow('FINE', { title: 'Café „Ünïcode“ شارع' }),
      ]),
    );
    expect(report.problems.map((p) => [p.line, p.field, p.code, p.reason])).toEqual([
      [2, 'title', 'FORBIDDEN_CHARACTER', 'contains the control or bidirectional character U+0000'],
      [2, 'city', 'FORBIDDEN_CHARACTER', 'contains the control or bidirectional character U+202E'],
      [2, 'phone', 'FORBIDDEN_CHARACTER', 'contains the control or bidirectional character U+0007'],
    ]);
    expect(report.invalid).toBe(1);
  });

  it('refuses unknown (with the nearest name) and repeated columns, in CSV and JSON', async () => {
    const header = 'storeId,title,country,street1,city,lattitude,longitude,title\n';
    const report = await run(`${header}A,Shop,GB,1 High St,London,51.5,-0.14,Again\n`);
    // The header's problems, then the row's (its latitude is lost with the misspelled column).
    expect(report.problems).toEqual([
      expect.objectContaining({
        line: 1,
        field: 'lattitude',
        code: 'UNKNOWN_COLUMN',
        reason: 'unknown column (did you mean "latitude"?)',
      }),
      expect.objectContaining({ line: 1, field: 'title', code: 'DUPLICATE_COLUMN' }),
      expect.objectContaining({ line: 2, field: 'latitude', code: 'INVALID_COORDINATE' }),
    ]);
    const json = await run(JSON.stringify([{ ...gbRow('J'), Phone: '1' }]), { format: 'json' });
    expect(json.problems[0]).toMatchObject({ line: 1, field: 'Phone', code: 'UNKNOWN_COLUMN' });
    expect(json.problems[0]?.reason).toContain('"phone"');
    expect(await t.db.stores.count()).toBe(0);
  });

  it('refuses a key named twice in a JSON or NDJSON store, with its row and column', async () => {
    // JSON.parse would keep the last "city" silently; the import reports both files' rows.
    const row = (id: string) => JSON.stringify(gbRow(id)).slice(0, -1);
    const json = await run(
      `[${row('J-1')}},\n${row('J-2')},"city":"Leeds","title":"Again"},\n${row('J-3')},"city":"York"}]`,
      { format: 'json', fileName: 'stores.json' },
    );
    expect(json.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [2, 'city', 'DUPLICATE_COLUMN'],
      [2, 'title', 'DUPLICATE_COLUMN'],
      [3, 'city', 'DUPLICATE_COLUMN'],
    ]);
    expect(json.problems[0]?.reason).toContain('named twice');
    expect(json.outcome).toBe('INVALID_ROWS');
    const ndjson = await run(
      `${row('N-1')}}\n\n${row('N-2')},"phone":"020 7946 0001","phone":"020 7946 0002"}\n`,
      {
        format: 'ndjson',
        fileName: 'stores.ndjson',
      },
    );
    expect(ndjson.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [3, 'phone', 'DUPLICATE_COLUMN'],
    ]);
    expect(ndjson.outcome).toBe('INVALID_ROWS');
    expect(await t.db.stores.count()).toBe(0);
    // The same rows without the repeated keys import.
    const fixed = await run(`${row('N-1')}}\n${row('N-2')}}\n`, { format: 'ndjson' });
    expect(fixed.outcome).toBe('APPLIED');
  });

  it('refuses Latin-1 bytes clearly, reads them when named; BOMs and UTF-16 are read', async () => {
    const latin1 = Buffer.from(csv([gbRow('L1', { title: 'Café' })]), 'latin1');
    const refused = await run(latin1);
    expect(refused.problems).toEqual([
      expect.objectContaining({ line: 2, field: '(file)', code: 'ENCODING', value: '0xe9' }),
    ]);
    expect(refused.problems[0]?.reason).toContain('--encoding windows-1252');
    const named = await run(latin1, { encoding: 'windows-1252' });
    expect(named.outcome).toBe('APPLIED');
    const row = gbRow('BOM', { title: 'Café' });
    const bom = '\uFEFF';
    for (const [text, format] of [
      [`${bom}${csv([row])}`, 'csv'],
      [`${bom}${JSON.stringify([row])}`, 'json'],
      [`${bom}${JSON.stringify(row)}\n`, 'ndjson'],
    ] as const) {
      const r = await run(Buffer.from(text, 'utf8'), { format });
      expect(r.problems, format).toEqual([]);
      expect(r.outcome, format).toBe('APPLIED');
    }
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv([row]), 'utf16le')]);
    const r16 = await run(utf16);
    expect(r16.encoding).toBe('utf-16le');
    expect(r16.changes).toMatchObject({ unchanged: 1 });
    const hits = await t.db.search.nearest({
      latitude: 51.5142,
      longitude: -0.142,
      radiusKm: 1,
      limit: 5,
      countries: ['GB'],
      channel: 'sales',
      dropOff: 'any',
    });
    expect(hits.map((h) => JSON.parse(h.doc).title).sort()).toEqual(['Café', 'Café']);
  });

  it('reports every CSV structural error, not only the first', async () => {
    const text = [
      'storeId,title,country,street1,city,latitude,longitude',
      'A,Shop A,GB,1 High St,London,51.5142,-0.1420',
      'B,Shop B,GB,1 High St,London,51.5142,-0.1420,extra',
      'C,"Shop "C",GB,1 High St,London,51.5142,-0.1420',
      'D,Shop D,GB,1 High St,London,51.5142',
      'E,Shop E,GB,1 High St,London,51.5142,-0.1420',
      '',
    ].join('\n');
    const report = await run(text);
    const syntax = report.problems.filter((p) => p.code === 'SYNTAX');
    expect(syntax.map((p) => p.line)).toEqual([3, 4, 5]);
    expect(report.rows).toBe(2);
    expect(report.outcome).toBe('INVALID_ROWS');
    expect(await t.db.stores.count()).toBe(0);
  });

  it('keeps formula-looking cells as text; the export neutralises them and reads back', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")';
    const first = await run(csv([gbRow('F1', { title: formula, street1: '@SUM(1)' })]));
    expect(first.outcome).toBe('APPLIED');
    const hits = await t.db.search.nearest({
      latitude: 51.5142,
      longitude: -0.142,
      radiusKm: 1,
      limit: 5,
      countries: ['GB'],
      channel: 'sales',
      dropOff: 'any',
    });
    const doc = JSON.parse(hits[0]!.doc) as { title: string; street1: string };
    expect(doc).toMatchObject({ title: formula, street1: '@SUM(1)' });
    const records = [
      {
        ...JSON.parse(JSON.stringify({ storeId: 'F1', country: 'GB' })),
        latitude: 51.5142,
        longitude: -0.142,
        doc: hits[0]!.doc,
      },
    ];
    const exported = toImportCsv(records, cfg.catalogue);
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(exported).toContain(`'@SUM(1)`);
    expect(exported).toContain(',-0.142,');
    const again = await run(exported);
    expect(again.changes).toMatchObject({ unchanged: 1, changed: 0 });
  });

  it('geocodes address-only rows by town, records the match, lists the unplaceable', async () => {
    const noCoords = { latitude: '', longitude: '' };
    const report = await run(
      csv([
        gbRow('DE-TOWN', {
          ...noCoords,
          country: 'DE',
          city: 'Berlin',
          street1: 'Unter den Linden 1',
        }),
        gbRow('NOWHERE', { ...noCoords, city: 'Nowhereville Qxz' }),
        gbRow('LOOKALIKE', { ...noCoords, city: 'Camden' }),
      ]),
    );
    expect(report.geocodedRows).toEqual([
      expect.objectContaining({ line: 2, storeId: 'DE-TOWN', quality: 'town' }),
    ]);
    const placed = report.geocodedRows[0]!;
    expect(placed.latitude).toBeCloseTo(52.52, 1);
    expect(placed.longitude).toBeCloseTo(13.4, 1);
    expect(report.problems.map((p) => [p.line, p.code])).toEqual([
      [3, 'NOT_PLACED'],
      [4, 'NOT_PLACED'],
    ]);
    const json = reportJson(report) as { unplaced: unknown[]; geocoded: unknown[] };
    expect(json.unplaced).toEqual([
      { row: 3, address: '1 High Street, Nowhereville Qxz' },
      { row: 4, address: '1 High Street, Camden' },
    ]);
    expect(json.geocoded).toHaveLength(1);
    // The placeable rows alone are imported, with the geocoded status.
    const ok = await run(csv([gbRow('DE-TOWN', { ...noCoords, country: 'DE', city: 'Berlin' })]));
    expect(ok.outcome).toBe('APPLIED');
    expect(ok.geocoded).toBe(1);
    expect(await londonIds(t.db)).toEqual([]);
  });

  it('writes the report as text and as JSON with row, column, value, code and reason', async () => {
    const report = await run(csv([gbRow('R1', { latitude: '0x33' })]), { dryRun: true });
    expect(report.outcome).toBe('INVALID_ROWS');
    const text = reportText(report, 'feed.csv');
    expect(text[0]).toBe(
      'feed.csv:2: latitude: must be a decimal number like 51.5142 (value "0x33") [INVALID_COORDINATE]',
    );
    expect(text.at(-1)).toContain('[INVALID_ROWS]');
    expect(reportJson(report)).toMatchObject({
      version: 1,
      outcome: 'INVALID_ROWS',
      exitCode: 1,
      dryRun: true,
      rows: 1,
      invalid: 1,
      changes: { added: 0, removed: 0, written: false },
      problems: [
        {
          row: 2,
          column: 'latitude',
          value: '0x33',
          code: 'INVALID_COORDINATE',
          reason: 'must be a decimal number like 51.5142',
        },
      ],
    });
  });
});

describe('CSV cells the server writes', () => {
  it('neutralise formula-looking text and keep numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@A1')).toBe("'@A1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-0.142')).toBe('-0.142');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });
});
