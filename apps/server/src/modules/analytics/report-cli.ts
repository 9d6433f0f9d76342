/**
 * npm run analytics:report -w @locator/server -- --from 2026-11-01 --to 2026-11-30
 *   [--csv out.csv | --csv -] [--top 10] [--no-place-names]
 *
 * Reads the configured database (DATABASE_URL or the SQLite file in DATA_DIR). Dates are UTC
 * days, both inclusive; the default period is the last 30 days up to today. Places are named by
 * the embedded gazetteer (@locator/geo) from the rounded positions.
 */
import { writeFileSync } from 'node:fs';
import { ConfigError } from '../../env.js';
import { loadConfiguration } from '../../settings.js';
import { openDatabase } from '../../db/open.js';
import { loadConfigFiles } from '../../config/load.js';
import { buildReport, type ReportOptions } from './report.js';
import { formatReport, reportCsv } from './report-format.js';
import { parseReportArgs, type CliArgs } from './report-args.js';
import { placeNamer } from './place-names.js';

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseReportArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const { env, settings } = loadConfiguration();
  const products = new Map(
    loadConfigFiles(settings.CONFIG_DIR).catalogue.products.map((p) => [p._id, p.displayName]),
  );
  const db = await openDatabase(env);
  try {
    const options: ReportOptions = {
      from: args.from,
      to: args.to,
      top: args.top,
      productName: (id) => products.get(id),
    };
    if (args.placeNames)
      options.placeName = placeNamer(undefined, (msg) => console.error(`(${msg})`));
    const report = await buildReport(db.events, options);
    if (args.csv === '-') {
      process.stdout.write(reportCsv(report));
    } else {
      process.stdout.write(formatReport(report));
      if (args.csv !== undefined) {
        writeFileSync(args.csv, reportCsv(report));
        console.log(`CSV written to ${args.csv}`);
      }
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
