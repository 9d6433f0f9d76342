/**
 * `npm run bench:import`: writes 200,000 stores as CSV (the documented import columns) and
 * times the import command's code path (point-in-country check included) on both databases:
 * an upsert into an empty database, the same file again (nothing changes), a sync of a file
 * with 1 % of the stores changed and 1 % gone, and a dry run of that sync.
 * Figures go to bench/results/import.json (only from a run of the documented 200,000 rows;
 * BENCH_IMPORT_ROWS=2000 checks the benchmark quickly). PostgreSQL: the database
 * locator_bench_import (recreated) next to BENCH_PG_ADMIN_URL.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import pg from 'pg';
import { loadEmbeddedProvider } from '@locator/geo';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import type { Database } from '../../apps/server/src/db/types.js';
import { importStores, type ImportOptions } from '../../apps/server/src/modules/imports/run.js';
import { toImportCsv } from '../../apps/server/src/modules/imports/export.js';
import { countryCheck } from '../../apps/server/src/modules/imports/placement.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const dir = join(process.cwd(), 'data', 'bench');
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = 'locator_bench_import';

async function freshPostgres(): Promise<Database> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_DB}`);
  } finally {
    await admin.end();
  }
  return openPostgres(PG_ADMIN.replace(/\/[^/]*$/, `/${PG_DB}`), { max: 4 });
}

function freshSqlite(): Database {
  const file = join(dir, `import-${ROWS}.sqlite`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return openSqlite(file);
}

async function main(): Promise<void> {
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand: 'Lumen',
    count: ROWS,
  });
  const options = {
    storeId: (id: string) => id.replace('DEMO', 'IMP'),
    title: (title: string) => title.replace(' (Demo)', ''),
  };
  const csv = toImportCsv(records, config.catalogue, options);
  // 1 % gone, about 1 % renamed.
  const next = records.filter((_, i) => i % 100 !== 0);
  const csv2 = toImportCsv(next, config.catalogue, options).replace(
    /^(IMP-[^,]*01,)([^,\n]*)/gm,
    '$1$2 (moved)',
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `import-${ROWS}.csv`), csv);
  const maps = await loadEmbeddedProvider({ build: false });
  const base: ImportOptions = {
    fileName: 'import.csv',
    format: 'csv',
    countryCheck: countryCheck(maps),
  };
  const results: Record<string, unknown> = {};
  const loadBefore = loadavg()[0];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const db = dialect === 'sqlite' ? freshSqlite() : await freshPostgres();
    const step = async (text: string, extra: Partial<ImportOptions>) => {
      const t = Date.now();
      const r = await importStores(text, db, config, { ...base, ...extra });
      return {
        seconds: Math.round((Date.now() - t) / 100) / 10,
        outcome: r.outcome,
        problems: r.problems.length,
        ...(r.problems.length ? { firstProblems: r.problems.slice(0, 3) } : {}),
        changes: r.changes
          ? {
              added: r.changes.added,
              changed: r.changes.changed,
              removed: r.changes.removed,
              unchanged: r.changes.unchanged,
            }
          : null,
      };
    };
    try {
      results[dialect] = {
        upsertIntoEmpty: await step(csv, { mode: 'upsert' }),
        upsertUnchanged: await step(csv, { mode: 'upsert' }),
        syncDryRun: await step(csv2, { mode: 'sync', dryRun: true }),
        sync: await step(csv2, { mode: 'sync' }),
      };
    } finally {
      await db.close();
    }
    console.log(dialect, JSON.stringify(results[dialect], null, 2));
  }
  const report = {
    benchmark: 'import CSV (upsert, sync, dry run) into SQLite and PostgreSQL',
    date: new Date().toISOString(),
    rows: ROWS,
    ...results,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    aimSeconds: 30,
  };
  // A smaller run (BENCH_IMPORT_ROWS) checks the benchmark; only the documented size is kept.
  if (ROWS !== 200_000) {
    console.log(`bench/results/import.json left as it is: ${ROWS} rows, not 200,000`);
    return;
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/import.json', `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
