/**
 * Keys named twice in one JSON object. JSON.parse keeps the last value without a word, so a
 * store with `"city"` twice would be imported with one of two values unseen; the import and the
 * admin API report each repeated key instead (code DUPLICATE_COLUMN), with its row and column.
 * Read with jsonc-parser's visitor (no comments allowed), on text JSON.parse has accepted.
 */
import { visit, type JSONPath } from 'jsonc-parser';
import type { RowProblem } from './codes.js';

export interface DuplicateKey {
  /** Where the object is: [] for the text's top-level object, [3] for an array's 4th element. */
  path: JSONPath;
  key: string;
}

/** Every key repeated within one object of the JSON text, in text order. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const open: Set<string>[] = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set());
      },
      onObjectEnd: () => {
        open.pop();
      },
      onObjectProperty: (key, _offset, _length, _line, _column, pathSupplier) => {
        const keys = open[open.length - 1]!;
        if (keys.has(key)) out.push({ path: pathSupplier(), key });
        else keys.add(key);
      },
    },
    { disallowComments: true },
  );
  return out;
}

/**
 * The report's problems for the repeated keys of one row (`path` relative to the row: nested
 * objects' keys are named "outer.inner").
 */
export function duplicateKeyProblem(line: number, path: JSONPath, key: string): RowProblem {
  return {
    line,
    field: [...path, key].join('.'),
    code: 'DUPLICATE_COLUMN',
    reason: 'named twice in this store (JSON would keep only the last value)',
  };
}
