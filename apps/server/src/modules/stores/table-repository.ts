/**
 * The console's store table (./table.ts), one repository for both databases
 * (../../db/query/runner.ts). Only the page's row ids come from the indexes; only the page's own
 * rows (their documents) are read.
 *
 * Dialect case: each database's query plan, tuned and measured on its own (bench:console):
 * - SQLite, in one read snapshot: without a search text the sort's index is walked in order (it
 *   carries the filter columns) and the total counted from an index; with one, the covering
 *   search index is scanned once for the matches, sorted, and their number (a window count).
 *   The text is matched with a plain substring test: quicker than LIKE, and nothing in it is
 *   special.
 * - PostgreSQL, in one statement (one snapshot): the count, and the page's ids chosen from the
 *   indexes first. Without a filter the count is every store's, kept with the change counter it
 *   was counted at and counted again only after a write (the CASE's subquery runs only when the
 *   counter moved). The text is matched with LIKE, which the trigram index answers.
 */
import {
  storeTableSql,
  type StoreTableDbRow,
  type StoreTableFilter,
  type StoreTablePage,
  type StoreTableRepository,
  type TextMatch,
} from './table.js';
import { all, first, rawQuery, type QueryRunner, type Work } from '../../db/query/runner.js';

const INSTR_MATCH: TextMatch = {
  sql: (m) => `instr(search_text, ${m}) > 0`,
  value: (text) => text,
};

/**
 * The stores' change counter, as a scalar subquery: estimated as one row, so the planner never
 * thinks the statement large (a join with the counter's table made it JIT-compile each time).
 */
const VERSION = '(SELECT version::text FROM store_version)';

/** The number of every store at a version of the stores (PostgreSQL's plan). */
interface EveryStore {
  version: string;
  total: number;
}

export class SqlStoreTable implements StoreTableRepository {
  private everyStore: EveryStore | undefined;

  constructor(private readonly sql: QueryRunner) {}

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    if (this.sql.dialect === 'sqlite') return this.sql.snapshot(sqlitePage(filter));
    const { page, everyStore } = await this.sql.run(postgresPage(filter, this.everyStore));
    this.everyStore = everyStore;
    return page;
  }
}

function* sqlitePage(filter: StoreTableFilter): Work<StoreTablePage> {
  const { where, values, order } = storeTableSql(filter, () => '?', INSTR_MATCH);
  const count = (hint: string) =>
    first(rawQuery<{ n: number }>(`SELECT count(*) AS n FROM stores ${hint} ${where}`, values));
  let ids: number[];
  let total: number;
  if (filter.text) {
    const hits = yield* all(
      rawQuery<{ id: number; total: number }>(
        `SELECT id, count(*) OVER () AS total FROM stores INDEXED BY stores_table_search
         ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...values, filter.limit, filter.offset],
      ),
    );
    ids = hits.map((h) => h.id);
    total = hits[0]?.total ?? (yield* count('INDEXED BY stores_table_search'))?.n ?? 0;
  } else {
    const rows = yield* all(
      rawQuery<{ id: number }>(
        `SELECT id FROM stores ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...values, filter.limit, filter.offset],
      ),
    );
    ids = rows.map((r) => r.id);
    total = (yield* count(''))?.n ?? 0;
  }
  if (ids.length === 0) return { rows: [], total };
  const rows = yield* all(
    rawQuery<StoreTableDbRow>(
      `SELECT store_id AS storeId, country, doc, channels, badges FROM stores
       WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY ${order}`,
      ids,
    ),
  );
  return { rows, total };
}

function* postgresPage(
  filter: StoreTableFilter,
  known: EveryStore | undefined,
): Work<{ page: StoreTablePage; everyStore: EveryStore | undefined }> {
  const { where, values, order } = storeTableSql(filter, (n) => `$${n}`);
  const n = values.length;
  const knownVersion = where === '' ? (known?.version ?? '') : null;
  const total =
    knownVersion === null
      ? `(SELECT count(*) FROM stores ${where})`
      : `CASE WHEN ${VERSION} = $${n + 3} THEN NULL ELSE (SELECT count(*) FROM stores) END`;
  const rows = yield* all(
    rawQuery<StoreTableDbRow & { total: string | null; version: string }>(
      `WITH page AS (
         SELECT store_id AS "storeId", country, doc, channels, badges, name_key, city_key,
           postcode_key, store_id FROM stores
         WHERE store_id IN (SELECT store_id FROM stores ${where} ORDER BY ${order}
           LIMIT $${n + 1} OFFSET $${n + 2}))
       SELECT p.*, ${VERSION} AS version, ${total} AS total
       FROM (SELECT 1) AS one LEFT JOIN page p ON true
       ORDER BY ${order}`,
      [...values, filter.limit, filter.offset, ...(knownVersion === null ? [] : [knownVersion])],
    ),
  );
  const head = rows[0];
  let count = Number(head?.total ?? 0);
  let everyStore = known;
  if (knownVersion !== null && head) {
    if (head.total === null && known) count = known.total;
    else everyStore = { version: head.version, total: count };
  }
  return {
    page: {
      rows: rows
        .filter((r) => r.storeId !== null)
        .map(({ storeId, country, doc, channels, badges }) => ({
          storeId,
          country,
          doc,
          channels,
          badges,
        })),
      total: count,
    },
    everyStore,
  };
}
