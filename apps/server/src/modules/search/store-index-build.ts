/**
 * Builds the store index's data (./store-index.ts) from one read of the `stores` table: plain
 * typed arrays, buffers and a few small tables, so that a build can run in a worker thread and
 * be handed to the main thread without copying (./store-index-worker.ts transfers the arrays'
 * memory). Positions and filters are ordered by a 0.05° grid cell; the documents and the
 * content hashes sit in one buffer each, in the same order.
 */
import { cellKey, unitVector } from './store-index-grid.js';
import { hashTag } from './nearest-page.js';

export const SALES = 1;
export const SERVICE = 2;
export const DROP_OFF = 4;
export const TRAINING = 8;
/** Int32 slots per store in `meta`: flags and country, sales, service and training bits. */
export const META = 4;
/** Int32 slots per store in `listOf`: sales, service and training lists, carriers. */
export const LISTS = 4;
/** Product ids beyond this many are matched on the lists' text instead of bit masks. */
export const MAX_PRODUCT_BITS = 31;
const NEWLINE = 10;

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
  storeId: string,
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

/** An index's data, position k being the k-th store in grid order. */
export interface IndexParts {
  size: number;
  keys: Int32Array;
  ids: Float64Array;
  lats: Float64Array;
  lons: Float64Array;
  /** Unit vectors of the positions, x y z one after the other (what a scan reads together). */
  xyz: Float64Array;
  /**
   * Per store, side by side (META slots): SALES | SERVICE | DROP_OFF | TRAINING | country
   * number << 8; the sales, service and training product bits (bits when `productBits` is in
   * use).
   */
  meta: Int32Array;
  /**
   * Per store (LISTS slots): its sales, service and training lists (in `productLists`) and
   * carriers (`carrierLists`).
   */
  listOf: Int32Array;
  /** Each distinct product list once, as stored. */
  productLists: string[];
  /** Each distinct carrier list once, as stored. */
  carrierLists: string[];
  /** Bit of each product id; undefined when there are too many ids (lists matched as text). */
  productBits: [string, number][] | undefined;
  /** Country codes in the order of their numbers in `meta`. */
  countries: string[];
  /** hashTag of each hash. */
  tags: Float64Array;
  /** Every content hash (UTF-8), one after the other; k's is [hashStart[k], hashStart[k + 1]). */
  hashes: Uint8Array;
  hashStart: Int32Array;
  /** Every document, one after the other; k's is docs[docStart[k], docStart[k + 1]). */
  docs: Uint8Array;
  docStart: Float64Array;
  /**
   * The file of the machine the documents are in (./store-documents-file.ts), when they are:
   * `docs` is then empty.
   */
  docsPath?: string;
  /**
   * Every store id (ASCII, see STORE_ID_PATTERN) after a newline, and a newline at the end:
   * k's is [storeIdStart[k], storeIdStart[k + 1] - 1). Found by one byte search (positionOf).
   */
  storeIds: Uint8Array;
  storeIdStart: Int32Array;
}

/** The memory of an index's arrays, to hand over to another thread without copying. */
export function transferList(p: IndexParts): ArrayBuffer[] {
  const arrays = [p.keys, p.ids, p.lats, p.lons, p.xyz, p.meta, p.listOf, p.tags];
  const bytes = [p.hashes, p.hashStart, p.docs, p.docStart, p.storeIds, p.storeIdStart];
  return [...arrays, ...bytes].map((a) => a.buffer as ArrayBuffer);
}

/** Interns lists: one number per distinct text, and the product bit masks. */
class Lists {
  readonly texts: string[] = [];
  readonly masks: number[] = [];
  private readonly numbers = new Map<string, number>();
  readonly bits = new Map<string, number>();

  number(list: string, products: boolean): number {
    let n = this.numbers.get(list);
    if (n === undefined) {
      let mask = 0;
      if (products) {
        for (const id of list.split('|')) {
          if (id === '') continue;
          let bit = this.bits.get(id);
          if (bit === undefined) {
            bit = this.bits.size < MAX_PRODUCT_BITS ? 1 << this.bits.size : 0;
            this.bits.set(id, bit);
          }
          mask |= bit;
        }
      }
      n = this.texts.length;
      this.texts.push(list);
      this.masks.push(mask);
      this.numbers.set(list, n);
    }
    return n;
  }
}

