/**
 * The in-memory store index: the store search of both databases (kept up to date by
 * ./store-follower.ts). Every store's position, filter columns, content hash and API document,
 * built from one read of the `stores` table. Positions and filters live
 * in typed arrays ordered by a 0.05° grid cell, so a nearest search reads a few contiguous runs
 * of memory; the documents live in one buffer in the same order (UTF-8 JSON, never decoded
 * again), so a search runs no query for them. It answers the `limit` nearest stores of the channel within the radius (great-circle distance on the
 * PostGIS sphere, ties by id).
 *
 * Candidates are compared by the squared chord between unit vectors (no trigonometry per
 * store; the chord grows with the great-circle distance, so the order is the same); only the
 * winners get their great-circle distance. Channel presence (sales, service, training) and
 * drop-off are bit flags, and
 * product lists are bit masks while the catalogue has at most 31 product ids.
 *
 * It is a derived structure: the table stays the source of truth and the index is rebuilt from
 * it when it changes (./store-follower.ts decides when). About 80 bytes a store plus its
 * document (~650 bytes): ~150 MB for
 * 200,000 stores.
 */
import { EARTH_RADIUS_KM, boundingBoxes, haversineKm, type Box } from './geo.js';
import type { Area, NearestPage, NearestQuery, PageStore } from './types.js';
import { EMPTY_PAGE, hashTag } from './page.js';

/** Grid cell size in degrees. */
const CELL = 0.05;
const LON_CELLS = Math.ceil(360 / CELL);
const LAT_CELLS = Math.ceil(180 / CELL);
/** First search radius in km; grows by density until enough stores are inside. */
const START_RADIUS_KM = 3;
const RAD = Math.PI / 180;
/** Relative margin on the chord bound, so rounding never drops a store at the radius. */
const CHORD_MARGIN = 1 + 1e-9;

const SALES = 1;
const SERVICE = 2;
const DROP_OFF = 4;
const TRAINING = 8;
/** Int32 slots per store in `meta`: flags and country, sales, service and training bits. */
const META = 4;
/** Product ids beyond this many are matched on the lists' text instead of bit masks. */
const MAX_PRODUCT_BITS = 31;

/** One row of the stores table as the index needs it, the document aside. */
export type IndexRow = [
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
  /** The document's size in UTF-8 bytes. */
  docBytes: number,
];

/**
 * The stores table read for an index, in two passes over the same rows in the same order
 * (one snapshot): first everything but the documents, then the documents (UTF-8 bytes), each
 * written into place and dropped at once, so the build never holds them all as strings.
 */
export interface IndexSource {
  rows: Iterable<IndexRow>;
  docs: () => Iterable<Uint8Array>;
}

function latCell(lat: number): number {
  return Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL)));
}

function lonCell(lon: number): number {
  return Math.min(LON_CELLS - 1, Math.max(0, Math.floor((lon + 180) / CELL)));
}

/** Squared chord between two points of the unit sphere `km` apart on the Earth. */
function chord2(km: number): number {
  const c = 2 * Math.sin(Math.min(Math.PI, km / EARTH_RADIUS_KM) / 2);
  return c * c;
}

export class StoreIndex {
  readonly size: number;
  private readonly keys: Int32Array;
  private readonly ids: Float64Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  /** Unit vectors of the positions, x y z one after the other (what a scan reads together). */
  private readonly xyz: Float64Array;
  /**
   * Per store, side by side: SALES | SERVICE | DROP_OFF | TRAINING | country number << 8; the
   * sales product bits; the service product bits; the training product bits (bits when
   * `productBits` is in use).
   */
  private readonly meta: Int32Array;
  /** Bit of each product id; undefined when there are too many ids (lists matched as text). */
  private readonly productBits: Map<string, number> | undefined;
  private readonly sales: string[];
  private readonly service: string[];
  private readonly training: string[];
  private readonly carriers: string[];
  private readonly hashes: string[];
  /** hashTag of each hash. */
  private readonly tags: Float64Array;
  /** Every document, one after the other; position k's is docs[docStart[k], docStart[k + 1]). */
  private readonly docs: Buffer;
  private readonly docStart: Float64Array;
  private readonly countryCodes = new Map<string, number>();
  /** A search's candidates (positions, squared chords, ids), reused: searches are synchronous. */
  private found = new Int32Array(1024);
  private c2s = new Float64Array(1024);
  private candidateIds = new Float64Array(1024);

