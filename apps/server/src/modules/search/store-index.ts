/**
 * The in-memory store index: the store search of both databases (kept up to date by
 * ./store-follower.ts). Every store's position, filter columns, content hash and API document,
 * built from one read of the `stores` table. Positions and filters live
 * in typed arrays ordered by a 0.05° grid cell, so a nearest search reads a few contiguous runs
 * of memory; the documents are stored in the same order (UTF-8 JSON, never decoded
 * again), in one buffer or in the machine's documents file (./store-documents.ts), so a search
 * runs no query for them. It answers the `limit` nearest stores of the channel within the radius (great-circle distance on the
 * mean Earth sphere, ties by id).
 *
 * Candidates are compared by the squared chord between unit vectors (no trigonometry per
 * store; the chord grows with the great-circle distance, so the order is the same); only the
 * winners get their great-circle distance. Channel presence (sales, service, training) and
 * drop-off are bit flags, and
 * product lists are bit masks while the catalogue has at most 31 product ids.
 *
 * It is a derived structure: the table stays the source of truth and the index is rebuilt from
 * it when it changes (./store-follower.ts decides when), by ./store-index-build.ts, in a worker
 * thread for a database file or server (./store-index-worker.ts): the main thread only wraps
 * the arrays it is handed. About 80 bytes a store in memory, plus its document (~1 KB) in
 * memory or in the machine's documents file.
 */
import { EARTH_RADIUS_KM, boundingBoxes, haversineKm, type Box } from './geo.js';
import type { Area, NearestPage, NearestQuery, PageStore } from '../../db/types.js';
import { EMPTY_PAGE } from './nearest-page.js';
import { LON_CELLS, RAD, latCell, lonCell } from './store-index-grid.js';
import {
  DROP_OFF,
  LISTS,
  META,
  SALES,
  SERVICE,
  TRAINING,
  buildIndexParts,
  type IndexParts,
  type IndexSource,
} from './store-index-build.js';
import { FileDocuments, MemoryDocuments, type StoreDocuments } from './store-documents.js';

export type { IndexRow, IndexSource, IndexParts } from './store-index-build.js';

/** First search radius in km; grows by density until enough stores are inside. */
const START_RADIUS_KM = 3;
/** Relative margin on the chord bound, so rounding never drops a store at the radius. */
const CHORD_MARGIN = 1 + 1e-9;

/** Squared chord between two points of the unit sphere `km` apart on the Earth. */
function chord2(km: number): number {
  const c = 2 * Math.sin(Math.min(Math.PI, km / EARTH_RADIUS_KM) / 2);
  return c * c;
}

export class StoreIndex {
  readonly size: number;
  // The arrays and tables of IndexParts (./store-index-build.ts describes each).
  private readonly keys: Int32Array;
  private readonly ids: Float64Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly xyz: Float64Array;
  private readonly meta: Int32Array;
  private readonly listOf: Int32Array;
  private readonly productLists: string[];
  private readonly carrierLists: string[];
  private readonly productBits: Map<string, number> | undefined;
  private readonly tags: Float64Array;
  private readonly hashes: Buffer;
  private readonly hashStart: Int32Array;
  /** The stores' documents, in memory or in a file of the machine (./store-documents.ts). */
  readonly documents: StoreDocuments;
  private readonly countryCodes: Map<string, number>;
  private readonly storeIds: Buffer;
  private readonly storeIdStart: Int32Array;
  /** A search's candidates (positions, squared chords, ids), reused: searches are synchronous. */
  private found = new Int32Array(1024);
  private c2s = new Float64Array(1024);
  private candidateIds = new Float64Array(1024);

