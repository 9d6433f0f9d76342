/**
 * `npm run import -- <file> [--format csv|json|ndjson] [--dry-run] [--no-geocode]`
 * Imports stores into the configured database (DATABASE_URL, else the SQLite file under
 * DATA_DIR). Exit code 0 when applied (or unchanged), 1 when any row is bad (nothing applied).
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.js';
import { loadSettings } from '../settings.js';
import { loadConfigFiles } from '../config/load.js';
import { ConfigService } from '../config/service.js';
import { openDatabase } from '../db/open.js';
import { formatOf } from './parse.js';
import { importStores, type Geocoder } from './run.js';

async function embeddedGeocoder(): Promise<Geocoder | undefined> {
  try {
    const { loadEmbeddedProvider } = await import('@locator/geo');
    const maps = await loadEmbeddedProvider({ log: (m) => console.error(`[geo] ${m}`) });
    return async (address, country) => {
      const [place] = await maps.geocode(address, { countries: [country], lang: 'en', limit: 1 });
      return place ? { latitude: place.latitude, longitude: place.longitude } : undefined;
    };
  } catch (err) {
    console.error(
      `[geo] maps engine unavailable (${(err as Error).message}); rows need coordinates`,
    );
    return undefined;
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'no-geocode': { type: 'boolean', default: false },
    },
  });
  // npm runs workspace scripts in the workspace folder; paths are relative to where it was typed.
  const file = positionals[0] && resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  if (!file) {
    console.error(
      'usage: npm run import -- <file.csv|.json|.ndjson> [--format f] [--dry-run] [--no-geocode]',
    );
    return 2;
  }
  const env = loadEnv();
  const settings = loadSettings();
  const config = new ConfigService(loadConfigFiles(settings.CONFIG_DIR));
  const content = readFileSync(file);
  const db = await openDatabase(env);
  const started = Date.now();
  try {
    const needsGeocoder = !values['no-geocode'];
    const report = await importStores(content, db, config, {
      fileName: basename(file),
      format: formatOf(file, values.format),
      dryRun: values['dry-run'],
      ...(needsGeocoder ? { geocoder: await lazyGeocoder() } : {}),
    });
    for (const p of report.problems) console.error(`${file}:${p.line}: ${p.field}: ${p.reason}`);
    if (report.problems.length > 0) {
      console.error(
        `${report.problems.length} problem(s) in ${report.rows} rows; nothing imported.`,
      );
      return 1;
    }
    const a = report.applied;
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    if (!a) console.log(`${report.rows} rows valid (dry run, nothing written) in ${took}.`);
    else if (a.alreadyApplied) console.log(`${file} was already imported; nothing changed.`);
    else {
      console.log(
        `${report.rows} rows: ${a.inserted} inserted, ${a.updated} updated, ${a.unchanged} unchanged` +
          `${a.removed ? `, ${a.removed} demo stores removed` : ''}; ${report.geocoded} geocoded; ${took}.`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

/** Loads the maps engine only when a row needs it. */
async function lazyGeocoder(): Promise<Geocoder> {
  let geocoder: Promise<Geocoder | undefined> | undefined;
  return async (address, country) => {
    geocoder ??= embeddedGeocoder();
    const g = await geocoder;
    return g ? g(address, country) : undefined;
  };
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
