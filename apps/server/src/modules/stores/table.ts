/**
 * The console's store table query (one repository for both databases, ./table-repository.ts):
 * a page of stores found by the store table columns (./table-columns.ts) and how many match. Read from the database itself, never from the
 * in-memory search index, so a store just written is found at once.
 */
import type { StoreTableChannel, StoreTableSort } from '@locator/core/console-stores';

export interface StoreTableFilter {
  /** Folded search text (searchFold); matched as a substring of the store's search text. */
  text?: string | undefined;
  country?: string | undefined;
  channel?: StoreTableChannel | undefined;
  /** A badge id. */
  badgeId?: string | undefined;
  sort: StoreTableSort;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A row of the table as read: the document is read for the shown name, city and postcode. */
export interface StoreTableDbRow {
  storeId: string;
  country: string;
  doc: string;
  channels: string;
  badges: string;
}

export interface StoreTablePage {
  rows: StoreTableDbRow[];
  total: number;
}

export interface StoreTableRepository {
  storeTable(filter: StoreTableFilter): Promise<StoreTablePage>;
}

const SORT_COLUMN: Record<StoreTableSort, string> = {
  id: 'store_id',
  name: 'name_key',
  city: 'city_key',
  postcode: 'postcode_key',
  country: 'country',
};

/** `text` for LIKE: its wildcards and the escape character taken literally (escape `\`). */
export const likeContaining = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How a dialect matches the search text: SQL for a placeholder, and the value it takes. */
export interface TextMatch {
  sql: (mark: string) => string;
  value: (text: string) => string;
}

/** The search text as a LIKE pattern (PostgreSQL: the trigram index answers LIKE). */
export const LIKE_MATCH: TextMatch = {
  sql: (m) => `search_text LIKE ${m} ESCAPE '\\'`,
  value: likeContaining,
};

/**
 * The WHERE clause (with its values, in order) and the ORDER BY of a filter; `mark(n)` writes
 * the n-th placeholder (1-based) in the dialect's style.
 */
export function storeTableSql(
  filter: StoreTableFilter,
  mark: (n: number) => string,
  match: TextMatch = LIKE_MATCH,
): { where: string; values: unknown[]; order: string } {
  const terms: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (m: string) => string, value: unknown): void => {
    values.push(value);
    terms.push(sql(mark(values.length)));
  };
  if (filter.text) add(match.sql, match.value(filter.text));
  if (filter.country) add((m) => `country = ${m}`, filter.country);
  if (filter.channel) add((m) => `channels LIKE ${m}`, `%|${filter.channel}|%`);
  if (filter.badgeId) add((m) => `badges LIKE ${m}`, `%|${filter.badgeId}|%`);
  const dir = filter.dir === 'desc' ? 'DESC' : 'ASC';
  const column = SORT_COLUMN[filter.sort];
  const order = column === 'store_id' ? `store_id ${dir}` : `${column} ${dir}, store_id ${dir}`;
  return { where: terms.length ? `WHERE ${terms.join(' AND ')}` : '', values, order };
}
