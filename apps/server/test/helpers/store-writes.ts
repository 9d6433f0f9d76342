/**
 * Writing stores straight through a repository in tests, and reading a search's hits: the
 * London sales query, a fixture store placed and named as given, the import's write.
 */
import type { Database, NearestQuery, StoreRecord } from '../../src/db/types.js';
import type { WriteMode } from '../../src/modules/stores/writes.js';
import { toRecord, type StoreDoc } from '../../src/modules/stores/doc.js';
import { LONDON, fixtureStores } from './fixtures.js';

/** Sales stores of GB within 100 km of London, at most 99. */
export const londonQuery: NearestQuery = {
  latitude: LONDON.lat,
  longitude: LONDON.lon,
  radiusKm: 100,
  limit: 99,
  countries: ['GB'],
  channel: 'sales',
  dropOff: 'any',
};

/** A store of the fixture's kind, placed and named as given. */
export const storeAt = (spot: { lat: number; lon: number }, storeId: string, title: string) =>
  toRecord(
    {
      ...(JSON.parse(fixtureStores()[0]!.doc) as StoreDoc),
      id: storeId,
      storeId,
      title,
      latitude: spot.lat,
      longitude: spot.lon,
    },
    'GB',
    'import',
    '2',
  );

/** The import's write (store-writes.ts): upsert by content, or sync. */
export const writeStores = (db: Database, records: StoreRecord[], mode: WriteMode = 'upsert') =>
  db.storeWrites.applyChanges({
    mode,
    records,
    maxRemovalShare: Infinity,
    dryRun: false,
    fileName: 'stores.csv',
  });

/** The store ids of search hits, in order. */
export const hitIds = (hits: { doc: string }[]) =>
  hits.map((h) => (JSON.parse(h.doc) as { storeId: string }).storeId);
