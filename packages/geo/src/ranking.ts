/**
 * Place ranking: scores the places whose names start with (or equal) a query's text and keeps
 * the best (README "Ranking"). Keys equal to the text come first; prefix matches are read the
 * most promising spans first, skipping blocks whose best possible score cannot enter the list.
 */
import { type Candidate, insertTop } from './candidates.js';
import { KEY_CODE, KEY_MAIN, type Gazetteer } from './gazetteer.js';
import { distanceMetres } from './geo-math.js';
import { foldText } from './normalise.js';
import {
  BLOCK_SHIFT,
  SUPER_SHIFT,
  ScoreBounds,
  countryKeyOrder,
  type CountryKeyOrder,
} from './key-order.js';
import type { LatLon } from './types.js';

export type SearchMode = 'autocomplete' | 'geocode';

/** A filter over places (qualifiers such as "TX" or "near Lima"). */
export type QualifierFilter = (place: number) => boolean;

/** Best matches of common short prefixes (PlaceRanker.shortPrefixes). */
const SHORT_PREFIX = {
  maxLength: 2,
  /** Prefixes with fewer prefix matches than this are scanned (well under a millisecond). */
  minKeys: 1024,
  /** Places kept per prefix: enough for `limit` 20 (the most the HTTP API allows). */
  keep: 44,
};

/** Ranking weights (README "Ranking"). */
export const WEIGHTS = {
  /** Per feature rank: capital 3, admin-1 seat 2, admin-2 seat 1. */
  rank: 0.4,
  mainName: 0.3,
  exact: { autocomplete: 1, geocode: 2 },
  codeOnly: -1.5,
  /** Bonus for places near `near`: nearMax / (1 + km / nearKm). */
  nearMax: 3,
  nearKm: 50,
};

/** Country filter: a mask over country indices and their list, or null for "worldwide". */
export interface CountryMask {
  has: Uint8Array;
  list: number[];
}

export function countryMask(g: Gazetteer, codes: string[] | undefined): CountryMask | null {
  if (!codes || codes.length === 0) return null;
  const has = new Uint8Array(g.countries.length);
  const list: number[] = [];
  for (const code of codes) {
    const i = g.countryIndex(code);
    if (i !== undefined && !has[i]) {
      has[i] = 1;
      list.push(i);
    }
  }
  // Only unknown codes (e.g. a regional catch-all such as "europe"): no country limit.
  return list.length > 0 ? { has, list } : null;
}

/** A run of positions [lo, hi) in a key order (null: the keys themselves, in key order). */
interface Segment {
  /** The country whose keys these are, or -1 (worldwide). */
  country: number;
  order: Uint32Array | null;
  bounds: ScoreBounds;
  lo: number;
  hi: number;
  /** End of the keys equal to the query (they sort first). */
  exactEnd: number;
}

/** Positions [from, to) of a segment within one span of 1,024, and their best possible score. */
interface Span {
  segment: Segment;
  from: number;
  to: number;
  max: number;
}

/** What a prefix scan needs besides its positions. */
interface ScanQuery {
  top: Candidate[];
  keep: number;
  /** Most that `near` can add to a score. */
  extra: number;
  filter: QualifierFilter | null;
  mode: SearchMode;
  near: LatLon | undefined;
  text: string;
}

export class PlaceRanker {
  /** Per place: log10(population + 10) + rank weight (the query-independent part of a score). */
  private readonly baseScore: Float32Array;
  /** Keys grouped by country (key-order.ts), and score bounds over both key orders. */
  private readonly byCountry: CountryKeyOrder;
  private readonly keyBounds: ScoreBounds;
  private readonly countryBounds: ScoreBounds;
  /** Per key: its score as a prefix match without `near` (prefixScore). */
  private readonly keyScore: Float64Array;
  /**
   * Best prefix matches (one key per place, best first) of common prefixes of one or two
   * characters, worldwide and per country, `${country}|${prefix}` → key indices: computed on
   * first use, at most one per such prefix (about 400 in all).
   */
  private readonly shortPrefixes = new Map<string, Uint32Array>();

  constructor(private readonly g: Gazetteer) {
    this.baseScore = new Float32Array(g.placeCount);
    for (let p = 0; p < g.placeCount; p++) {
      this.baseScore[p] = Math.log10((g.placePop[p] ?? 0) + 10) + g.rank(p) * WEIGHTS.rank;
    }
    this.byCountry = countryKeyOrder(g);
    const order = this.byCountry.order;
    this.keyScore = new Float64Array(g.keyCount);
    for (let i = 0; i < g.keyCount; i++) this.keyScore[i] = this.prefixScore(i);
    this.keyBounds = new ScoreBounds(this.keyScore, null);
    this.countryBounds = new ScoreBounds(this.keyScore, order);
  }

