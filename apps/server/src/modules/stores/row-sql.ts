/**
 * How store rows are written (the store writes, ./change-writer.ts; the admin API's writes; the
 * demo data), a dialect case side by side: on SQLite one prepared statement per store with
 * named parameters; on PostgreSQL batches of column arrays, one statement each, and the lock
 * every store writer takes.
 */
import type { StoreRecord } from '../../db/types.js';
import { storeTableColumns } from './table-columns.js';

/**
 * What an upsert sets when the store id is already there: every column a write gives (both
 * databases read it the same way).
 */
const REPLACE_STORE = `
  ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
    latitude = excluded.latitude, longitude = excluded.longitude,
    sales_products = excluded.sales_products, service_products = excluded.service_products,
    training_products = excluded.training_products, carriers = excluded.carriers, drop_off = excluded.drop_off, hash = excluded.hash,
    source = excluded.source, doc = excluded.doc, search_text = excluded.search_text,
    name_key = excluded.name_key, city_key = excluded.city_key,
    postcode_key = excluded.postcode_key, channels = excluded.channels, badges = excluded.badges`;

/** Inserts a store (named parameters of a StoreRecord, dropOff as 0 or 1). */
export const INSERT_STORE = `INSERT INTO stores (store_id, country, latitude, longitude,
    sales_products, service_products, training_products, carriers, drop_off, hash, source, doc,
    changed_at, search_text, name_key, city_key, postcode_key, channels, badges)
  VALUES (@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
    @trainingProducts, @carriers, @dropOff, @hash, @source, @doc,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), @searchText, @nameKey, @cityKey, @postcodeKey,
    @channels, @badges)`;

/** INSERT_STORE, replacing the store with the same store id. */
export const UPSERT_STORE = `${INSERT_STORE}${REPLACE_STORE}`;

/** The named parameters of INSERT_STORE and UPSERT_STORE for a record. */
export function storeParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, ...storeTableColumns(r), dropOff: r.dropOff ? 1 : 0 };
}

// PostgreSQL

/** Rows per statement of a batched write. */
export const BATCH = 2000;

/** The lock every store writer takes (as the file import does). */
export const STORE_WRITE_LOCK = 724012;

/** Inserts stores from column arrays (columnsOf), as one statement per batch. */
export const INSERT_STORES = `INSERT INTO stores (store_id, country, latitude, longitude,
    sales_products, service_products, training_products, carriers, drop_off, hash, source, doc,
    search_text, name_key, city_key, postcode_key, channels, badges)
  SELECT s, c, la, lo, sp, vp, tp, ca, d, h,
    so, doc, st, nk, ck, pk, ch, b
  FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[],
    $7::text[], $8::text[], $9::bool[], $10::text[], $11::text[], $12::text[], $13::text[],
    $14::text[], $15::text[], $16::text[], $17::text[], $18::text[])
    AS t(s, c, la, lo, sp, vp, tp, ca, d, h, so, doc, st, nk, ck, pk, ch, b)`;

/** INSERT_STORES, replacing the stores with the same store ids. */
export const UPSERT = `${INSERT_STORES}${REPLACE_STORE}`;

export function columnsOf(records: readonly StoreRecord[]): unknown[] {
  const table = records.map(storeTableColumns);
  return [
    records.map((r) => r.storeId),
    records.map((r) => r.country),
    records.map((r) => r.latitude),
    records.map((r) => r.longitude),
    records.map((r) => r.salesProducts),
    records.map((r) => r.serviceProducts),
    records.map((r) => r.trainingProducts),
    records.map((r) => r.carriers),
    records.map((r) => r.dropOff),
    records.map((r) => r.hash),
    records.map((r) => r.source),
    records.map((r) => r.doc),
    table.map((t) => t.searchText),
    table.map((t) => t.nameKey),
    table.map((t) => t.cityKey),
    table.map((t) => t.postcodeKey),
    table.map((t) => t.channels),
    table.map((t) => t.badges),
  ];
}