  /**
   * From a read of the stores (built here), or from data built elsewhere (no copy); parts
   * whose documents are in a file come with that file open as `docsFd`.
   */
  constructor(source: IndexSource | IndexParts, docsFd?: number) {
    const p = 'rows' in source ? buildIndexParts(source) : source;
    this.size = p.size;
    this.keys = p.keys;
    this.ids = p.ids;
    this.lats = p.lats;
    this.lons = p.lons;
    this.xyz = p.xyz;
    this.meta = p.meta;
    this.listOf = p.listOf;
    this.productLists = p.productLists;
    this.carrierLists = p.carrierLists;
    this.productBits = p.productBits && new Map(p.productBits);
    this.tags = p.tags;
    this.hashes = Buffer.from(p.hashes.buffer, p.hashes.byteOffset, p.hashes.byteLength);
    this.hashStart = p.hashStart;
    if (p.docsPath !== undefined && docsFd === undefined) {
      throw new Error('a store index whose documents are in a file needs the file open');
    }
    this.documents = p.docsPath
      ? new FileDocuments(docsFd!, p.docsPath, p.docStart)
      : new MemoryDocuments(
          Buffer.from(p.docs.buffer, p.docs.byteOffset, p.docs.byteLength),
          p.docStart,
        );
    this.countryCodes = new Map(p.countries.map((code, i) => [code, i]));
    this.storeIds = Buffer.from(p.storeIds.buffer, p.storeIds.byteOffset, p.storeIds.byteLength);
    this.storeIdStart = p.storeIdStart;
  }

