/** Reads an import file (CSV, JSON array or NDJSON) into raw rows with their line numbers. */
import { parse as parseCsv } from 'csv-parse/sync';
import { extname } from 'node:path';

export type ImportFormat = 'csv' | 'json' | 'ndjson';

export interface RawRow {
  /** 1-based line of the row in the file (for JSON arrays, the element's 1-based index). */
  line: number;
  values: Record<string, unknown>;
}

export interface RowProblem {
  line: number;
  field: string;
  reason: string;
}

export function formatOf(file: string, explicit?: string): ImportFormat {
  const f = (explicit ?? extname(file).slice(1)).toLowerCase();
  if (f === 'csv' || f === 'json' || f === 'ndjson') return f;
  if (f === 'jsonl') return 'ndjson';
  throw new Error(`Unknown import format "${f}": use .csv, .json or .ndjson (or --format).`);
}

/**
 * Reads the rows of an import file and hands each to `visit` as it is read (rows are not kept,
 * so a large file is not held twice); file-level problems go to `problems`. Returns the count.
 */
export function forEachRow(
  text: string,
  format: ImportFormat,
  problems: RowProblem[],
  visit: (row: RawRow) => void,
): number {
  let count = 0;
  const take = (row: RawRow) => {
    count += 1;
    visit(row);
  };
  switch (format) {
    case 'csv': {
      try {
        parseCsv(text, {
          columns: true,
          bom: true,
          skip_empty_lines: true,
          trim: true,
          on_record: (record: Record<string, string>, context: { lines: number }) => {
            take({ line: context.lines, values: record });
            return null;
          },
        });
      } catch (err) {
        const e = err as { lines?: number; message: string };
        problems.push({ line: e.lines ?? 0, field: '(file)', reason: e.message });
      }
      return count;
    }
    case 'json': {
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (err) {
        problems.push({ line: 0, field: '(file)', reason: (err as Error).message });
        return 0;
      }
      if (!Array.isArray(data)) {
        problems.push({ line: 0, field: '(file)', reason: 'a JSON import is an array of stores' });
        return 0;
      }
      data.forEach((values, i) => take(objectRow(values, i + 1, problems)));
      return count;
    }
    default: {
      text.split(/\r?\n/).forEach((line, i) => {
        if (line.trim() === '') return;
        let values: unknown;
        try {
          values = JSON.parse(line);
        } catch (err) {
          problems.push({ line: i + 1, field: '(line)', reason: (err as Error).message });
          return;
        }
        take(objectRow(values, i + 1, problems));
      });
      return count;
    }
  }
}

/** Every row of an import file (see forEachRow). */
export function parseRows(text: string, format: ImportFormat, problems: RowProblem[]): RawRow[] {
  const rows: RawRow[] = [];
  forEachRow(text, format, problems, (row) => rows.push(row));
  return rows;
}

function objectRow(values: unknown, line: number, problems: RowProblem[]): RawRow {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    problems.push({ line, field: '(row)', reason: 'a store is a JSON object' });
    return { line, values: {} };
  }
  return { line, values: values as Record<string, unknown> };
}
