/** The console's store table on PostgreSQL (../../modules/stores/table.ts), and migration 11's fill. */
import type pg from 'pg';
import { storeTableColumns } from '../../modules/stores/table-columns.js';
import {
  storeTableSql,
  type StoreTableDbRow,
  type StoreTableFilter,
  type StoreTablePage,
  type StoreTableRepository,
} from '../../modules/stores/table.js';
import { guarded } from './errors.js';

/**
 * The stores' change counter, as a scalar subquery: estimated as one row, so the planner never
 * thinks the statement large (a join with the counter's table made it JIT-compile each time).
 */
const VERSION = '(SELECT version::text FROM store_version)';

export class PgStoreTable implements StoreTableRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The number of every store at a version of the stores (store_version). */
  private everyStore: { version: string; total: number } | undefined;

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    const { where, values, order } = storeTableSql(filter, (n) => `$${n}`);
    const n = values.length;
    // One statement (one snapshot): the count, and the page's ids chosen from the indexes
    // first, so that only the page's own rows (their documents) are read. Without a filter
    // the count is every store's, kept with the change counter it was counted at: counted
    // again only after a write (the CASE's subquery runs only when the version moved).
    const known = where === '' ? (this.everyStore?.version ?? '') : null;
    const total =
      known === null
        ? `(SELECT count(*) FROM stores ${where})`
        : `CASE WHEN ${VERSION} = $${n + 3} THEN NULL ELSE (SELECT count(*) FROM stores) END`;
    const { rows } = await guarded(() =>
      this.pool.query<StoreTableDbRow & { total: string | null; version: string }>(
        `WITH page AS (
           SELECT store_id AS "storeId", country, doc, channels, badges, name_key, city_key,
             postcode_key, store_id FROM stores
           WHERE store_id IN (SELECT store_id FROM stores ${where} ORDER BY ${order}
             LIMIT $${n + 1} OFFSET $${n + 2}))
         SELECT p.*, ${VERSION} AS version, ${total} AS total
         FROM (SELECT 1) AS one LEFT JOIN page p ON true
         ORDER BY ${order}`,
        [...values, filter.limit, filter.offset, ...(known === null ? [] : [known])],
      ),
    );
    const first = rows[0];
    let count = Number(first?.total ?? 0);
    if (known !== null && first) {
      if (first.total === null && this.everyStore) count = this.everyStore.total;
      else this.everyStore = { version: first.version, total: count };
    }
    return {
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
    };
  }
}

/** Writes every stored store's store table columns (migration 11), in batches. */
export async function fillPgStoreTable(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{
    storeId: string;
    doc: string;
    salesProducts: string;
    serviceProducts: string;
    trainingProducts: string;
  }>(
    `SELECT store_id AS "storeId", doc, sales_products AS "salesProducts",
       service_products AS "serviceProducts", training_products AS "trainingProducts"
     FROM stores`,
  );
  const BATCH = 2000;
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const cols = part.map(storeTableColumns);
    await client.query(
      `UPDATE stores s SET search_text = t.st, name_key = t.nk, city_key = t.ck,
         postcode_key = t.pk, channels = t.ch, badges = t.b
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[]) AS t(id, st, nk, ck, pk, ch, b)
       WHERE s.store_id = t.id`,
      [
        part.map((r) => r.storeId),
        cols.map((c) => c.searchText),
        cols.map((c) => c.nameKey),
        cols.map((c) => c.cityKey),
        cols.map((c) => c.postcodeKey),
        cols.map((c) => c.channels),
        cols.map((c) => c.badges),
      ],
    );
  }
}
