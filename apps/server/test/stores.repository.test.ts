/** Store repository on both databases: nearest-first within radius, cap, filters, atomic import. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, PG_TEST_URL, type Dialect, type TestDb } from './helpers/databases.js';
import { BERLIN, LONDON, config, fixtureStores, testStores } from './helpers/fixtures.js';
import type { Database } from '../src/db/types.js';
import type { StoreDoc } from '../src/modules/stores/doc.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { VERSION_CHECK_MS } from '../src/modules/search/store-follower.js';
import { hitIds, londonQuery, storeAt, writeStores } from './helpers/store-writes.js';

const cfg = config();
const base = londonQuery;
const write = writeStores;
const ids = hitIds;

const VARIANTS: { name: string; dialect: Dialect }[] = [
  { name: 'sqlite', dialect: 'sqlite' },
  { name: 'postgres', dialect: 'postgres' },
];

describe.each(VARIANTS)('store repository and search on $name', ({ dialect }) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(cfg));
  });
  afterAll(async () => t?.cleanup());

  it('returns stores nearest first with great-circle distances', async () => {
    const hits = await t.db.search.nearest(base);
    expect(ids(hits)).toEqual(['GB-1', 'GB-2', 'GB-4', 'GB-5', 'GB-7', 'GB-8', 'GB-10', 'GB-11']);
    hits.forEach((h, i) => {
      if (i > 0) expect(h.distanceKm).toBeGreaterThanOrEqual(hits[i - 1]!.distanceKm);
    });
    expect(hits[0]!.distanceKm).toBeCloseTo(1, 2);
  });

  it('keeps to the radius and caps at the limit', async () => {
    expect(ids(await t.db.search.nearest({ ...base, radiusKm: 4.5 }))).toEqual([
      'GB-1',
      'GB-2',
      'GB-4',
    ]);
    expect(ids(await t.db.search.nearest({ ...base, limit: 2 }))).toEqual(['GB-1', 'GB-2']);
    expect(ids(await t.db.search.nearest(base))).not.toContain('GB-FAR');
  });

  it('filters by channel presence, product, carrier and drop-off', async () => {
    const service = { ...base, channel: 'service' as const };
    expect(ids(await t.db.search.nearest(service))).toHaveLength(12);
    expect(ids(await t.db.search.nearest({ ...service, productId: '3' }))).toEqual([
      'GB-4',
      'GB-8',
      'GB-12',
    ]);
    expect(ids(await t.db.search.nearest({ ...service, dropOff: 'only' }))).toEqual([
      'GB-5',
      'GB-10',
    ]);
    expect(ids(await t.db.search.nearest({ ...service, dropOff: 'exclude' }))).not.toContain(
      'GB-5',
    );
    const ee = ids(await t.db.search.nearest({ ...service, carrier: 'EE' }));
    expect(ee).toContain('GB-2');
    expect(ee).not.toContain('GB-6');
    expect(ee).toContain('GB-1'); // carrier-neutral stores always match
  });

  it('limits to the searched countries', async () => {
    const de = await t.db.search.nearest({
      ...base,
      latitude: BERLIN.lat,
      longitude: BERLIN.lon,
      countries: ['DE'],
    });
    expect(ids(de)).toEqual(['DE-1', 'DE-2', 'DE-3']);
    expect(await t.db.search.nearest({ ...base, countries: [] })).toEqual([]);
  });

  it('finds stores across the antimeridian', async () => {
    const fj = await t.db.search.nearest({
      ...base,
      latitude: -16.5,
      longitude: 179.99,
      countries: ['FJ'],
    });
    expect(ids(fj)).toEqual(['FJ-E', 'FJ-W']);
  });

  it('finds many stores in a dense demo country, still nearest first', async () => {
    const us = await t.db.search.nearest({
      ...base,
      latitude: 40.71,
      longitude: -74.0,
      countries: ['US'],
      radiusKm: 100,
      limit: 20,
    });
    expect(us.length).toBeGreaterThan(0);
    expect(us.map((h) => h.distanceKm)).toEqual(
      [...us.map((h) => h.distanceKm)].sort((a, b) => a - b),
    );
  });

  it('applies an import atomically, and a rerun changes nothing', async () => {
    const before = await t.db.stores.count();
    const rows = fixtureStores()
      .slice(0, 3)
      .map((r) => ({ ...r, storeId: `NEW-${r.storeId}`, hash: `h-${r.storeId}` }));
    const first = await write(t.db, rows);
    expect(first).toMatchObject({ added: 3, changed: 0, unchanged: 0, written: true });
    const version = await t.db.stores.readVersion();
    const again = await write(t.db, rows);
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 3 });
    expect(await t.db.stores.readVersion()).toBe(version);
    const changed = rows.map((r, i) => (i === 0 ? { ...r, hash: 'changed' } : r));
    const third = await write(t.db, changed);
    expect(third).toMatchObject({ added: 0, changed: 1, unchanged: 2 });
    expect(await t.db.stores.count()).toBe(before + 3);
    // A failing batch leaves nothing behind (all or nothing).
    const broken = [
      { ...rows[0]!, storeId: 'ATOMIC-1', hash: 'x' },
      {
        ...rows[0]!,
        storeId: 'ATOMIC-2',
        hash: 'y',
        latitude: Number.NaN,
        doc: null as unknown as string,
      },
    ];
    await expect(write(t.db, broken)).rejects.toThrow();
    expect(await t.db.stores.count()).toBe(before + 3);
    expect(await t.db.pages.lastImport()).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('answers the current document of a store changed or removed since the last search', async () => {
    const spot = { lat: 58.4, lon: -3.1 };
    const record = (title: string, storeId = 'FRESH-1') => storeAt(spot, storeId, title);
    const q = { ...base, latitude: spot.lat, longitude: spot.lon, radiusKm: 1 };
    const titles = async () =>
      (await t.db.search.nearest(q)).map((h) => (JSON.parse(h.doc) as StoreDoc).title);
    await write(t.db, [record('First'), record('Other', 'FRESH-2')]);
    expect(await titles()).toEqual(['First', 'Other']);
    await write(t.db, [record('Second')]);
    expect(await titles()).toEqual(['Second', 'Other']);
    await t.db.stores.replaceAll([record('Alone')]);
    expect(await titles()).toEqual(['Alone']);
    await t.db.stores.replaceAll(testStores(cfg));
  });

  it('stores meta values and statistics', async () => {
    await t.db.meta.set('k', 'v1');
    await t.db.meta.set('k', 'v2');
    expect(await t.db.meta.get('k')).toBe('v2');
    expect(await t.db.meta.get('missing')).toBeUndefined();
    const n = await t.db.statistics.count();
    await t.db.statistics.insert({
      channel: 'sales',
      country: 'GB',
      locale: 'en_GB',
      latitude: 1,
      longitude: 2,
      product: 'Phone',
      searchedLocation: 'London',
    });
    expect(await t.db.statistics.count()).toBe(n + 1);
    await t.db.ping();
  });

  it('keeps the id order among stores exactly as far as the last one returned', async () => {
    // Five stores at one spot, applied in reverse: the nearest three are the first three ids.
    const spot = { lat: 57.9, lon: -5.2 };
    const tied = (title: string, numbers: number[]) =>
      numbers.map((i) => storeAt(spot, `TIE-${i}`, title));
    await write(t.db, tied('Tied', [5, 4, 3, 2, 1]));
    // Updated rows move (PostgreSQL writes new row versions): an index walk meets them last.
    await write(t.db, tied('Tied again', [1, 2]));
    const q = { ...base, latitude: spot.lat, longitude: spot.lon, radiusKm: 1 };
    for (const limit of [1, 3, 4]) {
      const hits = await t.db.search.nearest({ ...q, limit });
      expect(ids(hits)).toEqual(['TIE-1', 'TIE-2', 'TIE-3', 'TIE-4'].slice(0, limit));
    }
    expect(ids(await t.db.search.nearest(q))).toEqual([
      'TIE-1',
      'TIE-2',
      'TIE-3',
      'TIE-4',
      'TIE-5',
    ]);
  });
});

describe.each(VARIANTS)(
  'the search on $name follows commits of other connections',
  ({ dialect }) => {
    it('answers from its index until a check sees the change, then from the rebuilt index', async () => {
      let clock = 1_000;
      const server = await openTestDb(dialect, undefined, { follow: { now: () => clock } });
      // The other connection: another process (the import command, another worker).
      const importer: Database =
        dialect === 'postgres'
          ? await openPostgres(PG_TEST_URL, { max: 2 })
          : openSqlite(server.file!);
      try {
        await importer.stores.replaceAll(testStores(cfg));
        const before = await server.db.search.nearest(base);
        expect(before.length).toBeGreaterThan(1);

        // The other connection removes every store but one.
        await importer.stores.replaceAll(testStores(cfg).filter((s) => s.storeId === 'GB-1'));
        // Within the check interval the index answers as it is, and no check is made.
        clock += VERSION_CHECK_MS - 1;
        expect(await server.db.search.nearest(base)).toEqual(before);
        await server.db.search.settled();
        expect(await server.db.search.nearest(base)).toEqual(before);
        // Past it, one search starts a check (answered from the index meanwhile); the rebuilt
        // index answers once the check is done.
        clock += 1;
        expect(await server.db.search.nearest(base)).toEqual(before);
        await server.db.search.settled();
        expect(ids(await server.db.search.nearest(base))).toEqual(['GB-1']);
      } finally {
        await importer.close();
        await server.cleanup();
      }
    });

    it('moves the change counter for store writes only, not for analytics', async () => {
      const t = await openTestDb(dialect);
      try {
        await t.db.stores.replaceAll(testStores(cfg));
        const v1 = await t.db.stores.readVersion();
        await t.db.statistics.insert({
          channel: 'sales',
          country: 'GB',
          locale: 'en_GB',
          latitude: 1,
          longitude: 2,
          product: 'Phone',
          searchedLocation: 'London',
        });
        await t.db.meta.set('k', 'v');
        expect(await t.db.stores.readVersion()).toBe(v1);
        await write(t.db, [storeAt(LONDON, 'NEW-1', 'New')]);
        expect(await t.db.stores.readVersion()).not.toBe(v1);
      } finally {
        await t.cleanup();
      }
    });
  },
);
