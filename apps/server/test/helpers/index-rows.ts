/**
 * Random stores for the store index's tests (fixed seed): in clusters, with shared positions
 * (ties), near the antimeridian and a pole; and the brute-force search they are judged against.
 */
import type { IndexRow, IndexSource } from '../../src/modules/search/store-index.js';
import { haversineKm } from '../../src/modules/search/geo.js';
import type { NearestQuery } from '../../src/db/types.js';

export const CENTRES = [
  [51.5, -0.12], // London
  [48.85, 2.35], // Paris
  [-17.8, 179.9], // Fiji, by the antimeridian
  [-17.8, -179.95],
  [89.2, 10], // by the North Pole (the box takes every longitude)
  [35.68, 139.69], // Tokyo
];
export const COUNTRIES = ['GB', 'FR', 'FJ', 'JP', 'XX'];
export const CARRIERS = ['|Vodafone|', '|EE|O2|', ''];

/** A stored row: the index's columns, with the document itself last. */
export type Row = [
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

export function makeRows(n: number, random: () => number): Row[] {
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

export function reference(rows: readonly Row[], q: NearestQuery): { id: string; km: number }[] {
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

/** The rows as the index reads them (store ids "S-<id>", the ids of the documents). */
export function indexSource(rows: readonly Row[]): IndexSource {
  const docs = rows.map((r) => Buffer.from(r[10]));
  return {
    rows: rows.map(
      (r, i) => [...r.slice(0, 10), docs[i]!.length, `S-${r[0]}`] as unknown as IndexRow,
    ),
    docs: () => docs,
  };
}
