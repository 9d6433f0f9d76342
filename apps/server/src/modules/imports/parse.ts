/**
 * Reads an import file's text (CSV, JSON array or NDJSON) into raw rows with their line
 * numbers. Every structural problem is reported (a broken CSV record is skipped and reading
 * goes on), and so is every unknown or repeated column (columns.ts), in JSON a key named twice
 * in one store too (duplicate-keys.ts).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { extname } from 'node:path';
import type { RowProblem } from './codes.js';
import { checkColumns, unknownKeys } from './columns.js';
import { duplicateKeyProblem, duplicateKeys } from './duplicate-keys.js';
import { MAX_JSON_DEPTH, jsonDepthBeyond } from '../../http/json-depth.js';
import { TimeSlicer, splitArray } from './json-elements.js';

export type ImportFormat = 'csv' | 'json' | 'ndjson';
export type { RowProblem };

export interface RawRow {
  /** 1-based line of the row in the file (for JSON arrays, the element's 1-based index). */
  line: number;
  values: Record<string, unknown>;
}

export function formatOf(file: string, explicit?: string): ImportFormat {
  const f = (explicit ?? extname(file).slice(1)).toLowerCase();
  if (f === 'csv' || f === 'json' || f === 'ndjson') return f;
  if (f === 'jsonl') return 'ndjson';
  throw new Error(`Unknown import format "${f}": use .csv, .json or .ndjson (or --format).`);
}

/**
 * A spreadsheet-safe cell written by the export ("'=…", see export.ts) reads back as the text
 * it protects.
 */
function unprotect(cell: string): string {
  return /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell;
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
      let header: string[] | undefined;
      let keep: boolean[] = [];
      try {
        parseCsv(text, {
          bom: true,
          skip_empty_lines: true,
          trim: true,
          skip_records_with_error: true,
          on_skip: (err) => {
            if (err) problems.push(syntax(err));
            return undefined;
          },
          on_record: (record: string[], context: { lines: number }) => {
            if (!header) {
              header = record;
              const checked = checkColumns(record, context.lines);
              keep = checked.keep;
              problems.push(...checked.problems);
              return null;
            }
            const values: Record<string, unknown> = {};
            record.forEach((cell, i) => {
              if (keep[i]) values[header![i]!] = unprotect(cell);
            });
            take({ line: context.lines, values });
            return null;
          },
        });
      } catch (err) {
        problems.push(syntax(err as Error));
      }
      return count;
    }
    case 'json': {
      if (jsonDepthBeyond(text) > 0) {
        problems.push(tooDeep(0, '(file)'));
        return 0;
      }
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (err) {
        problems.push(fileProblem((err as Error).message));
        return 0;
      }
      if (!Array.isArray(data)) {
        problems.push(fileProblem('a JSON import is an array of stores'));
        return 0;
      }
      // Repeated keys, by element: a row with one is reported (and so not imported).
      const repeated = new Map<number, RowProblem[]>();
      for (const { path, key } of duplicateKeys(text)) {
        const [index, ...inner] = path as [number, ...(string | number)[]];
        const line = index + 1;
        repeated.set(line, [...(repeated.get(line) ?? []), duplicateKeyProblem(line, inner, key)]);
      }
      data.forEach((values, i) => take(objectRow(values, i + 1, problems, repeated.get(i + 1))));
      return count;
    }
    default: {
      text.split(/\r?\n/).forEach((line, i) => {
        if (line.trim() === '') return;
        if (jsonDepthBeyond(line) > 0) {
          problems.push(tooDeep(i + 1, '(line)'));
          return;
        }
        let values: unknown;
        try {
          values = JSON.parse(line);
        } catch (err) {
          problems.push({
            line: i + 1,
            field: '(line)',
            value: line.length > 80 ? `${line.slice(0, 80)}…` : line,
            code: 'SYNTAX',
            reason: (err as Error).message,
          });
          return;
        }
        const repeated = duplicateKeys(line).map((d) => duplicateKeyProblem(i + 1, d.path, d.key));
        take(objectRow(values, i + 1, problems, repeated));
      });
      return count;
    }
  }
}

/**
 * forEachRow, pausing every few milliseconds for other work (json-elements.ts): a JSON array is
 * split into its elements and each is parsed and visited by itself, never the whole text at
 * once; a store that is not valid JSON is reported with its row (SYNTAX). CSV and NDJSON are
 * read as forEachRow reads them.
 */
export async function forEachRowAsync(
  text: string,
  format: ImportFormat,
  problems: RowProblem[],
  visit: (row: RawRow) => void,
): Promise<number> {
  if (format !== 'json') return forEachRow(text, format, problems, visit);
  const slicer = new TimeSlicer();
  const split = await splitArray(text, slicer);
  if (split.kind === 'too-deep') {
    problems.push(tooDeep(0, '(file)'));
    return 0;
  }
  // Not an array, or broken at the top: JSON.parse's own message, as forEachRow gives it.
  if (split.kind === 'not-an-array') return forEachRow(text, format, problems, visit);
  const { spans } = split;
  for (let k = 0; k < spans.length; k += 2) {
    await slicer.pause();
    const line = k / 2 + 1;
    const element = text.slice(spans[k], spans[k + 1]);
    let values: unknown;
    try {
      values = JSON.parse(element);
    } catch (err) {
      problems.push({ line, field: '(row)', code: 'SYNTAX', reason: (err as Error).message });
      continue;
    }
    const repeated = duplicateKeys(element).map((d) => duplicateKeyProblem(line, d.path, d.key));
    visit(objectRow(values, line, problems, repeated));
  }
  return spans.length / 2;
}

/** Every row of an import file (see forEachRow). */
export function parseRows(text: string, format: ImportFormat, problems: RowProblem[]): RawRow[] {
  const rows: RawRow[] = [];
  forEachRow(text, format, problems, (row) => rows.push(row));
  return rows;
}

function fileProblem(reason: string): RowProblem {
  return { line: 0, field: '(file)', code: 'SYNTAX', reason };
}

function tooDeep(line: number, field: string): RowProblem {
  return {
    line,
    field,
    code: 'TOO_DEEP',
    reason:
      `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep ` +
      '(a store is an object of columns)',
  };
}

function syntax(err: Error): RowProblem {
  const e = err as Error & { lines?: number; code?: string };
  return { line: e.lines ?? 0, field: '(file)', code: 'SYNTAX', reason: e.message };
}

function objectRow(
  values: unknown,
  line: number,
  problems: RowProblem[],
  repeated: readonly RowProblem[] = [],
): RawRow {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    problems.push({
      line,
      field: '(row)',
      code: 'SYNTAX',
      reason: 'a store is a JSON object',
    });
    return { line, values: {} };
  }
  const record = values as Record<string, unknown>;
  for (const p of unknownKeys(Object.keys(record), line)) problems.push(p);
  problems.push(...repeated);
  return { line, values: record };
}
