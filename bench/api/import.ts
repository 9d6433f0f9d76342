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
import { toImportCsv } from '../../apps/server/src/import/export.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const dir = join(process.cwd(), 'data', 'bench');

async function main(): Promise<void> {
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand: 'Lumen',
    count: ROWS,
  });
  const csv = toImportCsv(records, config.catalogue, {
    storeId: (id) => id.replace('DEMO', 'IMP'),
    title: (title) => title.replace(' (Demo)', ''),
  });
  mkdirSync(dir, { recursive: true });
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
