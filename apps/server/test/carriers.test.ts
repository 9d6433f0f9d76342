/**
 * Carrier lists (README "Carriers"): the generator's rules on real reference data, the
 * configured files, their validation, and agreement between the demo generator and the import.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierNamesFor, brandNames } from '../src/tools/carriers.js';
import { loadConfigFiles } from '../src/config/load.js';
import { CONFIG_DIR } from '../src/config/paths.js';
import { generateDemoStores } from '../src/demo/generate.js';
import { toImportCsv } from '../src/modules/imports/export.js';
import { importStores } from '../src/modules/imports/run.js';
import { config } from './helpers/fixtures.js';
import { openTestDb, type TestDb } from './helpers/databases.js';

describe('carrier rules', () => {
  it('lists the consumer mobile brands of big countries', () => {
    expect(new Set(carrierNamesFor('GB', 'United Kingdom'))).toEqual(
      new Set(['EE', 'O2', 'Three', 'Vodafone']),
    );
    expect(new Set(carrierNamesFor('DE', 'Germany'))).toEqual(
      new Set(['Telekom', 'Vodafone', 'O2']),
    );
    expect(new Set(carrierNamesFor('US', 'United States'))).toEqual(
      new Set(['AT&T', 'T-Mobile', 'Verizon']),
    );
    expect(new Set(carrierNamesFor('FR', 'France'))).toEqual(
      new Set(['Orange', 'SFR', 'Bouygues', 'Free']),
    );
    // Codes shared by several territories ("AU/CC/CX") count for each.
    expect(carrierNamesFor('AU', 'Australia')).toEqual(
      expect.arrayContaining(['Telstra', 'Optus', 'Vodafone']),
    );
  });

  it('leaves out rail, public-safety, M2M, test and private networks', () => {
    const all = ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'CH', 'AT'].flatMap((cc) =>
      carrierNamesFor(cc),
    );
    for (const bad of ['Railtrack', 'Airwave', 'CCC Event', 'BAAINBw', 'Hanhaa Mobile', 'RFI']) {
      expect(all).not.toContain(bad);
    }
  });

  it('splits entries naming several brands and drops country suffixes', () => {
    expect(brandNames('3Mob; Lycamobile', 'UA')).toEqual(['3Mob', 'Lycamobile']);
    expect(brandNames('Telia / DNA', 'FI')).toEqual(['Telia', 'DNA']);
    expect(brandNames('O2 (UK)', 'GB')).toEqual(['O2']);
    expect(brandNames('Vodafone UK', 'GB')).toEqual(['Vodafone']);
    expect(brandNames('3', 'GB')).toEqual(['Three']);
  });
});

describe('configured carriers', () => {
  const files = loadConfigFiles(CONFIG_DIR);

  it('are single brands, unique per country', () => {
    for (const c of files.countries) {
      const names = c.carriers.map((x) => x.name);
      for (const n of names) expect(n, `${c.countryCode}: ${n}`).not.toMatch(/[;|]/);
      expect(new Set(names.map((n) => n.toLowerCase())).size, c.countryCode).toBe(names.length);
    }
  });

  it('reject a carrier name holding a list separator, and duplicates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-config-'));
    cpSync(CONFIG_DIR, dir, { recursive: true });
    const edit = (iso: string, change: (carriers: { name: string }[]) => void) => {
      const file = join(dir, 'countries', `${iso}.json`);
      const data = JSON.parse(readFileSync(file, 'utf8')) as { carriers: { name: string }[] };
      change(data.carriers);
      writeFileSync(file, JSON.stringify(data));
    };
    edit('ua', (carriers) => {
      carriers[0]!.name = '3Mob; Lycamobile';
    });
    edit('de', (carriers) => {
      carriers.push({ ...carriers[0]!, name: carriers[0]!.name.toUpperCase() });
    });
    let message = '';
    try {
      loadConfigFiles(dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/ua\.json: carriers\.0\.name: must not contain ";"/);
    expect(message).toMatch(/de\.json: carriers: duplicate carrier/);
  });
});

describe('demo data and import agree', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
  });
  afterAll(async () => t?.cleanup());

  it('imports every generated store of every country without a problem', async () => {
    const cfg = config();
    const records = generateDemoStores({
      countries: cfg.countries(),
      catalogue: cfg.catalogue,
      brand: 'Lumen',
      count: 4000,
    });
    const csv = toImportCsv(records, cfg.catalogue);
    const report = await importStores(csv, t.db, cfg, {
      fileName: 'demo.csv',
      format: 'csv',
      dryRun: true,
    });
    expect(report.problems).toEqual([]);
    expect(report.rows).toBe(4000);
    // Generating the demo data computes every country's public holidays (opening hours), and
    // the import checks every store's hours: more than the default 30 s on a loaded machine.
  }, 90_000);
});
