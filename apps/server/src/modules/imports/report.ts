/**
 * The import report as text (for people) and as JSON (for scripts; README "Import report").
 */
import { exitCodeOf } from './codes.js';
import type { ImportReportJson } from '@locator/core/admin-answers';
import type { ImportReport } from './run.js';

/** Version of the JSON report's shape. */
export const REPORT_VERSION = 1;

/** The report's lines: every problem, the geocoded rows, then the summary. */
export function reportText(r: ImportReport, file = r.fileName): string[] {
  const lines: string[] = [];
  for (const p of r.problems) {
    const value = p.value === undefined ? '' : ` (value ${JSON.stringify(p.value)})`;
    lines.push(`${file}:${p.line}: ${p.field}: ${p.reason}${value} [${p.code}]`);
  }
  for (const g of r.geocodedRows) {
    lines.push(
      `${file}:${g.line}: placed ${g.storeId} by ${g.quality} (${g.matched || g.address}) at ` +
        `${g.latitude},${g.longitude}`,
    );
  }
  lines.push(summary(r));
  return lines;
}

function summary(r: ImportReport): string {
  const c = r.changes;
  const counts = c
    ? `${c.added} added, ${c.changed} changed, ${c.removed} removed, ${c.unchanged} unchanged, `
    : '';
  const what = `${r.rows} rows (${r.mode}${r.dryRun ? ', dry run' : ''}): ${counts}${r.invalid} invalid; ${r.geocoded} geocoded.`;
  switch (r.outcome) {
    case 'APPLIED':
      return what;
    case 'DRY_RUN':
      return `${what} Dry run: nothing written.`;
    case 'EMPTY_FILE':
      return `The file has no rows (empty, or a header only): nothing written. [EMPTY_FILE]`;
    case 'REMOVAL_REFUSED': {
      const share = `${Math.round(r.maxRemovalShare * 1000) / 10} %`;
      return (
        `${what} Refused: the sync would remove ${c?.removedCounted} of ${c?.existingCounted} ` +
        `stores, more than ${share}; nothing written. Check the file, then use ` +
        `--allow-removal or --max-removal. [REMOVAL_REFUSED]`
      );
    }
    default:
      return `${what} ${r.problems.length} problem(s); nothing written. [INVALID_ROWS]`;
  }
}

/** The machine-readable report. */
/** The report as the import command's --report file and the admin API's bulk answer give it. */
export function reportJson(r: ImportReport): ImportReportJson {
  return {
    version: REPORT_VERSION,
    file: r.fileName,
    format: r.format,
    encoding: r.encoding,
    mode: r.mode,
    dryRun: r.dryRun,
    outcome: r.outcome,
    exitCode: exitCodeOf(r.outcome),
    rows: r.rows,
    invalid: r.invalid,
    changes: r.changes
      ? {
          added: r.changes.added,
          changed: r.changes.changed,
          removed: r.changes.removed,
          unchanged: r.changes.unchanged,
          written: r.changes.written,
          refused: r.changes.refused,
        }
      : null,
    maxRemovalShare: Number.isFinite(r.maxRemovalShare) ? r.maxRemovalShare : null,
    problems: r.problems.map((p) => ({
      row: p.line,
      column: p.field,
      value: p.value ?? null,
      code: p.code,
      reason: p.reason,
    })),
    geocoded: r.geocodedRows.map((g) => ({
      row: g.line,
      storeId: g.storeId,
      address: g.address,
      quality: g.quality,
      matched: g.matched,
      latitude: g.latitude,
      longitude: g.longitude,
    })),
    listed: r.listed ?? null,
    unplaced: r.problems
      .filter((p) => p.code === 'NOT_PLACED')
      .map((p) => ({ row: p.line, address: p.value ?? '' })),
  };
}
