/**
 * The SQLite search's in-memory store index against a brute-force reference: every store's
 * great-circle distance, the filters, sorted by (distance, id), the first `limit` within the
 * radius. Random stores (fixed seed) in clusters, with shared positions (ties), near the
 * antimeridian and a pole, and random queries across every filter.
 */
import { describe, expect, it } from 'vitest';
import { StoreIndex, type IndexRow } from '../src/db/store-index.js';
import { haversineKm } from '../src/db/geo.js';
import { pageHits } from '../src/db/page.js';
import { Rng } from '../src/demo/rng.js';
import type { NearestQuery } from '../src/db/types.js';

const CENTRES = [
  [51.5, -0.12], // London
  [48.85, 2.35], // Paris
  [-17.8, 179.9], // Fiji, by the antimeridian
  [-17.8, -179.95],
  [89.2, 10], // by the North Pole (the box takes every longitude)
  [35.68, 139.69], // Tokyo
];
const COUNTRIES = ['GB', 'FR', 'FJ', 'JP', 'XX'];
const CARRIERS = ['|Vodafone|', '|EE|O2|', ''];

/** A stored row: the index's columns, with the document itself last. */
type Row = [
  id: number,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  trainingProducts: string,
  carriers: string,
  dropOff: number,
  hash: string,
  doc: string,
];

function makeRows(n: number, random: () => number): Row[] {
  const rows: Row[] = [];
  let last: [number, number] = [0, 0];
  for (let id = 1; id <= n; id += 1) {
    const [clat, clon] = CENTRES[Math.floor(random() * CENTRES.length)]!;
    // Every tenth store shares the previous one's position (exact ties).
    const pos: [number, number] =
      id % 10 === 0
        ? last
        : [
            Math.max(-90, Math.min(90, clat! + (random() - 0.5) * 1.5)),
            ((clon! + (random() - 0.5) * 3 + 540) % 360) - 180,
          ];
    last = pos;
    const list = () => {
      if (random() < 0.2) return '';
      const ids = [1, 2, 3, 4, 5].filter(() => random() < 0.5);
      return ids.length ? `|${ids.join('|')}|` : '|1|';
    };
    const doc = JSON.stringify({ storeId: `S-${id}`, title: `Store ${id} é 東京` });
    rows.push([
      id,
      pos[0],
      pos[1],
      COUNTRIES[Math.floor(random() * COUNTRIES.length)]!,
      list(),
      list(),
      list(),
      CARRIERS[Math.floor(random() * CARRIERS.length)]!,
      random() < 0.3 ? 1 : 0,
      `hash${id}`,
      doc,
    ]);
  }
  return rows;
}

function reference(rows: readonly Row[], q: NearestQuery): { id: string; km: number }[] {
  const product = q.productId ? `|${q.productId}|` : '';
  const carrier = q.carrier ? `|${q.carrier}|` : '';
  return rows
    .map((r) => ({ r, km: haversineKm(q.latitude, q.longitude, r[1], r[2]) }))
    .filter(({ r, km }) => {
      const list = q.channel === 'sales' ? r[4] : q.channel === 'training' ? r[6] : r[5];
      if (km > q.radiusKm || !q.countries.includes(r[3]) || list === '') return false;
      if (product && !list.includes(product)) return false;
      if (carrier && r[7] !== '' && !r[7].includes(carrier)) return false;
      if (q.dropOff === 'only' && !r[8]) return false;
      if (q.dropOff === 'exclude' && r[8]) return false;
      return true;
    })
    .sort((a, b) => a.km - b.km || a.r[0] - b.r[0])
    .slice(0, q.limit)
    .map(({ r, km }) => ({ id: `S-${r[0]}`, km }));
}

describe('store index (SQLite search)', () => {
  const rng = new Rng(42);
  const random = () => rng.next();
  const rows = makeRows(6000, random);
  const docs = rows.map((r) => Buffer.from(r[10]));
  const index = new StoreIndex({
    rows: rows.map((r, i) => [...r.slice(0, 10), docs[i]!.length] as IndexRow),
    docs: () => docs,
  });

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
