/**
 * The store follower's patches: a write of a few stores shows in the next search without a
 * rebuild (this process's writes, and another worker's announced ones); larger changes and
 * failed reads fall back to a rebuild.
 */
import { describe, expect, it } from 'vitest';
import { PATCH_MAX, StoreFollower } from '../src/modules/search/store-follower.js';
import { StoreIndex } from '../src/modules/search/store-index.js';
import type { CommittedChange } from '../src/modules/stores/changes.js';
import type { NearestQuery } from '../src/db/types.js';
import { indexSource, type Row } from './helpers/index-rows.js';

const row = (id: number, lat: number, lon: number): Row => [
  id,
  lat,
  lon,
  'GB',
  '|1|',
  '',
  '',
  '',
  0,
  `hash${id}-${lat}`,
  `{"id":${id},"lat":${lat}}`,
];

/** A storage of rows the test edits; counts full loads and patch reads. */
function storage() {
  const s = {
    version: 1,
    rows: [row(1, 51.5, -0.12), row(2, 53.48, -2.24)],
    loads: 0,
    reads: 0,
    failReads: false,
    async readVersion(): Promise<string> {
      return String(s.version);
    },
    async loadIndex(): Promise<{ version: string; index: StoreIndex }> {
      s.loads += 1;
      return { version: String(s.version), index: new StoreIndex(indexSource(s.rows)) };
    },
    async readStores(ids: readonly string[]) {
      s.reads += 1;
      if (s.failReads) throw new Error('gone');
      const source = indexSource(s.rows.filter((r) => ids.includes(`S-${r[0]}`)));
      return { version: String(s.version), rows: [...source.rows], docs: [...source.docs()] };
    },
  };
  return s;
}

const change = (...storeIds: string[]): CommittedChange => ({
  operation: 'put',
  actor: 'user:editor@example.com',
  dataVersion: '2',
  at: new Date(0),
  stores: storeIds.map((storeId) => ({ storeId, kind: 'updated' as const })),
});

/** The stores within 10 km of a point. */
const near = (latitude: number, longitude: number): NearestQuery => ({
  latitude,
  longitude,
  radiusKm: 10,
  limit: 10,
  countries: ['GB'],
  channel: 'sales',
  dropOff: 'any',
});

const found = async (f: StoreFollower, q: NearestQuery) =>
  (await f.nearestPage(q)).stores.map((p) => p.id);

describe('StoreFollower patches', () => {
  it("shows this process's write of a store at once, without a rebuild", async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    await f.ready();
    s.rows[0] = row(1, 55.95, -3.19); // London's store moves to Edinburgh
    s.version = 2;
    f.invalidate(change('S-1'));
    expect(await found(f, near(55.95, -3.19))).toEqual([1]);
    expect(await found(f, near(51.5, -0.12))).toEqual([]);
    expect(s.loads).toBe(1);
    expect(s.reads).toBe(1);
  });

  it('drops a deleted store, and keeps the patch until an index read later holds it', async () => {
    let now = 0;
    const s = storage();
    const f = new StoreFollower(s, { now: () => now, checkMs: 50 });
    await f.ready();
    s.rows.splice(1, 1); // Manchester's store deleted
    s.version = 2;
    f.invalidate(change('S-2'));
    expect(await found(f, near(53.48, -2.24))).toEqual([]);
    // The background check sees the counter move and rebuilds; the answer stays the same.
    now += 50;
    await f.nearestPage(near(53.48, -2.24));
    await f.settled();
    expect(s.loads).toBe(2);
    expect(await found(f, near(53.48, -2.24))).toEqual([]);
    expect(await found(f, near(51.5, -0.12))).toEqual([1]);
  });

  it("patches in another worker's change without making a search wait", async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    await f.ready();
    s.rows.push(row(3, 52.48, -1.9)); // Birmingham, written elsewhere
    s.version = 2;
    f.follow(['S-3']);
    await f.settled();
    expect(await found(f, near(52.48, -1.9))).toEqual([3]);
    expect(s.loads).toBe(1);
  });

  it('rebuilds instead when a change names more than PATCH_MAX stores, or the read fails', async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    await f.ready();
    s.version = 2;
    f.invalidate(change(...Array.from({ length: PATCH_MAX + 1 }, (_, i) => `S-${i}`)));
    await f.current();
    expect([s.reads, s.loads]).toEqual([0, 2]);
    s.failReads = true;
    s.rows[0] = row(1, 55.95, -3.19);
    s.version = 3;
    f.invalidate(change('S-1'));
    expect(await found(f, near(55.95, -3.19))).toEqual([1]);
    expect([s.reads, s.loads]).toEqual([1, 3]);
  });

  it('rebuilds for an earlier write no patch shows, though a later one is patched', async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    await f.ready();
    s.rows = [row(3, 52.48, -1.9)]; // every store replaced (no change named: the demo load)
    s.version = 2;
    f.invalidate();
    s.rows.push(row(4, 55.95, -3.19));
    s.version = 3;
    f.invalidate(change('S-4'));
    expect(await found(f, near(51.5, -0.12))).toEqual([]);
    expect(await found(f, near(55.95, -3.19))).toEqual([4]);
    expect(s.loads).toBe(2);
  });

  it('ignores a patch read older than the index it would lie over', async () => {
    const s = storage();
    const f = new StoreFollower(s, { now: () => 0 });
    await f.ready();
    s.version = 0; // a read from before the index's (a slow patch)
    s.rows[0] = row(1, 55.95, -3.19);
    f.follow(['S-1']);
    await f.settled();
    expect(await found(f, near(51.5, -0.12))).toEqual([1]);
  });
});