  constructor(source: IndexSource) {
    const rows = Array.from(source.rows);
    const n = rows.length;
    this.size = n;
    const cellOf = (r: IndexRow) => latCell(r[1]) * LON_CELLS + lonCell(r[2]);
    const order = rows.map((r, i) => ({ key: cellOf(r), i }));
    order.sort((a, b) => a.key - b.key || rows[a.i]![0] - rows[b.i]![0]);
    this.keys = new Int32Array(n);
    this.ids = new Float64Array(n);
    this.lats = new Float64Array(n);
    this.lons = new Float64Array(n);
    this.xyz = new Float64Array(3 * n);
    this.meta = new Int32Array(META * n);
    this.docStart = new Float64Array(n + 1);
    this.sales = new Array<string>(n);
    this.service = new Array<string>(n);
    this.training = new Array<string>(n);
    this.carriers = new Array<string>(n);
    this.hashes = new Array<string>(n);
    this.tags = new Float64Array(n);
    let at = 0;
    /** Where each row's document goes in the buffer (by row, i.e. read order). */
    const docAt = new Float64Array(n);
    // Many stores share the same lists: keep one copy of each string, and its mask.
    const bits = new Map<string, number>();
    const lists = new Map<string, { list: string; mask: number }>();
    const intern = (list: string) => {
      let hit = lists.get(list);
      if (!hit) {
        let mask = 0;
        for (const id of list.split('|')) {
          if (id === '') continue;
          let bit = bits.get(id);
          if (bit === undefined) {
            bit = bits.size < MAX_PRODUCT_BITS ? 1 << bits.size : 0;
            bits.set(id, bit);
          }
          mask |= bit;
        }
        hit = { list, mask };
        lists.set(list, hit);
      }
      return hit;
    };
    const carrierLists = new Map<string, string>();
    for (let k = 0; k < n; k += 1) {
      const { key, i } = order[k]!;
      const r = rows[i]!;
      const [id, lat, lon, country, sales, service, training, carriers, dropOff, hash, docBytes] =
        r;
      this.keys[k] = key;
      this.ids[k] = id;
      this.lats[k] = lat;
      this.lons[k] = lon;
      this.xyz[3 * k] = Math.cos(lat * RAD) * Math.cos(lon * RAD);
      this.xyz[3 * k + 1] = Math.cos(lat * RAD) * Math.sin(lon * RAD);
      this.xyz[3 * k + 2] = Math.sin(lat * RAD);
      let c = this.countryCodes.get(country);
      if (c === undefined) {
        c = this.countryCodes.size;
        this.countryCodes.set(country, c);
      }
      const s = intern(sales);
      const v = intern(service);
      const t = intern(training);
      this.sales[k] = s.list;
      this.service[k] = v.list;
      this.training[k] = t.list;
      this.meta[META * k] =
        (sales ? SALES : 0) |
        (service ? SERVICE : 0) |
        (dropOff ? DROP_OFF : 0) |
        (training ? TRAINING : 0) |
        (c << 8);
      this.meta[META * k + 1] = s.mask;
      this.meta[META * k + 2] = v.mask;
      this.meta[META * k + 3] = t.mask;
      let cs = carrierLists.get(carriers);
      if (cs === undefined) carrierLists.set(carriers, (cs = carriers));
      this.carriers[k] = cs;
      this.hashes[k] = hash;
      this.tags[k] = hashTag(hash);
      this.docStart[k] = at;
      docAt[i] = at;
      at += docBytes;
    }
    this.docStart[n] = at;
    // The documents, in the grid's order too: a search's stores sit in a few runs of memory.
    this.docs = Buffer.allocUnsafe(at);
    let i = 0;
    for (const doc of source.docs()) {
      const k = i < n ? docAt[i]! : -1;
      if (k < 0 || doc.length !== rows[i]![10]) throw new Error('stores changed while indexed');
      this.docs.set(doc, k);
      i += 1;
    }
    if (i !== n) throw new Error('stores changed while indexed');
    this.productBits = bits.size <= MAX_PRODUCT_BITS ? bits : undefined;
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
   * of every match in the area (`points`, for the map's clusters).
   */
  nearest(q: NearestQuery): NearestPage {
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
    const stores: PageStore[] = [];
    const distancesKm: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const k = this.found[order[i]!]!;
      const km = haversineKm(lat, lon, lats[k]!, lons[k]!);
      // The chord bound had a margin; the radius itself is exact.
      if (!q.area && km > q.radiusKm) break;
      stores.push({
        bytes: this.docs,
        start: this.docStart[k]!,
        end: this.docStart[k + 1]!,
        hash: this.hashes[k]!,
        tag: this.tags[k]!,
      });
      distancesKm.push(km);
    }
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
    // The channel's flag, its product bits' slot in `meta` and its lists.
    const [flag, maskAt, lists] =
      q.channel === 'sales'
        ? [SALES, 1, this.sales]
        : q.channel === 'training'
          ? [TRAINING, 3, this.training]
          : [SERVICE, 2, this.service];
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
    const { meta, carriers } = this;
    return (k) => {
      const m = meta[META * k]!;
      if ((m & need) !== need || (m & refuse) !== 0 || wanted[m >>> 8] !== 1) return false;
      if (productBit !== 0 && (meta[META * k + maskAt]! & productBit) === 0) return false;
      if (productText !== '' && !lists[k]!.includes(productText)) return false;
      if (carrier !== '') {
        const cs = carriers[k]!;
        if (cs !== '' && !cs.includes(carrier)) return false;
      }
      return true;
    };
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
