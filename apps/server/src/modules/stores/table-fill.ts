/**
 * Migration 11's fill: every stored store's store table columns (./table-columns.ts), written
 * on the migrating connection before the migration is recorded. Dialect case: SQLite updates
 * store by store through one prepared statement; PostgreSQL in batches of column arrays.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { storeTableColumns } from './table-columns.js';

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
