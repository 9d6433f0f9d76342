/**
 * A save shows in the store search at once on both databases: the admin API's writes of one
 * store are read back by id and laid over the index (modules/search/store-overlay.ts), so the next search
 * answers them with no rebuild of the index; a change another worker announces the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, DIALECTS, PG_TEST_URL, type TestDb } from './helpers/databases.js';
import type { Database } from '../src/db/types.js';
import type { IndexedStoreStorage } from '../src/modules/search/store-follower.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { config, testStores } from './helpers/fixtures.js';
import { hitIds, londonQuery, storeAt, writeStores } from './helpers/store-writes.js';
import type { StoreDoc } from '../src/modules/stores/doc.js';

const cfg = config();
const spot = { lat: 58.4, lon: -3.1 };
const near = { ...londonQuery, latitude: spot.lat, longitude: spot.lon, radiusKm: 5 };

describe.each(DIALECTS)('a save in the store search on %s', (dialect) => {
  let t: TestDb;
  /** Full reads of the stores into an index (rebuilds). */
  let loads = 0;
  // The follower's clock stands still: no background check, so no rebuild but a waited one.
  beforeAll(async () => {
    t = await openTestDb(dialect, undefined, { follow: { now: () => 1_000 } });
    const storage = t.db.stores as unknown as IndexedStoreStorage;
    const load = storage.loadIndex.bind(storage);
    storage.loadIndex = () => {
      loads += 1;
      return load();
    };
    await t.db.stores.replaceAll(testStores(cfg));
    await t.db.search.ready();
  });
  afterAll(async () => t?.cleanup());

  const titles = async () =>
    (await t.db.search.nearest(near)).map((h) => (JSON.parse(h.doc) as StoreDoc).title);

  it('answers a created, changed and deleted store at once, without rebuilding', async () => {
    await t.db.search.nearest(near);
    const loaded = loads;
    expect(await titles()).toEqual([]);
    const put = (title: string) =>
      t.db.admin.putStore(storeAt(spot, 'PATCH-1', title), undefined, 'user:e@example.com');
    await put('Created');
    expect(await titles()).toEqual(['Created']);
    await put('Changed');
    expect(await titles()).toEqual(['Changed']);
    // A store of the index moved here: its old place forgets it.
    const moved = testStores(cfg)[0]!;
    const before = hitIds(await t.db.search.nearest(londonQuery));
    expect(before).toContain(moved.storeId);
    await t.db.admin.putStore(
      storeAt(spot, moved.storeId, 'Moved'),
      undefined,
      'user:e@example.com',
    );
    // As near as each other: the lower row id first, as in a rebuilt index.
    expect(await titles()).toEqual(['Moved', 'Changed']);
    expect(hitIds(await t.db.search.nearest(londonQuery))).not.toContain(moved.storeId);
    await t.db.admin.deleteStore('PATCH-1', undefined, 'user:e@example.com');
    expect(await titles()).toEqual(['Moved']);
    expect(loads).toBe(loaded);
  });

  it('patches in an import of a few stores; a replace of every store waits for a rebuild', async () => {
    const loaded = loads;
    await writeStores(t.db, [storeAt(spot, 'PATCH-2', 'Imported')]);
    expect(await titles()).toEqual(['Moved', 'Imported']);
    expect(loads).toBe(loaded);
    await t.db.stores.replaceAll([storeAt(spot, 'PATCH-2', 'Alone')]);
    expect(await titles()).toEqual(['Alone']);
    expect(loads).toBe(loaded + 1);
    await t.db.stores.replaceAll(testStores(cfg));
  });

  it("shows another worker's announced change once its patch is read", async () => {
    // The other connection: another worker of the machine.
    const other: Database =
      dialect === 'postgres' ? await openPostgres(PG_TEST_URL, { max: 2 }) : openSqlite(t.file!);
    try {
      expect(await titles()).toEqual([]); // the rebuild after the last replace, done
      await other.admin.putStore(storeAt(spot, 'PATCH-3', 'Elsewhere'), undefined, 'x');
      // Not announced: this process still answers from its index (its clock stands still).
      expect(await titles()).not.toContain('Elsewhere');
      t.db.search.follow(['PATCH-3']);
      await t.db.search.settled();
      expect(await titles()).toContain('Elsewhere');
    } finally {
      await other.close();
    }
  });
});
