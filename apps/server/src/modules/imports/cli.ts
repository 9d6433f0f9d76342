/**
 * `npm run import -- <file> [--mode upsert|sync] [--dry-run] [--allow-removal]
 *   [--max-removal 0.1] [--report report.json] [--format csv|json|ndjson]
 *   [--encoding windows-1252] [--no-geocode]`
 * Imports stores into the configured database (DATABASE_URL, else the SQLite file under
 * DATA_DIR). Exit status by outcome (codes.ts): 0 applied or dry run, 1 invalid rows,
 * 2 usage, 3 empty file, 4 removal refused; nothing is written unless 0 and not a dry run.
 * With WEBHOOK_URLS set, the change's webhook deliveries are written to the outbox with it; the
 * command sends them itself, waiting up to WEBHOOK_EXIT_WAIT_MS (modules/webhooks/dispatcher.ts); what
 * is still waiting is said, and a server with the same webhooks sends it later. The exit status
 * stays the import's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EmbeddedProvider } from '@locator/geo';
import { loadConfiguration } from '../../settings.js';
import { loadConfigFiles } from '../../config/load.js';
import { ConfigService } from '../../config/service.js';
import { openDatabase } from '../../db/open.js';
import { exitCodeOf } from './codes.js';
import { NAMED_ENCODINGS, type NamedEncoding } from './decode.js';
import { formatOf } from './parse.js';
import { countryCheck, embeddedGeocoder } from './placement.js';
import { reportJson, reportText } from './report.js';
import { importStores } from './run.js';
import { WebhookDispatcher, webhookOptions } from '../webhooks/dispatcher.js';

const USAGE =
  'usage: npm run import -- <file.csv|.json|.ndjson> [--mode upsert|sync] [--dry-run] ' +
  '[--allow-removal] [--max-removal share] [--report out.json] [--format f] ' +
  '[--encoding windows-1252] [--no-geocode]';

async function loadMaps(): Promise<EmbeddedProvider> {
  const { loadEmbeddedProvider } = await import('@locator/geo');
  return loadEmbeddedProvider({ log: (m) => console.error(`[geo] ${m}`) });
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      mode: { type: 'string', default: 'upsert' },
      'dry-run': { type: 'boolean', default: false },
      'allow-removal': { type: 'boolean', default: false },
      'max-removal': { type: 'string' },
      report: { type: 'string' },
      encoding: { type: 'string' },
      'no-geocode': { type: 'boolean', default: false },
    },
  });
  // npm runs workspace scripts in the workspace folder; paths are relative to where it was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = positionals[0] && resolve(cwd, positionals[0]);
  const mode = values.mode;
  const share = values['max-removal'] === undefined ? undefined : Number(values['max-removal']);
  const encoding = values.encoding?.toLowerCase();
  if (
    !file ||
    (mode !== 'upsert' && mode !== 'sync') ||
    (share !== undefined && !(share >= 0 && share <= 1)) ||
    (encoding !== undefined && !NAMED_ENCODINGS.includes(encoding as NamedEncoding))
  ) {
    console.error(USAGE);
    console.error(
      '--max-removal is a share from 0 to 1; --encoding one of ' + NAMED_ENCODINGS.join(', '),
    );
    return 2;
  }
  const { env, settings, webhooks } = loadConfiguration();
  const config = new ConfigService(loadConfigFiles(settings.CONFIG_DIR));
  const content = readFileSync(file);
  // The maps engine checks coordinates against the countries' boundaries and places addresses.
  const maps = await loadMaps();
  const db = await openDatabase(env);
  const hooks = webhookOptions(webhooks, (m) => console.error(m));
  const sender = hooks && new WebhookDispatcher(hooks, db.webhookOutbox).follow(db.changes);
  const started = Date.now();
  try {
    const report = await importStores(content, db, config, {
      fileName: basename(file),
      format: formatOf(file, values.format),
      mode,
      dryRun: values['dry-run'],
      allowRemoval: values['allow-removal'],
      ...(share !== undefined ? { maxRemovalShare: share } : {}),
      ...(encoding ? { encoding: encoding as NamedEncoding } : {}),
      countryCheck: countryCheck(maps),
      ...(values['no-geocode'] ? {} : { geocoder: embeddedGeocoder(maps) }),
    });
    const lines = reportText(report, file);
    const ok = report.outcome === 'APPLIED' || report.outcome === 'DRY_RUN';
    for (const line of lines.slice(0, -1)) console.error(line);
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    (ok ? console.log : console.error)(`${lines[lines.length - 1]} (${took})`);
    if (values.report) {
      const out = resolve(cwd, values.report);
      writeFileSync(out, `${JSON.stringify(reportJson(report), null, 2)}\n`);
      console.error(`Report written to ${out}`);
    }
    if (sender) {
      await sender.settle(webhooks.WEBHOOK_EXIT_WAIT_MS);
      for (const line of await sender.close()) console.error(line);
    }
    return exitCodeOf(report.outcome);
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
