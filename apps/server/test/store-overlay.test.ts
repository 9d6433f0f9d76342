/**
 * The store overlay: a search of an index with changed stores laid over it answers what an
 * index rebuilt from the changed rows answers (radius and area searches), and an index read
 * later drops what it holds.
 */
import { describe, expect, it } from 'vitest';
import { StoreIndex } from '../src/modules/search/store-index.js';
import { StoreOverlay, type ChangedRows } from '../src/modules/search/store-overlay.js';
import { Rng } from '../src/demo/rng.js';
import type { NearestPage, NearestQuery } from '../src/db/types.js';
import { CENTRES, COUNTRIES, indexSource, makeRows, type Row } from './helpers/index-rows.js';

const rng = new Rng(7);
const random = () => rng.next();
const base = makeRows(3000, random);
const baseIndex = new StoreIndex(indexSource(base));

/** The changed stores as a patch reads them, at `version`. */
function read(rows: readonly Row[], version: string): ChangedRows {
  const source = indexSource(rows);
  return { version, rows: [...source.rows], docs: [...source.docs()] as Uint8Array[] };
}

/** Updates (moved, other products), deletions and creations (one on a kept store's spot). */
function changes(): { after: Row[]; changed: Row[]; ids: string[] } {
  const byId = new Map(base.map((r) => [r[0], r] as const));
  const changed: Row[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const id = 1 + Math.floor(random() * base.length);
    if (ids.includes(`S-${id}`)) continue;
    ids.push(`S-${id}`);
    if (i % 3 === 0) {
      byId.delete(id); // deleted
      continue;
    }
    const [clat, clon] = CENTRES[i % CENTRES.length]!;
    const moved: Row = [...byId.get(id)!];
    moved[1] = clat! + (random() - 0.5);
    moved[2] = clon! + (random() - 0.5);
    moved[4] = i % 2 ? '|1|2|' : '';
    moved[10] = `{"id":"S-${id}","moved":${i}}`;
    byId.set(id, moved);
    changed.push(moved);
  }
  // Created: one at a kept store's very position (as near as it: the lower row id first).
  const twin = base.find((r) => byId.has(r[0]) && !ids.includes(`S-${r[0]}`))!;
  for (const [n, pos] of [
    [base.length + 1, [twin[1], twin[2]]],
    [base.length + 2, [51.52, -0.1]],
  ] as const) {
    const row: Row = [n, pos[0], pos[1], 'GB', '|1|', '|2|', '', '', 0, `hash${n}`, `{"n":${n}}`];
    byId.set(n, row);
    changed.push(row);
    ids.push(`S-${n}`);
  }
  const twinNew = changed[changed.length - 2]!;
  twinNew[3] = twin[3];
  twinNew[4] = twin[4] || '|1|';
  return { after: [...byId.values()], changed, ids };
}

function query(i: number, area: boolean): NearestQuery {
  const [clat, clon] = CENTRES[i % CENTRES.length]!;
  const latitude = Math.max(-89, Math.min(89, clat! + (random() - 0.5)));
  const longitude = clon! + (random() - 0.5);
  return {
    latitude,
    longitude,
    radiusKm: [5, 50, 500][i % 3]!,
    limit: [1, 10, 99][i % 3]!,
    countries: COUNTRIES,
    channel: i % 2 ? 'sales' : 'service',
    dropOff: i % 5 === 0 ? 'exclude' : 'any',
    ...(i % 4 === 0 ? { productId: '1' } : {}),
    ...(area
      ? {
          area: {
            south: latitude - 0.4,
            north: latitude + 0.4,
            west: longitude - 0.6,
            east: longitude + 0.6,
            maxPoints: 5000,
          },
        }
      : {}),
  };
}

const ids = (p: NearestPage) => p.stores.map((s) => s.id);
const sortedPoints = (p: NearestPage) => {
  const pairs: string[] = [];
  for (let i = 0; p.points && i < p.points.length; i += 2)
    pairs.push(`${p.points[i]},${p.points[i + 1]}`);
  return pairs.sort();
};

describe('StoreOverlay', () => {
  const { after, changed, ids: changedIds } = changes();
  const rebuilt = new StoreIndex(indexSource(after));
  const overlay = new StoreOverlay();
  overlay.apply(changedIds, read(changed, '5'));

  it('answers radius searches as an index rebuilt with the changes would, over 400 queries', () => {
    let found = 0;
    for (let i = 0; i < 400; i += 1) {
      const q = query(i, false);
      const got = overlay.nearest(baseIndex, q);
      const want = rebuilt.nearest(q);
      expect(ids(got)).toEqual(ids(want));
      expect(got.distancesKm).toEqual(want.distancesKm);
      found += got.stores.length;
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('answers area searches with the same stores, matches and positions', () => {
    for (let i = 0; i < 200; i += 1) {
      const q = query(i, true);
      const got = overlay.nearest(baseIndex, q);
      const want = rebuilt.nearest(q);
      expect(ids(got)).toEqual(ids(want));
      expect(got.total ?? 0).toBe(want.total ?? 0);
      expect(sortedPoints(got)).toEqual(sortedPoints(want));
    }
  });

  /** A search for the one store nearest a row's position (its sales channel). */
  const at = (row: Row): NearestQuery => ({
    latitude: row[1],
    longitude: row[2],
    radiusKm: 1,
    limit: 1,
    countries: COUNTRIES,
    channel: 'sales',
    dropOff: 'any',
  });
  const moved = changed.find((r) => r[4] !== '' && r[0] <= base.length)!;

  it('hands out the changed stores’ documents', () => {
    const [store] = overlay.nearest(baseIndex, at(moved)).stores;
    expect(store!.bytes.toString('utf8', store!.start, store!.end)).toBe(moved[10]);
  });

  it('keeps a later read of a store over an earlier one, and forgets what a newer index holds', () => {
    const o = new StoreOverlay();
    o.apply([`S-${moved[0]}`], read([moved], '7'));
    o.apply([`S-${moved[0]}`], read([], '6')); // an older read (deleted then) loses
    const q = {
      ...query(0, false),
      latitude: moved[1],
      longitude: moved[2],
      radiusKm: 1,
      limit: 1,
    };
    q.channel = moved[4] ? 'sales' : 'service';
    expect(ids(o.nearest(baseIndex, q))).toEqual([moved[0]]);
    o.coveredBy('6');
    expect(o.size).toBe(1);
    o.coveredBy('7');
    expect(o.size).toBe(0);
    o.apply(['S-1'], read([], '8'));
    o.clear();
    expect(o.size).toBe(0);
  });

  it('finds each store of an index by its id, and no other', () => {
    expect(baseIndex.positionOf('S-1')).toBeGreaterThanOrEqual(0);
    for (const r of base.slice(0, 300)) {
      const k = baseIndex.positionOf(`S-${r[0]}`);
      expect(baseIndex.storeIdAt(k)).toBe(`S-${r[0]}`);
    }
    expect(baseIndex.positionOf('S-')).toBe(-1);
    expect(baseIndex.positionOf('S-99999')).toBe(-1);
    expect(new StoreIndex({ rows: [], docs: () => [] }).positionOf('S-1')).toBe(-1);
  });
});
