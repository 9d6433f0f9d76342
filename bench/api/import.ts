/**
 * `npm run bench:import`: writes 200,000 stores as CSV (the documented import columns) and
 * times the import command's code path into a fresh SQLite file; then a rerun (no change).
 * Figures go to bench/results/import.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { openSqlite } from '../../apps/server/src/db/sqlite/index.js';
import { importStores } from '../../apps/server/src/import/run.js';
import { IMPORT_COLUMNS } from '../../apps/server/src/import/row.js';
import type { StoreDoc } from '../../apps/server/src/stores/doc.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const dir = join(process.cwd(), 'data', 'bench');

function csvCell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

async function main(): Promise<void> {
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const c = config.catalogue;
  const code = (list: { _id: string; code: string }[]) => (ids: string[]) =>
    ids.map((id) => list.find((x) => x._id === id)?.code ?? id).join(';');
  const products = code(c.products);
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: c,
    brand: 'Lumen',
    count: ROWS,
  });
  const lines = [IMPORT_COLUMNS.join(',')];
  for (const r of records) {
    const d = JSON.parse(r.doc) as StoreDoc;
    const row: Record<string, string> = {
      storeId: d.storeId.replace('DEMO', 'IMP'),
      title: d.title.replace(' (Demo)', ''),
      country: r.country,
      street1: d.street1,
      street2: d.street2,
      city: d.city,
      state: d.state,
      postalCode: d.postalCode,
      phone: d.phone,
      latitude: String(d.latitude),
      longitude: String(d.longitude),
      storeWeb: d.storeWeb,
      storeTypes: d.storeTypes.join(';'),
      badges: d.storeBadges.map((id) => c.badges.find((b) => b.id === id)?.code ?? id).join(';'),
      salesProducts: products(d.salesProducts),
      serviceProducts: products(d.serviceProducts),
      serviceTypes: code(c.repairTypes)(d.serviceTypes),
      valueAddedServices: code(c.vas)(d.valueAddedServices),
      specialties: code(c.solutionsSpeciality)(d.solutionsSpecialties),
      carriers: d.carriers.join(';'),
      apptSchedulerIndVal: d.apptSchedulerIndVal,
      geoCodeStatus: d.geoCodeStatus,
    };
    lines.push(IMPORT_COLUMNS.map((k) => csvCell(row[k] ?? '')).join(','));
  }
  mkdirSync(dir, { recursive: true });
  const csv = `${lines.join('\n')}\n`;
  writeFileSync(join(dir, `import-${ROWS}.csv`), csv);
  const file = join(dir, `import-${ROWS}.sqlite`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const db = openSqlite(file);
  let t = Date.now();
  const first = await importStores(csv, db, config, { fileName: 'import.csv', format: 'csv' });
  const firstS = (Date.now() - t) / 1000;
  t = Date.now();
  const rerun = await importStores(csv, db, config, { fileName: 'import.csv', format: 'csv' });
  const rerunS = (Date.now() - t) / 1000;
  await db.close();
  const report = {
    benchmark: 'import CSV into SQLite',
    date: new Date().toISOString(),
    rows: ROWS,
    problems: first.problems.length,
    firstProblems: first.problems.slice(0, 5),
    seconds: Math.round(firstS * 10) / 10,
    rowsPerSecond: Math.round(ROWS / firstS),
    applied: first.applied,
    rerunSeconds: Math.round(rerunS * 10) / 10,
    rerun: rerun.applied,
    aimSeconds: 30,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/import.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