  /**
   * The position of a store (by its store id) in this index, or -1: one byte search of the ids
   * (about 1 ms at 200,000 stores), for the few stores a write changed (./store-overlay.ts).
   */
  positionOf(storeId: string): number {
    const at = this.storeIds.indexOf(`\n${storeId}\n`, 0, 'latin1');
    if (at < 0) return -1;
    // The k whose id starts right after the newline found.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.storeIdStart[mid]! < at + 1) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The stores at positions `ks` as a search's page holds them, their documents read. */
  private pageStores(ks: readonly number[]): PageStore[] {
    const { bytes, at } = this.documents.read(ks);
    return ks.map(
      (k, i) =>
        new IndexedStore(
          bytes,
          at[2 * i]!,
          at[2 * i + 1]!,
          this.tags[k]!,
          this.ids[k]!,
          this.hashes,
          this.hashStart[k]!,
          this.hashStart[k + 1]!,
        ),
    );
  }

  /** The store id at position k. */
  storeIdAt(k: number): string {
    return this.storeIds.toString('latin1', this.storeIdStart[k]!, this.storeIdStart[k + 1]! - 1);
  }

  private growCandidates(): void {
    const size = this.found.length * 2;
    const found = new Int32Array(size);
    found.set(this.found);
    const c2s = new Float64Array(size);
    c2s.set(this.c2s);
    const ids = new Float64Array(size);
    ids.set(this.candidateIds);
    this.found = found;
    this.c2s = c2s;
    this.candidateIds = ids;
  }

  /** First position whose key is >= key. */
  private lowerBound(key: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The `limit` nearest stores matching the query within its radius, nearest first; with an
   * `area`, the `limit` stores inside the area nearest its point (no radius), and the position
   * of every match in the area (`points`, for the map's clusters). Positions flagged in
   * `removed` are left out (stores a write changed since this index was built).
   */
  nearest(q: NearestQuery, removed?: Uint8Array): NearestPage {
    if (q.countries.length === 0 || q.limit <= 0 || this.size === 0) return EMPTY_PAGE;
    const accepts = this.matcher(q);
    if (!accepts) return EMPTY_PAGE;
    const { latitude: lat, longitude: lon } = q;
    const qx = Math.cos(lat * RAD) * Math.cos(lon * RAD);
    const qy = Math.cos(lat * RAD) * Math.sin(lon * RAD);
    const qz = Math.sin(lat * RAD);
    const { lats, lons, xyz } = this;
    // Candidates: positions, squared chords and ids side by side.
    let count = 0;
    const scan = (boxes: readonly Box[], maxC2: number, area: Area | undefined) => {
      count = 0;
      for (const b of boxes) {
        const lonLo = lonCell(b.minLon);
        const lonHi = lonCell(b.maxLon);
        for (let row = latCell(b.minLat), last = latCell(b.maxLat); row <= last; row += 1) {
          const end = this.lowerBound(row * LON_CELLS + lonHi + 1);
          for (let k = this.lowerBound(row * LON_CELLS + lonLo); k < end; k += 1) {
            // The cells' rows and columns hold the bounding box; the chord (or the area) decides.
            const dx = xyz[3 * k]! - qx;
            const dy = xyz[3 * k + 1]! - qy;
            const dz = xyz[3 * k + 2]! - qz;
            const c2 = dx * dx + dy * dy + dz * dz;
            if (c2 > maxC2) continue;
            if (area && !inBox(b, lats[k]!, lons[k]!)) continue;
            if (!accepts(k)) continue;
            if (removed !== undefined && removed[k] === 1) continue;
            if (count === this.found.length) this.growCandidates();
            this.found[count] = k;
            this.c2s[count] = c2;
            this.candidateIds[count] = this.ids[k]!;
            count += 1;
          }
        }
      }
    };

    let points: Float64Array | undefined;
    if (q.area) {
      scan(areaBoxes(q.area), Number.POSITIVE_INFINITY, q.area);
      points = new Float64Array(2 * Math.min(count, q.area.maxPoints));
      for (let i = 0; 2 * i < points.length; i += 1) {
        const k = this.found[i]!;
        // Five decimals (about a metre): enough for a map, and a shorter answer.
        points[2 * i] = Math.round(lons[k]! * 1e5) / 1e5;
        points[2 * i + 1] = Math.round(lats[k]! * 1e5) / 1e5;
      }
    } else {
      let radius = Math.min(q.radiusKm, START_RADIUS_KM);
      for (;;) {
        scan(boundingBoxes(lat, lon, radius), chord2(radius) * CHORD_MARGIN, undefined);
        if (count >= q.limit || radius >= q.radiusKm) break;
        // Grow by the observed density (area ∝ r²), at least doubling.
        const factor = count > 0 ? Math.sqrt(q.limit / count) * 1.25 : 4;
        radius = Math.min(q.radiusKm, radius * Math.max(2, factor));
      }
    }
    if (count === 0) return EMPTY_PAGE;
    const n = Math.min(q.limit, count);
    const order = new Int32Array(count);
    for (let i = 0; i < count; i += 1) order[i] = i;
    sortFirst(order, 0, count - 1, n, this.c2s, this.candidateIds);
    const ks: number[] = [];
    const distancesKm: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const k = this.found[order[i]!]!;
      const km = haversineKm(lat, lon, lats[k]!, lons[k]!);
      // The chord bound had a margin; the radius itself is exact.
      if (!q.area && km > q.radiusKm) break;
      ks.push(k);
      distancesKm.push(km);
    }
    const stores = this.pageStores(ks);
    return points ? { stores, distancesKm, points, total: count } : { stores, distancesKm };
  }

  /**
   * Whether the store at position k matches the query's channel, countries, drop-off mode,
   * product and carrier; undefined when nothing can match.
   */
  private matcher(q: NearestQuery): ((k: number) => boolean) | undefined {
    const wanted = new Uint8Array(this.countryCodes.size);
    let any = false;
    for (const code of q.countries) {
      const c = this.countryCodes.get(code);
      if (c !== undefined) {
        wanted[c] = 1;
        any = true;
      }
    }
    if (!any) return undefined;
    // The channel's flag and its product bits' slot in `meta` (its list's slot in `listOf` is
    // one less).
    const [flag, maskAt] =
      q.channel === 'sales' ? [SALES, 1] : q.channel === 'training' ? [TRAINING, 3] : [SERVICE, 2];
    // Flags a store must have, and those it must not.
    const need = flag | (q.dropOff === 'only' ? DROP_OFF : 0);
    const refuse = q.dropOff === 'exclude' ? DROP_OFF : 0;
    let productBit = 0;
    let productText = '';
    if (q.productId) {
      const bit = this.productBits?.get(q.productId);
      if (this.productBits && bit === undefined) return undefined; // no store lists it
      if (bit !== undefined) productBit = bit;
      else productText = `|${q.productId}|`;
    }
    const carrier = q.carrier ? `|${q.carrier}|` : '';
    const { meta, listOf, productLists, carrierLists } = this;
    return (k) => {
      const m = meta[META * k]!;
      if ((m & need) !== need || (m & refuse) !== 0 || wanted[m >>> 8] !== 1) return false;
      if (productBit !== 0 && (meta[META * k + maskAt]! & productBit) === 0) return false;
      if (
        productText !== '' &&
        !productLists[listOf[LISTS * k + maskAt - 1]!]!.includes(productText)
      ) {
        return false;
      }
      if (carrier !== '') {
        const cs = carrierLists[listOf[LISTS * k + 3]!]!;
        if (cs !== '' && !cs.includes(carrier)) return false;
      }
      return true;
    };
  }
}

/**
 * A store of a search's page, read from the index at position k. Its content hash is read only
 * when asked (the search answer needs its numeric tag; only `nearest`'s hits need the text).
 */
class IndexedStore implements PageStore {
  constructor(
    readonly bytes: Buffer,
    readonly start: number,
    readonly end: number,
    readonly tag: number,
    readonly id: number,
    private readonly hashes: Buffer,
    private readonly hashFrom: number,
    private readonly hashTo: number,
  ) {}

  get hash(): string {
    return this.hashes.toString('utf8', this.hashFrom, this.hashTo);
  }
}

/** True when the position is inside the box (its edges included). */
function inBox(b: Box, lat: number, lon: number): boolean {
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}

/** An area as boxes within -180..180: one crossing the antimeridian (west > east) is two. */
function areaBoxes(a: Area): Box[] {
  const { south: minLat, north: maxLat, west, east } = a;
  if (west <= east) return [{ minLat, maxLat, minLon: west, maxLon: east }];
  return [
    { minLat, maxLat, minLon: west, maxLon: 180 },
    { minLat, maxLat, minLon: -180, maxLon: east },
  ];
}

/** True when candidate a comes before b: nearer, or as near with a lower id. */
function before(a: number, b: number, c2s: Float64Array, ids: Float64Array): boolean {
  const ca = c2s[a]!;
  const cb = c2s[b]!;
  return ca < cb || (ca === cb && ids[a]! < ids[b]!);
}

/**
 * Sorts `order[lo..hi]` (candidate numbers) enough that its first `n` positions hold the `n`
 * first candidates in order: a quicksort that leaves partitions wholly beyond `n` unsorted,
 * insertion sort for short runs. (Array.prototype.sort with a comparator took half a search.)
 */
function sortFirst(
  order: Int32Array,
  lo: number,
  hi: number,
  n: number,
  c2s: Float64Array,
  ids: Float64Array,
): void {
  while (hi - lo > 16) {
    // Median of three as the pivot.
    const mid = (lo + hi) >>> 1;
    if (before(order[mid]!, order[lo]!, c2s, ids)) swap(order, mid, lo);
    if (before(order[hi]!, order[lo]!, c2s, ids)) swap(order, hi, lo);
    if (before(order[hi]!, order[mid]!, c2s, ids)) swap(order, hi, mid);
    const pivot = order[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(order[i]!, pivot, c2s, ids)) i += 1;
      while (before(pivot, order[j]!, c2s, ids)) j -= 1;
      if (i <= j) {
        swap(order, i, j);
        i += 1;
        j -= 1;
      }
    }
    // [lo..j] before [i..hi]; only parts starting before n matter.
    if (i < n) sortFirst(order, i, hi, n, c2s, ids);
    hi = j;
  }
  for (let i = lo + 1; i <= hi; i += 1) {
    const v = order[i]!;
    let j = i - 1;
    while (j >= lo && before(v, order[j]!, c2s, ids)) {
      order[j + 1] = order[j]!;
      j -= 1;
    }
    order[j + 1] = v;
  }
}

function swap(order: Int32Array, a: number, b: number): void {
  const t = order[a]!;
  order[a] = order[b]!;
  order[b] = t;
}
