/**
 * How a store row is written on SQLite: one statement per store, with named parameters (the
 * store writes, ../../modules/stores/change-writer.ts; the admin API's writes; the demo data).
 */
import type { StoreRecord } from '../types.js';
import { storeTableColumns } from '../../modules/stores/table-columns.js';

/** Inserts a store (named parameters of a StoreRecord, dropOff as 0 or 1). */
export const INSERT_STORE = `INSERT INTO stores (store_id, country, latitude, longitude,
    sales_products, service_products, training_products, carriers, drop_off, hash, source, doc,
    changed_at, search_text, name_key, city_key, postcode_key, channels, badges)
  VALUES (@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
    @trainingProducts, @carriers, @dropOff, @hash, @source, @doc,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), @searchText, @nameKey, @cityKey, @postcodeKey,
    @channels, @badges)`;

/** INSERT_STORE, replacing the store with the same store id. */
export const UPSERT_STORE = `${INSERT_STORE}
  ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
    latitude = excluded.latitude, longitude = excluded.longitude,
    sales_products = excluded.sales_products, service_products = excluded.service_products,
    training_products = excluded.training_products, carriers = excluded.carriers, drop_off = excluded.drop_off, hash = excluded.hash,
    source = excluded.source, doc = excluded.doc, search_text = excluded.search_text,
    name_key = excluded.name_key, city_key = excluded.city_key,
    postcode_key = excluded.postcode_key, channels = excluded.channels, badges = excluded.badges`;

/** The named parameters of INSERT_STORE and UPSERT_STORE for a record. */
export function storeParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, ...storeTableColumns(r), dropOff: r.dropOff ? 1 : 0 };
}
