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

export function parseRows(text: string, format: ImportFormat, problems: RowProblem[]): RawRow[] {
  switch (format) {
    case 'csv': {
      try {
        const records = parseCsv(text, {
          columns: true,
          bom: true,
          skip_empty_lines: true,
          trim: true,
          info: true,
        }) as { record: Record<string, string>; info: { lines: number } }[];
        return records.map((r) => ({ line: r.info.lines, values: r.record }));
      } catch (err) {
        const e = err as { lines?: number; message: string };
        problems.push({ line: e.lines ?? 0, field: '(file)', reason: e.message });
        return [];
      }
    }
    case 'json': {
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (err) {
        problems.push({ line: 0, field: '(file)', reason: (err as Error).message });
        return [];
      }
      if (!Array.isArray(data)) {
        problems.push({ line: 0, field: '(file)', reason: 'a JSON import is an array of stores' });
        return [];
      }
      return data.map((values, i) => objectRow(values, i + 1, problems));
    }
    default: {
      const rows: RawRow[] = [];
      text.split(/\r?\n/).forEach((line, i) => {
        if (line.trim() === '') return;
        try {
          rows.push(objectRow(JSON.parse(line), i + 1, problems));
        } catch (err) {
          problems.push({ line: i + 1, field: '(line)', reason: (err as Error).message });
        }
      });
      return rows;
    }
  }
}

function objectRow(values: unknown, line: number, problems: RowProblem[]): RawRow {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    problems.push({ line, field: '(row)', reason: 'a store is a JSON object' });
    return { line, values: {} };
  }
  return { line, values: values as Record<string, unknown> };
}
