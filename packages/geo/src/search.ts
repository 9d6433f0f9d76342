/**
 * Autocomplete and forward geocoding over the gazetteer (ranking rules: see README.md).
 *
 * A query is, in this order: a coordinate ("48.85, 2.35"), a postcode (US ZIP, Canadian FSA),
 * a place with optional qualifiers ("Paris, TX", "London Ontario", "Manchester UK"), or a bare
 * region or country name (answered with its capital or administrative seat).
 */
import { formatAddress, placeResult, postcodeResult, round6 } from './format.js';
import { KEY_CODE, KEY_MAIN, NO_REGION, type Gazetteer } from './gazetteer.js';
import { distanceMetres, isValidLatLon } from './geo-math.js';
import { foldText, langInfo, type LangInfo } from './normalise.js';
import {
  BLOCK_SHIFT,
  SUPER_SHIFT,
  ScoreBounds,
  countryKeyOrder,
  type CountryKeyOrder,
} from './key-order.js';
import { nearestPlace } from './reverse.js';
import { CountryLocator } from './shapes.js';
import { findPostcodes, postcodeCountries, postcodeKey } from './postcodes.js';
import type { LatLon, Place, PlaceAnswer } from './types.js';

export type SearchMode = 'autocomplete' | 'geocode';

export interface SearchOptions {
  countries?: string[];
  lang: string;
  limit?: number;
  near?: LatLon;
}

export const DEFAULT_LIMIT: Record<SearchMode, number> = { autocomplete: 8, geocode: 5 };
const MAX_LIMIT = 50;
const MAX_QUERY_LENGTH = 200;
/**
 * When a typo match is trusted as the answer (trustTypos): one edit from 7 characters, two
 * from 14, and a place of at least `minPopulation` people; otherwise it is only suggested.
 */
export const TRUSTED_TYPO = { oneEditFrom: 7, twoEditsFrom: 14, minPopulation: 5000 };
/**
 * A qualifier naming a city of `minPeople` looks for the place within `km` of it first; a place
 * of that name elsewhere in a region of the same name needs `minTown` people.
 */
export const CITY_QUALIFIER = { minPeople: 500_000, km: 30, minTown: 10_000 };
/** Typo fallback (Searcher.fuzzy). */
const FUZZY = {
  minLength: 5,
  minPrefix: 4,
  maxCut: 5,
  twoEditsFrom: 8,
  maxRange: 20_000,
  editPenalty: 1,
};
/** Best matches of common short prefixes (Searcher.shortPrefixes). */
const SHORT_PREFIX = {
  maxLength: 2,
  /** Prefixes with fewer prefix matches than this are scanned (well under a millisecond). */
  minKeys: 1024,
  /** Places kept per prefix: enough for `limit` 20 (the most the HTTP API allows). */
  keep: 44,
};
/** Border precision of the 1:10m country polygons (quantised to ~400 m, then simplified). */
const SHAPE_PRECISION_M = 1500;

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

interface Candidate {
  place: number;
  score: number;
  /** Matched a whole name, not just a prefix. */
  exact: boolean;
  /** The query text that named the place (without qualifiers), for display. */
  typed?: string;
  /** Index of the matching key: equal scores rank in key order. */
  key: number;
  /** Edits between the query and the name (typo matches only). */
  edits?: number;
}

/** Country filter: a mask over country indices and their list, or null for "worldwide". */
interface CountryMask {
  has: Uint8Array;
  list: number[];
}

