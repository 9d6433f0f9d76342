/**
 * The import's stable codes: the outcome of a run (with the command's exit status) and the
 * reason code of each problem in the report. Scripts branch on these, never on the text.
 */

export const IMPORT_OUTCOMES = {
  /** The change was written (or nothing differed). */
  APPLIED: 0,
  /** A dry run: nothing written; the report says what would change. */
  DRY_RUN: 0,
  /** One or more rows (or the file) are invalid: nothing written. */
  INVALID_ROWS: 1,
  /** The file has no rows (empty or a header only): nothing written. */
  EMPTY_FILE: 3,
  /** A sync would remove more than the allowed share of the stores: nothing written. */
  REMOVAL_REFUSED: 4,
} as const;

export type ImportOutcome = keyof typeof IMPORT_OUTCOMES;

/** Exit status of the import command for an outcome (2 is a usage error). */
export function exitCodeOf(outcome: ImportOutcome): number {
  return IMPORT_OUTCOMES[outcome];
}

/** Reason codes of the report's problems. */
export type ProblemCode =
  /** The bytes are not text in a supported encoding. */
  | 'ENCODING'
  /** The CSV's structure (quotes, column count) or the JSON's syntax is broken. */
  | 'SYNTAX'
  /** JSON nested deeper than any store is (MAX_JSON_DEPTH levels): not read further. */
  | 'TOO_DEEP'
  /** A column the import does not know (a typo would lose its data). */
  | 'UNKNOWN_COLUMN'
  /** A column named twice. */
  | 'DUPLICATE_COLUMN'
  /** A required value is missing. */
  | 'REQUIRED'
  /** The value does not have the column's form. */
  | 'INVALID_VALUE'
  /** A phone number that cannot be one of the store's country (libphonenumber). */
  | 'INVALID_PHONE'
  /** Control or bidirectional-override characters. */
  | 'FORBIDDEN_CHARACTER'
  /** A coordinate that is not a plain decimal number, or out of range, or 0,0. */
  | 'INVALID_COORDINATE'
  /** The coordinates are not inside the row's country (coast tolerance included). */
  | 'OUTSIDE_COUNTRY'
  /** The country is not configured. */
  | 'UNKNOWN_COUNTRY'
  /** A catalogue code or carrier that is not known. */
  | 'UNKNOWN_CODE'
  /** The store id appears on an earlier row. */
  | 'DUPLICATE_STORE'
  /** No coordinates, and the address could not be placed (or no geocoder). */
  | 'NOT_PLACED';

/** One problem of the report. */
export interface RowProblem {
  /** 1-based line of the row (JSON arrays: the element's index); 0 for the whole file. */
  line: number;
  /** The column, or "(file)", "(line)", "(row)". */
  field: string;
  /** The offending value as read (absent when there is none). */
  value?: string;
  code: ProblemCode;
  reason: string;
}
