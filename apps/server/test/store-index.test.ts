/**
 * The SQLite search's in-memory store index against a brute-force reference: every store's
 * great-circle distance, the filters, sorted by (distance, id), the first `limit` within the
 * radius. Random stores (fixed seed) in clusters, with shared positions (ties), near the
 * antimeridian and a pole, and random queries across every filter.
 */
import { describe, expect, it } from 'vitest';
import { StoreIndex } from '../src/modules/search/store-index.js';
import { CENTRES, COUNTRIES, indexSource, makeRows, reference } from './helpers/index-rows.js';
import { pageHits } from '../src/modules/search/nearest-page.js';
import { Rng } from '../src/demo/rng.js';
import type { NearestQuery } from '../src/db/types.js';

describe('store index (SQLite search)', () => {
  const rng = new Rng(42);
  const random = () => rng.next();
  const rows = makeRows(6000, random);
  const index = new StoreIndex(indexSource(rows));

  it('answers exactly what a brute-force search does, over 600 random queries', () => {
    for (let i = 0; i < 600; i += 1) {
      const [clat, clon] = CENTRES[i % CENTRES.length]!;
      const q: NearestQuery = {
        latitude: Math.max(-90, Math.min(90, clat! + (random() - 0.5))),
        longitude: ((clon! + (random() - 0.5) * 2 + 540) % 360) - 180,
        radiusKm: [5, 40, 100, 400][i % 4]!,
        limit: [1, 7, 99, 500][(i >> 2) % 4]!,
        countries: i % 5 === 0 ? ['GB', 'FR', 'FJ', 'JP'] : [COUNTRIES[i % COUNTRIES.length]!],
        channel: (['sales', 'service', 'training'] as const)[(i >> 1) % 3]!,
        productId: i % 3 === 0 ? String(1 + (i % 6)) : undefined,
        carrier: i % 7 === 0 ? 'EE' : undefined,
        dropOff: (['any', 'only', 'exclude'] as const)[i % 3]!,
      };
      const got = pageHits(index.nearest(q)).map((h, j) => ({
        id: (JSON.parse(h.doc) as { storeId: string }).storeId,
        km: h.distanceKm,
        j,
      }));
      const want = reference(rows, q);
      expect(got.map((g) => g.id)).toEqual(want.map((w) => w.id));
      got.forEach((g) => expect(g.km).toBeCloseTo(want[g.j]!.km, 9));
    }
  });

  it('hands out each document as its exact bytes, with its hash', () => {
    const page = index.nearest({
      latitude: 51.5,
      longitude: -0.12,
      radiusKm: 100,
      limit: 20,
      countries: COUNTRIES,
      channel: 'sales',
      dropOff: 'any',
    });
    expect(page.stores.length).toBe(20);
    for (const s of page.stores) {
      const doc = s.bytes.toString('utf8', s.start, s.end);
      const id = Number((JSON.parse(doc) as { storeId: string }).storeId.slice(2));
      expect(doc).toBe(rows[id - 1]![10]);
      expect(s.hash).toBe(`hash${id}`);
    }
  });

  it('answers nothing for an unknown country or product, or a zero limit', () => {
    const q: NearestQuery = {
      latitude: 51.5,
      longitude: -0.12,
      radiusKm: 100,
      limit: 10,
      countries: ['GB'],
      channel: 'sales',
      dropOff: 'any',
    };
    expect(index.nearest({ ...q, countries: ['DE'] }).stores).toEqual([]);
    expect(index.nearest({ ...q, productId: '99' }).stores).toEqual([]);
    expect(index.nearest({ ...q, limit: 0 }).stores).toEqual([]);
  });
});
