/** Arguments of the report command (report-cli.ts). */
import { parseArgs } from 'node:util';
import { parseDay } from './report.js';

const DAY_MS = 86_400_000;
export const USAGE =
  'usage: analytics:report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--csv file|-] [--top N] [--no-place-names]';

export interface CliArgs {
  from: Date;
  /** Exclusive. */
  to: Date;
  csv?: string;
  top: number;
  placeNames: boolean;
}

/** Parses the arguments; throws an Error with every problem and the usage. */
export function parseReportArgs(argv: string[], today = new Date()): CliArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      csv: { type: 'string' },
      top: { type: 'string' },
      'no-place-names': { type: 'boolean' },
    },
    strict: true,
  });
  const problems: string[] = [];
  const day = (name: 'from' | 'to', fallback: Date): Date => {
    const text = values[name];
    if (text === undefined) return fallback;
    const d = parseDay(text);
    if (!d) problems.push(`--${name}: "${text}" is not a date YYYY-MM-DD`);
    return d ?? fallback;
  };
  const todayStart = new Date(today.toISOString().slice(0, 10) + 'T00:00:00Z');
  const last = day('to', todayStart);
  const from = day('from', new Date(last.getTime() - 29 * DAY_MS));
  if (from > last) problems.push('--from is after --to');
  const top = values.top === undefined ? 10 : Number(values.top);
  if (!Number.isInteger(top) || top < 1 || top > 1000) problems.push('--top: 1 to 1000');
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n${USAGE}`);
  const out: CliArgs = {
    from,
    to: new Date(last.getTime() + DAY_MS),
    top,
    placeNames: !values['no-place-names'],
  };
  if (values.csv !== undefined) out.csv = values.csv;
  return out;
}
