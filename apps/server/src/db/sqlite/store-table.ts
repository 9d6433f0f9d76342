/** The console's store table on SQLite (../../modules/stores/table.ts), and migration 11's fill. */
import type BetterSqlite3 from 'better-sqlite3';
import { storeTableColumns } from '../../modules/stores/table-columns.js';
import {
  storeTableSql,
  type StoreTableDbRow,
  type StoreTableFilter,
  type StoreTablePage,
  type StoreTableRepository,
  type TextMatch,
} from '../../modules/stores/table.js';
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
    // The page's row ids come from an index alone; only the page's own rows (their
    // documents) are read. Without a search text the sort's index is walked in order (it
    // carries the filter columns) and the total counted from an index. With one, the covering
    // search index is scanned once: the matches, sorted, and their number (a window count).
    return sqliteGuard(() =>
      this.db.transaction(() => {
        let ids: number[];
        let total: number;
        if (filter.text) {
          const hits = this.db
            .prepare(
              `SELECT id, count(*) OVER () AS total FROM stores INDEXED BY stores_table_search
               ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
            )
            .all(...values, filter.limit, filter.offset) as { id: number; total: number }[];
          ids = hits.map((h) => h.id);
          total = hits[0]?.total ?? this.count(where, values, 'INDEXED BY stores_table_search');
        } else {
          ids = this.db
            .prepare(`SELECT id FROM stores ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
            .pluck()
            .all(...values, filter.limit, filter.offset) as number[];
          total = this.count(where, values, '');
        }
        if (ids.length === 0) return { rows: [], total };
        const rows = this.db
          .prepare(
            `SELECT store_id AS storeId, country, doc, channels, badges FROM stores
             WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY ${order}`,
          )
          .all(...ids) as StoreTableDbRow[];
        return { rows, total };
      })(),
    );
  }

  private count(where: string, values: unknown[], hint: string): number {
    return this.db
      .prepare(`SELECT count(*) FROM stores ${hint} ${where}`)
      .pluck()
      .get(...values) as number;
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
