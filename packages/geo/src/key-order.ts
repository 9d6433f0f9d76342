/**
 * Load-time search structures over the sorted search keys, so that a short prefix ("s", "東")
 * does not mean scoring tens of thousands of keys:
 *
 * - `countryOrder`: the key indices grouped by the country of their place, each group still in
 *   key order, so a search limited to countries only reads those countries' keys;
 * - `ScoreBounds`: for every block of 32 positions (and every 1,024) of a key order, the best
 *   score a key there can reach as a prefix match, so the scan skips blocks that cannot enter
 *   the current top list.
 *
 * Both are derived from the index at load (~30 ms, ~4 MB), not stored in it.
 */
import type { Gazetteer } from './gazetteer.js';

export const BLOCK_SHIFT = 5;
export const SUPER_SHIFT = 10;

/** Key indices ordered by (country of the place, key), and where each country's keys start. */
export interface CountryKeyOrder {
  order: Uint32Array;
  /** Per country index c: its keys are order[start[c]..start[c + 1]). */
  start: Uint32Array;
}

export function countryKeyOrder(g: Gazetteer): CountryKeyOrder {
  const n = g.keyCount;
  const countries = g.countries.length;
  const start = new Uint32Array(countries + 1);
  for (let i = 0; i < n; i++) {
    const c = (g.placeCountry[g.keyPlace[i] ?? 0] ?? 0) + 1;
    start[c] = (start[c] ?? 0) + 1;
  }
  for (let c = 0; c < countries; c++) start[c + 1] = (start[c + 1] ?? 0) + (start[c] ?? 0);
  const next = start.slice(0, countries);
  const order = new Uint32Array(n);
  // A stable counting sort: within a country, keys stay in key order.
  for (let i = 0; i < n; i++) {
    const c = g.placeCountry[g.keyPlace[i] ?? 0] ?? 0;
    const at = next[c] ?? 0;
    order[at] = i;
    next[c] = at + 1;
  }
  return { order, start };
}

/** Per block of positions of a key order: the highest score of its keys. */
export class ScoreBounds {
  readonly block: Float64Array;
  readonly superBlock: Float64Array;

  /** `scores` by key index; `order` the key order (null: key indices themselves). */
  constructor(scores: Float64Array, order: Uint32Array | null) {
    const count = scores.length;
    const block = new Float64Array((count >>> BLOCK_SHIFT) + 1).fill(-Infinity);
    const superBlock = new Float64Array((count >>> SUPER_SHIFT) + 1).fill(-Infinity);
    for (let s = 0; s < count; s++) {
      const b = scores[order ? (order[s] ?? 0) : s] ?? -Infinity;
      if (b > (block[s >>> BLOCK_SHIFT] ?? -Infinity)) block[s >>> BLOCK_SHIFT] = b;
      if (b > (superBlock[s >>> SUPER_SHIFT] ?? -Infinity)) superBlock[s >>> SUPER_SHIFT] = b;
    }
    this.block = block;
    this.superBlock = superBlock;
  }
}
