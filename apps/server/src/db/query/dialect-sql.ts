/**
 * Where the two databases' SQL really differs, each case named (docs/ARCHITECTURE.md, "One
 * repository layer"); the shared repositories use these instead of writing SQL twice.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SqlDialect } from './builder.js';

/**
 * A JSON document stored as text, ready for `->>`: SQLite's JSON operators read the text as it
 * is; PostgreSQL needs it cast to json (once per row when selected in a subquery).
 */
export function jsonDocument(dialect: SqlDialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`${sql.ref(column)}::json`;
}

/**
 * A text field of a JSONDocument ('' when missing): `->>` with a plain key means the same on
 * both databases (SQLite 3.38 and later). The key is a constant of the code, written inline
 * (a parameter would leave PostgreSQL to choose between the operator's text and integer forms).
 */
export function jsonText(document: string, key: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(document)} ->> ${sql.lit(key)}, '')`;
}

/** A moment as both databases read it (ISO text on SQLite, a Date on PostgreSQL), as ISO text. */
export const isoText = (v: string | Date): string => (typeof v === 'string' ? v : v.toISOString());

/** A flag as the database stores it: 1/0 on SQLite (no boolean type), a boolean on PostgreSQL. */
export const flag = (dialect: SqlDialect, value: boolean): number | boolean =>
  dialect === 'sqlite' ? (value ? 1 : 0) : value;

/** A flag as either database reads it, as a boolean. */
export const flagValue = (value: unknown): boolean => value === true || value === 1;

/**
 * `?` on SQLite, `$1`, `$2`… on PostgreSQL (the `i`th, from 0): for SQL written as text (the
 * demand roll-ups' generated SQL, the demo data's mark).
 */
export const placeholder =
  (dialect: SqlDialect) =>
  (i: number): string =>
    dialect === 'sqlite' ? '?' : `$${i + 1}`;

/**
 * A text column in code-unit order (the admin API pages stores by storeId in it): SQLite's
 * default (BINARY); PostgreSQL's "C" collation instead of the database's language order.
 */
export function byteOrder(dialect: SqlDialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`${sql.ref(column)} COLLATE "C"`;
}
