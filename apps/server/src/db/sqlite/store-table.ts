/** The console's store table on SQLite (../store-table.ts), and migration 11's fill. */
import type BetterSqlite3 from 'better-sqlite3';
import { storeTableColumns } from '../store-table-columns.js';
import {
  storeTableSql,
  type StoreTableDbRow,
  type StoreTableFilter,
  type StoreTablePage,
  type StoreTableRepository,
  type TextMatch,
} from '../store-table.js';
import { sqliteGuard } from './errors.js';

/** On SQLite a plain substring test: quicker than LIKE, and nothing in the text is special. */
const INSTR_MATCH: TextMatch = {
  sql: (m) => `instr(search_text, ${m}) > 0`,
  value: (text) => text,
};

export class SqliteStoreTable implements StoreTableRepository {
  constructor(private readonly db: BetterSqlite3.Database) {}

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    const { where, values, order } = storeTableSql(filter, () => '?', INSTR_MATCH);
    // With a search text the covering search index is scanned (the LIKE cannot seek); without
    // one the sort's index is walked in order. Either way the page's row ids come from an
    // index alone; only the page's own rows (their documents) are read.
    const from = filter.text ? 'stores INDEXED BY stores_table_search' : 'stores';
    return sqliteGuard(() =>
      this.db.transaction(() => {
        const total = this.db
          .prepare(`SELECT count(*) FROM ${from} ${where}`)
          .pluck()
          .get(...values) as number;
        const rows = this.db
          .prepare(
            `SELECT store_id AS storeId, country, doc, channels, badges FROM stores
             WHERE id IN (SELECT id FROM ${from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?)
             ORDER BY ${order}`,
          )
          .all(...values, filter.limit, filter.offset) as StoreTableDbRow[];
        return { rows, total };
      })(),
    );
  }
}

/** Writes every stored store's store table columns (migration 11). */
export function fillSqliteStoreTable(db: BetterSqlite3.Database): void {
  const update = db.prepare(
    `UPDATE stores SET search_text = @searchText, name_key = @nameKey, city_key = @cityKey,
       postcode_key = @postcodeKey, channels = @channels, badges = @badges WHERE id = @id`,
  );
  const rows = db
    .prepare(
      `SELECT id, store_id AS storeId, doc, sales_products AS salesProducts,
         service_products AS serviceProducts, training_products AS trainingProducts FROM stores`,
    )
    .all() as {
    id: number;
    storeId: string;
    doc: string;
    salesProducts: string;
    serviceProducts: string;
    trainingProducts: string;
  }[];
  for (const r of rows) update.run({ id: r.id, ...storeTableColumns(r) });
}
