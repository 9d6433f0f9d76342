/**
 * What the store pages read (pages/): a store by the candidate storeIds of its address, the
 * removed stores (tombstones written by triggers, migration 6), every store's directory fields,
 * and a data version that changes whenever the stores do, so that rendered pages and sitemaps are
 * cached by it. Implemented in ./sqlite/store-pages.ts and ./postgres/store-pages.ts.
 */

/** A store's fields the directory and sitemaps need. */
export interface StoreDirectoryRow {
  storeId: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  title: string;
  /** The first address line (tells apart stores of one name in a city). */
  street: string;
  /** Region or state as written in the store's address ("" when it has none). */
  state: string;
  city: string;
  /** The store's last change, "YYYY-MM-DDTHH:MM:SS.sssZ" (kept by the database, migration 8). */
  changedAt: string;
}

/** One store as stored: its country and API document (JSON text, see stores/doc.ts). */
export interface StoredStore {
  storeId: string;
  country: string;
  doc: string;
}

export interface StorePagesRepository {
  /**
   * A token that changes whenever the stores table changes (in any process): cheap, read at
   * most every few milliseconds by the pages' cache.
   */
  version(): Promise<string>;
  /** Every store's directory fields, by country and storeId. */
  directory(): Promise<StoreDirectoryRow[]>;
  /** The stores among these storeIds (any order). */
  stores(storeIds: readonly string[]): Promise<StoredStore[]>;
  /** Those of these storeIds whose store was deleted and not added again (any order). */
  removed(storeIds: readonly string[]): Promise<string[]>;
  /** When the last import file was applied (ISO 8601), or undefined (demo data only). */
  lastImport(): Promise<string | undefined>;
}