function countryMask(g: Gazetteer, codes: string[] | undefined): CountryMask | null {
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

// ---------------------------------------------------------------- coordinates and postcodes

const NUM = String.raw`([+-]?\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEWO])?`;
const COORD_RE = new RegExp(String.raw`^\s*${NUM}\s*[,;/\s]\s*${NUM}\s*$`, 'i');

/** "48.85, 2.35", "48.85 2.35", "48.85N 2.35E", "33.9S, 151.2E"; decimals or hemispheres needed. */
export function parseCoordinates(q: string): LatLon | null {
  const m = COORD_RE.exec(q);
  if (!m) return null;
  const [, a = '', ha, b = '', hb] = m;
  if (!(a.includes('.') && b.includes('.')) && !(ha && hb)) return null;
  let lat = Number(a);
  let lon = Number(b);
  let h1 = ha?.toUpperCase();
  let h2 = hb?.toUpperCase();
  if (h1 && 'EWO'.includes(h1) && (!h2 || 'NS'.includes(h2))) {
    [lat, lon, h1, h2] = [lon, lat, h2, h1];
  }
  if (h1 === 'S') lat = -Math.abs(lat);
  if (h2 === 'W') lon = -Math.abs(lon);
  return isValidLatLon(lat, lon) ? { lat, lon } : null;
}

// ---------------------------------------------------------------- the searcher

export class Searcher {
  /** Capital of each country, largest admin seat of each region (for bare names). */
  private readonly countryCapital = new Map<number, number>();
  private readonly regionSeat = new Map<number, number>();
  /** Per place: log10(population + 10) + rank weight (the query-independent part of a score). */
  private readonly baseScore: Float32Array;
  private readonly countries: CountryLocator;
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
    this.countries = new CountryLocator(g);
    this.baseScore = new Float32Array(g.placeCount);
    for (let p = 0; p < g.placeCount; p++) {
      this.baseScore[p] = Math.log10((g.placePop[p] ?? 0) + 10) + g.rank(p) * WEIGHTS.rank;
      const rank = g.rank(p);
      if (rank === 3) {
        const c = g.placeCountry[p] ?? 0;
        if (this.morePopulous(p, this.countryCapital.get(c))) this.countryCapital.set(c, p);
      }
      if (rank >= 2) {
        const r = g.placeRegion[p] ?? NO_REGION;
        const cur = this.regionSeat.get(r);
        const curRank = cur === undefined ? 0 : g.rank(cur);
        if (
          r !== NO_REGION &&
          (rank > curRank || (rank === curRank && this.morePopulous(p, cur)))
        ) {
          this.regionSeat.set(r, p);
        }
      }
    }
    this.byCountry = countryKeyOrder(g);
    const order = this.byCountry.order;
    this.keyScore = new Float64Array(g.keyCount);
    for (let i = 0; i < g.keyCount; i++) this.keyScore[i] = this.prefixScore(i);
    this.keyBounds = new ScoreBounds(this.keyScore, null);
    this.countryBounds = new ScoreBounds(this.keyScore, order);
  }

  /** Place p is more populous than place `than` (or there is none). */
  private morePopulous(p: number, than: number | undefined): boolean {
    return than === undefined || (this.g.placePop[p] ?? 0) > (this.g.placePop[than] ?? 0);
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

  autocomplete(q: string, o: SearchOptions): Place[] {
    return this.answer(q, o, 'autocomplete').places;
  }

  geocode(q: string, o: SearchOptions): Place[] {
    return this.answer(q, o, 'geocode').places;
  }

  /**
   * Reverse geocoding (also used to describe coordinate queries). The country comes from the
   * land polygons when the point is on land, so a point near a border gets the right country
   * even when the nearest town is across it; the place is then the best one in that country.
   */
  reverse(lat: number, lon: number, lang: LangInfo): Place | null {
    if (!isValidLatLon(lat, lon)) return null;
    const country = this.countries.countryAt(lat, lon);
    let hit = nearestPlace(this.g, lat, lon);
    // The polygons are good to about a kilometre: a place closer than that is trusted instead.
    const trustPlace = hit !== null && hit.distanceMetres <= SHAPE_PRECISION_M;
    if (country !== undefined && !trustPlace && this.g.placeCountry[hit?.place ?? -1] !== country) {
      hit = nearestPlace(this.g, lat, lon, 200, country);
      if (!hit) return this.countryOnly(country, lat, lon, lang);
    }
    return hit ? placeResult(this.g, hit.place, lang) : null;
  }

  /** A point in a country with no gazetteer place within reach (deserts, ice). */
  private countryOnly(country: number, lat: number, lon: number, lang: LangInfo): Place {
    const name = this.g.countryName(country, lang);
    return {
      lines: [name, ''],
      formattedAddress: name,
      latitude: round6(lat),
      longitude: round6(lon),
      countryCode: this.g.countryCode(country),
      kind: 'place',
    };
  }

  /** The results with a notice about postcodes or a "did you mean" suggestion (PlaceAnswer). */
  answer(rawQuery: string, o: SearchOptions, mode: SearchMode): PlaceAnswer {
    const q = rawQuery.normalize('NFC').slice(0, MAX_QUERY_LENGTH).trim();
    const asked = o.limit !== undefined && Number.isFinite(o.limit) ? o.limit : DEFAULT_LIMIT[mode];
    const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(asked)));
    const near = o.near && isValidLatLon(o.near.lat, o.near.lon) ? o.near : undefined;
    const lang = langInfo(o.lang);
    const mask = countryMask(this.g, o.countries);
    if (!q) return { places: [] };

    const coordinate = parseCoordinates(q);
    if (coordinate) return { places: [this.coordinateResult(coordinate, lang)] };

    const postcodes = this.searchPostcodes(q, mask, mode, limit, lang);
    if (postcodes) return postcodes;

    const { found: places, suggestion } = this.searchPlaces(q, mask, mode, limit, near);
    const exactAreas = this.searchAreas(q, mask, 'geocode', limit, lang);
    if (places.length === 0 && exactAreas.length === 0 && suggestion) {
      const [meant] = this.toResults([suggestion], 1, lang);
      return { places: [], ...(meant ? { suggestion: meant } : {}) };
    }
    if (mode === 'geocode') {
      // A place named exactly so wins; then a region or country of that name; then prefixes.
      if (places.some(isExact) || exactAreas.length === 0)
        return { places: this.toResults(places, limit, lang) };
      return { places: exactAreas };
    }
    const placeResults = this.toResults(places, limit + exactAreas.length, lang);
    const ordered = places.some(isExact)
      ? [...placeResults, ...exactAreas]
      : [...exactAreas, ...placeResults];
    if (ordered.length < limit)
      ordered.push(...this.searchAreas(q, mask, 'autocomplete', limit, lang));
    // One suggestion per pair of lines (a city and its region often share a name).
    const results: Place[] = [];
    const seen = new Set<string>();
    for (const r of ordered) {
      const id = r.lines.join('|');
      if (!seen.has(id)) results.push(r);
      seen.add(id);
    }
    return { places: results.slice(0, limit) };
  }

  private coordinateResult(c: LatLon, lang: LangInfo): Place {
    const text = `${c.lat.toFixed(5)}, ${c.lon.toFixed(5)}`;
    const near = this.reverse(c.lat, c.lon, lang);
    return {
      lines: [text, near?.formattedAddress ?? ''],
      formattedAddress: text,
      latitude: round6(c.lat),
      longitude: round6(c.lon),
      countryCode: near?.countryCode ?? '',
      ...(near?.region ? { region: near.region } : {}),
      kind: 'coordinate',
    };
  }

  /**
   * A postcode-shaped query: the codes found, else (when an allowed country writes codes so) a
   * notice instead of a fuzzy place; null when the query is not a postcode of any allowed country.
   */
  private searchPostcodes(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    lang: LangInfo,
  ): PlaceAnswer | null {
    const key = postcodeKey(q);
    if (!key) return null;
    const allowed = (c: number): boolean => !mask || !!mask.has[c];
    const found = findPostcodes(this.g, key, allowed, mode, limit, mask !== null);
    if (found.length > 0) return { places: found.map((i) => postcodeResult(this.g, i, lang)) };
    const countries = postcodeCountries(q).filter((c) => {
      const i = this.g.countryIndex(c);
      return i !== undefined && allowed(i);
    });
    if (countries.length === 0) return null;
    const notOffline = countries.filter((c) => !this.g.hasPostcodes(c));
    return {
      places: [],
      notice:
        notOffline.length > 0
          ? { code: 'postcode-not-offline', countries: notOffline }
          : { code: 'postcode-unknown', countries },
    };
  }

  /**
   * Place search with qualifiers after commas, else trailing words tried as qualifiers; a typo
   * match only when it is probably meant (trustTypos), else offered as a suggestion.
   */
  private searchPlaces(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    near: LatLon | undefined,
  ): { found: Candidate[]; suggestion?: Candidate } {
    const parts = q
      .split(/[,，、،]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const [head = '', ...qualifiers] = parts;
    if (qualifiers.length > 0) {
      // "Bandra, Mumbai", "Miraflores, Lima": a qualifier naming a big city means near it.
      const city = qualifiers.length === 1 ? this.cityQualifier(qualifiers[0] ?? '', mask) : null;
      if (city) {
        const found = this.rank(head, mask, city.near, mode, limit, near);
        if (found.length > 0) return { found };
      }
      const filter = this.qualifierFilter(qualifiers, mode);
      if (!filter) return { found: [] };
      // Far from the city named, only a sizeable town of that region is probably meant.
      const sized = city
        ? (p: number) => filter(p) && (this.g.placePop[p] ?? 0) >= CITY_QUALIFIER.minTown
        : filter;
      const found = this.rank(head, mask, sized, mode, limit, near);
      if (found.length > 0) return { found };
      return trustTypos(head, this.fuzzy(head, mask, sized, mode, limit, near), this.g);
    }
    const whole = this.rank(head, mask, null, mode, limit, near);
    if (mode === 'autocomplete' ? whole.length > 0 : whole.some(isExact)) return { found: whole };
    // "Paris Texas", "London Ontario", "Manchester UK": trailing words as a qualifier.
    const words = head.split(/\s+/);
    for (let cut = words.length - 1; cut >= 1; cut--) {
      const filter = this.qualifierFilter([words.slice(cut).join(' ')], mode);
      if (!filter) continue;
      const found = this.rank(words.slice(0, cut).join(' '), mask, filter, mode, limit, near);
      if (found.length > 0) return { found };
    }
    if (whole.length > 0) return { found: whole };
    return trustTypos(head, this.fuzzy(head, mask, null, mode, limit, near), this.g);
  }

  /**
   * Typo fallback when nothing matched: names sharing all but the last few characters of the
   * query ("Manchestr", "Barcelonna") and within 1 edit (2 from 8 characters) of it; in
   * autocomplete the name's beginning is compared, as the query may be unfinished.
   */
  private fuzzy(
    text: string,
    mask: CountryMask | null,
    filter: QualifierFilter | null,
    mode: SearchMode,
    limit: number,
    near: LatLon | undefined,
  ): Candidate[] {
    const key = foldText(text);
    if (key.length < FUZZY.minLength) return [];
    const maxEdits = key.length >= FUZZY.twoEditsFrom ? 2 : 1;
    const g = this.g;
    const top: Candidate[] = [];
    for (let cut = 1; cut <= FUZZY.maxCut && key.length - cut >= FUZZY.minPrefix; cut++) {
      const [lo, hi] = g.keyPrefixRange(key.slice(0, key.length - cut));
      if (hi - lo > FUZZY.maxRange) break;
      for (let i = lo; i < hi; i++) {
        const p = g.keyPlace[i] ?? 0;
        const flags = g.keyFlags[i] ?? 0;
        if (flags & KEY_CODE) continue;
        if (mask && !mask.has[g.placeCountry[p] ?? 0]) continue;
        if (filter && !filter(p)) continue;
        const candidate = g.key(i);
        const compared = mode === 'autocomplete' ? candidate.slice(0, key.length) : candidate;
        const edits = editDistance(compared, key, maxEdits);
        if (edits > maxEdits) continue;
        const score = this.score(p, flags, false, mode, near) - edits * FUZZY.editPenalty;
        insertTop(top, { place: p, score, exact: false, key: i, edits }, limit * 2 + 4);
      }
      // A closer name may share fewer first characters ("Florance": Florans, then Florence).
      if (top.some((c) => (c.edits ?? 0) <= 1)) break;
    }
    return top;
  }

  private score(
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
   * A qualifier that names a city of CITY_QUALIFIER.minPeople (and no country): a filter for
   * places within CITY_QUALIFIER.km of it.
   */
  private cityQualifier(text: string, mask: CountryMask | null): { near: QualifierFilter } | null {
    const key = foldText(text);
    if (!key || this.g.areasMatching(key, false).countries.size > 0) return null;
    const cities = this.rank(text, mask, null, 'geocode', 5, undefined).filter(
      (c) => c.exact && (this.g.placePop[c.place] ?? 0) >= CITY_QUALIFIER.minPeople,
    );
    if (cities.length === 0) return null;
    const g = this.g;
    return {
      near: (p) =>
        cities.some(
          (c) =>
            distanceMetres(
              g.placeLat[p] ?? 0,
              g.placeLon[p] ?? 0,
              g.placeLat[c.place] ?? 0,
              g.placeLon[c.place] ?? 0,
            ) /
              1000 <=
            CITY_QUALIFIER.km,
        ),
    };
  }

  /**
   * Which regions and countries the qualifiers name (all must match: "Springfield, IL, US").
   * In autocomplete the last qualifier may be incomplete, so it matches as a prefix.
   */
  private qualifierFilter(qualifiers: string[], mode: SearchMode): QualifierFilter | null {
    const filters: { regions: Set<number>; countries: Set<number> }[] = [];
    qualifiers.forEach((raw, n) => {
      const key = foldText(raw);
      if (!key) return;
      const prefix = mode === 'autocomplete' && n === qualifiers.length - 1;
      filters.push(this.g.areasMatching(key, prefix));
    });
    if (filters.length === 0) return null;
    if (filters.some((f) => f.regions.size === 0 && f.countries.size === 0)) return null;
    return (place) => {
      const r = this.g.placeRegion[place] ?? NO_REGION;
      const c = this.g.placeCountry[place] ?? 0;
      return filters.every((f) => f.countries.has(c) || f.regions.has(r));
    };
  }

  /**
   * Scores every place whose folded name starts with (or, geocoding, equals) `text`, keeping
   * the best `limit * 2 + 4`. Keys equal to the text come first; then the prefix matches, the
   * most promising spans first, skipping blocks whose best possible score cannot enter the top
   * list (so "s" reads a few hundred of its 67,000 keys). Equal scores rank in key order, as a
   * full scan would, so the answer does not depend on the order of reading.
   */
  private rank(
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

  private toResults(candidates: Candidate[], limit: number, lang: LangInfo): Place[] {
    const out: Place[] = [];
    const seen = new Set<string>();
    for (const c of candidates) {
      const place = placeResult(this.g, c.place, lang, c.typed);
      // GeoNames sometimes holds a city twice (e.g. as city and as its central district).
      const id = `${place.lines[0]}|${place.lines[1]}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(place);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** A bare country or region name: its capital or administrative seat, named after the area. */
  private searchAreas(
    q: string,
    mask: CountryMask | null,
    mode: SearchMode,
    limit: number,
    lang: LangInfo,
  ): Place[] {
    const key = foldText(q);
    if (!key || (mode === 'autocomplete' && key.length < 3)) return [];
    const { countries, regions } = this.g.areasMatching(key, mode === 'autocomplete');
    const out: Place[] = [];
    for (const c of [...countries].sort((a, b) => a - b)) {
      const seat = this.countryCapital.get(c);
      if (seat === undefined || (mask && !mask.has[c])) continue;
      const name = this.g.countryName(c, lang);
      out.push(this.areaResult(seat, name, undefined, name, lang));
    }
    for (const r of [...regions].sort((a, b) => a - b)) {
      const seat = this.regionSeat.get(r);
      const c = this.g.regions[r]?.country ?? 0;
      if (seat === undefined || (mask && !mask.has[c])) continue;
      const name = this.g.regionName(r, lang) ?? '';
      out.push(this.areaResult(seat, name, name, this.g.countryName(c, lang), lang));
    }
    return out.slice(0, limit);
  }

  private areaResult(
    seat: number,
    name: string,
    region: string | undefined,
    country: string,
    lang: LangInfo,
  ): Place {
    const base = placeResult(this.g, seat, lang);
    return {
      ...base,
      lines: [name, region ? country : ''],
      formattedAddress: formatAddress(lang, name, undefined, region ? country : undefined),
      ...(region ? { region } : {}),
    };
  }
}

type QualifierFilter = (place: number) => boolean;

/**
 * Typo matches are answers only when probably meant: few edits for the query's length ("Bandra"
 * is one edit from Banda, "Shinjuku" two from Shintoku: both other places) and a town big enough
 * to be a likely target. Otherwise the best is a "did you mean" suggestion.
 */
function trustTypos(
  text: string,
  found: Candidate[],
  g: Gazetteer,
): { found: Candidate[]; suggestion?: Candidate } {
  const best = found[0];
  if (!best) return { found: [] };
  const length = foldText(text).replace(/ /g, '').length;
  const allowed =
    length >= TRUSTED_TYPO.twoEditsFrom ? 2 : length >= TRUSTED_TYPO.oneEditFrom ? 1 : 0;
  const trusted = found.filter(
    (c) => (c.edits ?? 0) <= allowed && (g.placePop[c.place] ?? 0) >= TRUSTED_TYPO.minPopulation,
  );
  return trusted.length > 0 ? { found: trusted } : { found: [], suggestion: best };
}

function isExact(c: Candidate): boolean {
  return c.exact;
}

/** Candidate order: higher score first, then the earlier key. */
function better(a: Candidate, b: Candidate): boolean {
  return a.score > b.score || (a.score === b.score && a.key < b.key);
}

/** Keeps the `keep` best candidates (one per place, its best score), sorted best first. */
function insertTop(top: Candidate[], c: Candidate, keep: number): void {
  const last = top[top.length - 1];
  if (top.length >= keep && last && !better(c, last)) return;
  const existing = top.findIndex((t) => t.place === c.place);
  if (existing >= 0) {
    const e = top[existing];
    if (e && !better(c, e)) return;
    top.splice(existing, 1);
  }
  let i = top.length;
  while (i > 0 && better(c, top[i - 1] as Candidate)) i--;
  top.splice(i, 0, c);
  if (top.length > keep) top.pop();
}

/**
 * Edit distance between a and b counting insertions, deletions, substitutions and swaps of
 * two neighbouring characters (optimal string alignment), or `max + 1` once it must exceed
 * `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (before[j - 2] ?? 0) + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}
