/** NearestPage helpers shared by both dialects. */
import {
  PAGE_FIELD_SEPARATOR,
  PAGE_STORE_SEPARATOR,
  type NearestHit,
  type NearestPage,
} from './types.js';

/** Positions of one store in a page: [start, id end, hash end, store end). */
export interface PageEntry {
  start: number;
  idEnd: number;
  hashEnd: number;
  end: number;
}

const parsed = new WeakMap<NearestPage, PageEntry[]>();

/** The byte ranges of the page's stores, in order (worked out once per page). */
export function pageEntries(page: NearestPage): PageEntry[] {
  const known = parsed.get(page);
  if (known) return known;
  const out: PageEntry[] = [];
  const { joined } = page;
  let start = 0;
  for (let i = 0; i < page.distancesKm.length; i += 1) {
    let end = joined.indexOf(PAGE_STORE_SEPARATOR, start);
    if (end < 0) end = joined.length;
    const idEnd = joined.indexOf(PAGE_FIELD_SEPARATOR, start);
    const hashEnd = joined.indexOf(PAGE_FIELD_SEPARATOR, idEnd + 1);
    if (idEnd < 0 || hashEnd < 0 || hashEnd > end) throw new Error('malformed store page');
    out.push({ start, idEnd, hashEnd, end });
    start = end + 1;
  }
  parsed.set(page, out);
  return out;
}

/** The hits of a page, one object per store. */
export function pageHits(page: NearestPage): NearestHit[] {
  return pageEntries(page).map((e, i) => ({
    hash: page.joined.toString('latin1', e.idEnd + 1, e.hashEnd),
    doc: page.joined.toString('utf8', e.hashEnd + 1, e.end),
    distanceKm: page.distancesKm[i]!,
  }));
}

export const EMPTY_PAGE: NearestPage = { distancesKm: [], joined: Buffer.alloc(0) };
