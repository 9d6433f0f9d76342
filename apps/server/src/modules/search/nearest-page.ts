/** NearestPage helpers shared by both dialects. */
import type { NearestHit, NearestPage } from '../../db/types.js';

/** The hits of a page, one object per store (documents decoded). */
export function pageHits(page: NearestPage): NearestHit[] {
  return page.stores.map((s, i) => ({
    hash: s.hash,
    doc: s.bytes.toString('utf8', s.start, s.end),
    distanceKm: page.distancesKm[i]!,
  }));
}

export const EMPTY_PAGE: NearestPage = Object.freeze({ stores: [], distancesKm: [] });

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i += 1) SEXTET[BASE64URL.charCodeAt(i)] = i;

/**
 * The first 48 bits of a base64url content hash (its first 8 characters) as a number: equal
 * hashes give equal tags, and different ones almost surely different tags.
 */
export function hashTag(hash: string): number {
  let tag = 0;
  for (let i = 0; i < 8 && i < hash.length; i += 1) {
    const c = hash.charCodeAt(i);
    tag = tag * 64 + (c < 128 ? SEXTET[c]! & 63 : c & 63);
  }
  return tag;
}
