/**
 * The import's columns: a file may only name documented columns, each once. An unknown name
 * (often a typo: "lattitude") is an error with the nearest known name, as its data would
 * otherwise be lost without a word.
 */
import type { RowProblem } from './codes.js';
import { IMPORT_COLUMNS } from './row.js';

const KNOWN = new Set(IMPORT_COLUMNS);

/** Checks a CSV header; `keep[i]` says whether column i is read. */
export function checkColumns(
  names: readonly string[],
  line: number,
): { keep: boolean[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const keep = names.map((name, i) => {
    if (!KNOWN.has(name)) {
      problems.push(unknown(name, line));
      return false;
    }
    const first = seen.get(name);
    if (first !== undefined) {
      problems.push({
        line,
        field: name,
        value: name,
        code: 'DUPLICATE_COLUMN',
        reason: `column ${i + 1} repeats column ${first + 1}`,
      });
      return false;
    }
    seen.set(name, i);
    return true;
  });
  return { keep, problems };
}

/** Unknown keys of a JSON store object. */
export function unknownKeys(keys: readonly string[], line: number): RowProblem[] {
  return keys.filter((k) => !KNOWN.has(k)).map((k) => unknown(k, line));
}

function unknown(name: string, line: number): RowProblem {
  const near = nearest(name);
  return {
    line,
    field: name,
    value: name,
    code: 'UNKNOWN_COLUMN',
    reason: `unknown column${near ? ` (did you mean "${near}"?)` : ''}`,
  };
}

/** The known column closest to a name (case-insensitive edit distance at most 3). */
function nearest(name: string): string | undefined {
  let best: string | undefined;
  let bestD = 4;
  for (const k of IMPORT_COLUMNS) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length]!;
}
