/**
 * The analytics report as an operator runs it (`npm run analytics:report -- … --csv -`, see
 * docs and apps/server/src/modules/analytics/report-cli.ts) against the database of the server the run
 * started (playwright.config.ts, E2E_DATA_DIR: its SQLite file), read back as CSV rows.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/** One row of the report's CSV, by the header's column names (section, country, …, count). */
export type ReportRow = Record<string, string>;

/** The cells of an RFC 4180 line (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  const cell = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = cell.exec(line); m; m = cell.exec(line)) {
    const text = m[1]!;
    out.push(text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text);
    if (m[2] === '') break;
  }
  return out;
}

/** Runs the report with `args` (CSV to standard output) and returns its rows. */
export function analyticsReportCsv(
  args: string[],
  dataDir = process.env.E2E_DATA_DIR,
): ReportRow[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  // The server's environment (playwright.config.ts): a DATABASE_URL it inherits is read here too.
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const run = spawnSync(
    'npm',
    ['run', '--silent', 'analytics:report', '--', ...args, '--csv', '-'],
    {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (run.status !== 0) {
    throw new Error(`analytics:report failed (${run.status}): ${run.stderr}${run.stdout}`);
  }
  // npm may say what it runs before the CSV: the table starts at its header.
  const all = run.stdout.split(/\r?\n/);
  const [head, ...lines] = all.slice(all.findIndex((l) => l.startsWith('section,')));
  if (head === undefined || !head.startsWith('section,')) {
    throw new Error(`analytics:report printed no CSV: ${run.stdout}`);
  }
  const names = cells(head);
  return lines
    .filter((l) => l !== '')
    .map((l) => {
      const values = cells(l);
      return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']));
    });
}