  /**
   * The SHORT_PREFIX.keep best places among the keys at positions [from, to) (worldwide or of a
   * country) as prefix matches, by their best key: that key's index, best first. One pass (the
   * block skipping of scanSpans pays off for one query, not for hundreds of tables).
   */
  private bestPrefixMatches(country: number, from: number, to: number): Uint32Array {
    const order = country < 0 ? null : this.byCountry.order;
    const keep = SHORT_PREFIX.keep;
    const keyScore = this.keyScore;
    const top: Candidate[] = [];
    let worst = -Infinity;
    for (let s = from; s < to; s++) {
      const i = order ? (order[s] ?? 0) : s;
      const score = keyScore[i] ?? -Infinity;
      if (score < worst || score === -Infinity) continue;
      insertTop(top, { place: this.g.keyPlace[i] ?? 0, score, exact: false, key: i }, keep);
      if (top.length >= keep) worst = top[keep - 1]?.score ?? -Infinity;
    }
    return Uint32Array.from(top, (c) => c.key);
  }

  /**
   * Score of key i matching as a prefix (not the whole name), without `near`: exactly what
   * `score` computes then; -Infinity for codes, which only match whole.
   */
  private prefixScore(i: number): number {
    const flags = this.g.keyFlags[i] ?? 0;
    if (flags & KEY_CODE) return -Infinity;
    return (
      (this.baseScore[this.g.keyPlace[i] ?? 0] ?? 0) + (flags & KEY_MAIN ? WEIGHTS.mainName : 0)
    );
  }

  /** Score of place p matched by a key with `flags` (README "Ranking"). */
  score(
    p: number,
    flags: number,
    exact: boolean,
    mode: SearchMode,
    near: LatLon | undefined,
  ): number {
    const g = this.g;
    let score =
      (this.baseScore[p] ?? 0) +
      (flags & KEY_MAIN ? WEIGHTS.mainName : 0) +
      (exact ? WEIGHTS.exact[mode] : 0) +
      (flags & KEY_CODE && !(flags & KEY_MAIN) ? WEIGHTS.codeOnly : 0);
    if (near) {
      const km = distanceMetres(near.lat, near.lon, g.placeLat[p] ?? 0, g.placeLon[p] ?? 0) / 1000;
      score += WEIGHTS.nearMax / (1 + km / WEIGHTS.nearKm);
    }
    return score;
  }

  /**
   * Scores every place whose folded name starts with (or, geocoding, equals) `text`, keeping
   * the best `limit * 2 + 4`. Keys equal to the text come first; then the prefix matches, the
   * most promising spans first, skipping blocks whose best possible score cannot enter the top
   * list (so "s" reads a few hundred of its 67,000 keys). Equal scores rank in key order, as a
   * full scan would, so the answer does not depend on the order of reading.
   */
  rank(
    text: string,
    mask: CountryMask | null,
    filter: QualifierFilter | null,
    mode: SearchMode,
    limit: number,
    near: LatLon | undefined,
  ): Candidate[] {
    const key = foldText(text);
    if (!key) return [];
    const g = this.g;
    const keep = limit * 2 + 4;
    const top: Candidate[] = [];
    const segments = this.segments(key, mask);

    // Whole names. Geocoding wants the name itself: prefixes only when no name matches.
    let anyExact = false;
    for (const { order, lo, exactEnd } of segments) {
      for (let s = lo; s < exactEnd; s++) {
        const i = order ? (order[s] ?? 0) : s;
        const p = g.keyPlace[i] ?? 0;
        if (filter && !filter(p)) continue;
        anyExact = true;
        const score = this.score(p, g.keyFlags[i] ?? 0, true, mode, near);
        insertTop(top, { place: p, score, exact: true, typed: text, key: i }, keep);
      }
    }
    if (mode === 'geocode' && anyExact) return top;

    const q: ScanQuery = { top, keep, extra: near ? WEIGHTS.nearMax : 0, filter, mode, near, text };
    let scan = segments;
    if (!filter && !near && key.length <= SHORT_PREFIX.maxLength && keep <= SHORT_PREFIX.keep) {
      // Common short prefixes: their best places are computed once.
      scan = [];
      for (const segment of segments) {
        const { country, exactEnd, hi } = segment;
        if (hi - exactEnd < SHORT_PREFIX.minKeys) {
          scan.push(segment);
          continue;
        }
        let best = this.shortPrefixes.get(`${country}|${key}`);
        if (!best) {
          best = this.bestPrefixMatches(country, exactEnd, hi);
          this.shortPrefixes.set(`${country}|${key}`, best);
        }
        for (const i of best) {
          const p = g.keyPlace[i] ?? 0;
          const score = this.score(p, g.keyFlags[i] ?? 0, false, mode, undefined);
          insertTop(top, { place: p, score, exact: false, typed: text, key: i }, keep);
        }
      }
    }
    this.scanSpans(scan, q);
    return top;
  }

