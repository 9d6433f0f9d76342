/**
 * What the store pages read (pages/): one store by id, every store's directory fields, and a
 * data version that changes whenever the stores do, so that rendered pages and sitemaps are
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
}

/** One store as stored: its country and API document (JSON text, see stores/doc.ts). */
export interface StoredStore {
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
  /** One store by its storeId, or undefined. */
  store(storeId: string): Promise<StoredStore | undefined>;
  /** When the last import file was applied (ISO 8601), or undefined (demo data only). */
  lastImport(): Promise<string | undefined>;
}
