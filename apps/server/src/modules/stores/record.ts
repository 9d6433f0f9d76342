/** The stored form of a store, apart so that the repositories that write it need not import the
 * repository interfaces (db/types.ts) that name them. */
/** A store as stored: the filter columns plus the API document (JSON text, see StoreDoc). */
export interface StoreRecord {
  storeId: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  latitude: number;
  longitude: number;
  /** Product _ids as "|1|2|" ("" when the store has no presence in the channel). */
  salesProducts: string;
  serviceProducts: string;
  /** Product _ids the store trains on, as "|1|2|"; "" when it is no training provider. */
  trainingProducts: string;
  /** Carrier names as "|Vodafone|O2|"; "" for a carrier-neutral store. */
  carriers: string;
  /** True when the store offers drop-off repairs (service type rt2). */
  dropOff: boolean;
  /** The store's API object as JSON text, without orderNumber and distance. */
  doc: string;
  /** Content hash of the record, so re-imports leave unchanged rows alone. */
  hash: string;
  /** "demo" for generated data, "import" for imported rows. */
  source: string;
}