  /**
   * Prefix matches of the segments, the most promising spans of 1,024 keys first (by their best
   * possible score), so the top list fills with strong candidates early and the remaining spans
   * and blocks are skipped.
   */
  private scanSpans(segments: Segment[], q: ScanQuery): void {
    const spans: Span[] = [];
    for (const segment of segments) {
      const { bounds, exactEnd, hi } = segment;
      for (let from = exactEnd; from < hi;) {
        const to = Math.min(hi, ((from >>> SUPER_SHIFT) + 1) << SUPER_SHIFT);
        const max = bounds.superBlock[from >>> SUPER_SHIFT] ?? -Infinity;
        if (max > -Infinity) spans.push({ segment, from, to, max });
        from = to;
      }
    }
    if (spans.length > 1) spans.sort((a, b) => b.max - a.max);
    const { top, keep, extra } = q;
    for (const { segment, from, to, max } of spans) {
      if (top.length >= keep && max + extra < (top[top.length - 1]?.score ?? -Infinity)) break;
      this.scanPrefixes(segment, from, to, q);
    }
  }

  /** Scores the prefix matches at positions [from, to) of a segment, skipping hopeless blocks. */
  private scanPrefixes(segment: Segment, from: number, to: number, q: ScanQuery): void {
    const { order, bounds } = segment;
    const { top, keep, extra, filter, mode, near, text } = q;
    const { keyPlace, keyFlags } = this.g;
    const keyScore = this.keyScore;
    const block = bounds.block;
    let s = from;
    while (s < to) {
      if (top.length >= keep) {
        const worst = top[top.length - 1]?.score ?? -Infinity;
        if ((block[s >>> BLOCK_SHIFT] ?? 0) + extra < worst) {
          s = ((s >>> BLOCK_SHIFT) + 1) << BLOCK_SHIFT;
          continue;
        }
      }
      const end = Math.min(to, ((s >>> BLOCK_SHIFT) + 1) << BLOCK_SHIFT);
      for (; s < end; s++) {
        const i = order ? (order[s] ?? 0) : s;
        const bound = keyScore[i] ?? -Infinity;
        if (bound === -Infinity) continue; // a code: matches whole only
        if (top.length >= keep && bound + extra < (top[top.length - 1]?.score ?? -Infinity)) {
          continue;
        }
        const p = keyPlace[i] ?? 0;
        if (filter && !filter(p)) continue;
        const score = this.score(p, keyFlags[i] ?? 0, false, mode, near);
        insertTop(top, { place: p, score, exact: false, typed: text, key: i }, keep);
      }
    }
  }

  /** Where the keys starting with `key` are: one range worldwide, else one per country. */
  private segments(key: string, mask: CountryMask | null): Segment[] {
    const out: Segment[] = [];
    for (const country of mask ? mask.list : [-1]) {
      const segment = this.segment(country, key);
      if (segment) out.push(segment);
    }
    return out;
  }

  /** The keys starting with `key`, worldwide (country -1) or of one country; null if none. */
  private segment(country: number, key: string): Segment | null {
    const g = this.g;
    let order: Uint32Array | null = null;
    let lo: number;
    let hi: number;
    if (country < 0) {
      [lo, hi] = g.keyPrefixRange(key);
    } else {
      const { start } = this.byCountry;
      order = this.byCountry.order;
      [lo, hi] = g.keyPrefixRangeIn(order, start[country] ?? 0, start[country + 1] ?? 0, key);
    }
    if (hi <= lo) return null;
    let exactEnd = lo;
    while (exactEnd < hi && g.keyLength(order ? (order[exactEnd] ?? 0) : exactEnd) === key.length) {
      exactEnd++;
    }
    const bounds = order ? this.countryBounds : this.keyBounds;
    return { country, order, bounds, lo, hi, exactEnd };
  }
}