export function buildIndexParts(source: IndexSource): IndexParts {
  const rows = Array.from(source.rows);
  const n = rows.length;
  const order = rows.map((r, i) => ({ key: cellKey(r[1], r[2]), i }));
  order.sort((a, b) => a.key - b.key || rows[a.i]![0] - rows[b.i]![0]);
  const keys = new Int32Array(n);
  const ids = new Float64Array(n);
  const lats = new Float64Array(n);
  const lons = new Float64Array(n);
  const xyz = new Float64Array(3 * n);
  const meta = new Int32Array(META * n);
  const listOf = new Int32Array(LISTS * n);
  const tags = new Float64Array(n);
  const docStart = new Float64Array(n + 1);
  const hashStart = new Int32Array(n + 1);
  const countries = new Map<string, number>();
  const lists = new Lists();
  const carrierLists = new Lists();
  const encoder = new TextEncoder();
  let hashes = new Uint8Array(Math.max(64, 48 * n));
  let hashAt = 0;
  const storeIdStart = new Int32Array(n + 1);
  let storeIds = new Uint8Array(Math.max(64, 16 * n));
  let storeIdAt = 0;
  let at = 0;
  /** Where each row's document goes in the buffer (by row, i.e. read order). */
  const docAt = new Float64Array(n);
  for (let k = 0; k < n; k += 1) {
    const { key, i } = order[k]!;
    const [
      id,
      lat,
      lon,
      country,
      sales,
      service,
      training,
      carriers,
      dropOff,
      hash,
      docBytes,
      sid,
    ] = rows[i]!;
    keys[k] = key;
    ids[k] = id;
    lats[k] = lat;
    lons[k] = lon;
    unitVector(lat, lon, xyz, 3 * k);
    let c = countries.get(country);
    if (c === undefined) {
      c = countries.size;
      countries.set(country, c);
    }
    const s = lists.number(sales, true);
    const v = lists.number(service, true);
    const t = lists.number(training, true);
    listOf[LISTS * k] = s;
    listOf[LISTS * k + 1] = v;
    listOf[LISTS * k + 2] = t;
    listOf[LISTS * k + 3] = carrierLists.number(carriers, false);
    meta[META * k] =
      (sales ? SALES : 0) |
      (service ? SERVICE : 0) |
      (dropOff ? DROP_OFF : 0) |
      (training ? TRAINING : 0) |
      (c << 8);
    meta[META * k + 1] = lists.masks[s]!;
    meta[META * k + 2] = lists.masks[v]!;
    meta[META * k + 3] = lists.masks[t]!;
    tags[k] = hashTag(hash);
    if (hashes.length - hashAt < 3 * hash.length) {
      const grown = new Uint8Array(2 * hashes.length + 3 * hash.length);
      grown.set(hashes.subarray(0, hashAt));
      hashes = grown;
    }
    hashStart[k] = hashAt;
    hashAt += encoder.encodeInto(hash, hashes.subarray(hashAt)).written;
    if (storeIds.length - storeIdAt < 3 * sid.length + 2) {
      const grown = new Uint8Array(2 * storeIds.length + 3 * sid.length + 2);
      grown.set(storeIds.subarray(0, storeIdAt));
      storeIds = grown;
    }
    storeIds[storeIdAt] = NEWLINE;
    storeIdStart[k] = storeIdAt + 1;
    storeIdAt += 1 + encoder.encodeInto(sid, storeIds.subarray(storeIdAt + 1)).written;
    docStart[k] = at;
    docAt[i] = at;
    at += docBytes;
  }
  docStart[n] = at;
  hashStart[n] = hashAt;
  storeIds[storeIdAt] = NEWLINE;
  storeIdStart[n] = storeIdAt + 1;
  // The documents, in the grid's order too: a search's stores sit in a few runs of memory.
  const docs = new Uint8Array(new ArrayBuffer(at));
  let i = 0;
  for (const doc of source.docs()) {
    const k = i < n ? docAt[i]! : -1;
    if (k < 0 || doc.length !== rows[i]![10]) throw new Error('stores changed while indexed');
    docs.set(doc, k);
    i += 1;
  }
  if (i !== n) throw new Error('stores changed while indexed');
  return {
    size: n,
    keys,
    ids,
    lats,
    lons,
    xyz,
    meta,
    listOf,
    productLists: lists.texts,
    carrierLists: carrierLists.texts,
    productBits: lists.bits.size <= MAX_PRODUCT_BITS ? [...lists.bits] : undefined,
    countries: [...countries.keys()],
    tags,
    hashes: hashes.slice(0, hashAt),
    hashStart,
    docs,
    docStart,
    storeIds: storeIds.slice(0, storeIdAt + 1),
    storeIdStart,
  };
}
