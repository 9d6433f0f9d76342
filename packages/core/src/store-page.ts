/**
 * Addresses of the store pages (server-rendered, one per store) and their directory:
 *
 * - store page: `{locale path}stores/{storeId}-{slug}`, e.g. `/uk/en/stores/GB-0042-lumen-repair-soho`
 *   (en-US: `/stores/…`). The storeId is percent-encoded; the slug is the store's name in lower
 *   case ASCII (accents dropped, "ß" as "ss", everything else a "-"), at most STORE_SLUG_MAX characters, and
 *   "store" when nothing is left. Only the storeId identifies the store: another slug answers a
 *   permanent redirect to this one. A store segment always contains a "-".
 * - directory: `{locale path}stores/` (the locale's countries or, for a one-country locale, its
 *   regions), then `stores/in/{place}/…` one segment per level (country, region or state, city),
 *   a place's segment its name in lower case, Latin letters in ASCII as in the store slug, other
 *   scripts kept, runs of anything but letters and digits as "-" ("" → "-"), at most
 *   PLACE_SLUG_MAX characters.
 */
import { encodeQueryValue, isWebUrl, storeAddressParts } from './links.js';
import type { Store } from './types.js';

type AddressFields = Pick<Store, 'street1' | 'street2' | 'city' | 'state' | 'postalCode'>;

export const STORE_SLUG_MAX = 60;
export const PLACE_SLUG_MAX = 40;

/** The word under a locale path the store pages live below. */
export const STORE_PAGES_SEGMENT = 'stores';
/** The segment after it that starts the directory's places. */
export const DIRECTORY_SEGMENT = 'in';

/** Latin letters that are no base letter with accents, as they are written in ASCII. */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * Latin letters in ASCII: accents dropped ("ü" → "u", "é" → "e"), "ß" as "ss", "æ" as "ae"…, the
 * same in every language. Letters of other scripts are kept as they are (Cyrillic "й" keeps its
 * mark): only a mark on a Latin letter is dropped.
 */
function latinToAscii(lower: string): string {
  return lower
    .replace(/[ßæœøđðłþı]/g, (c) => LATIN_LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}

/** "Café Zürich & Co." → "cafe-zurich-co"; "Goethestraße" → "goethestrasse"; "東京" → "store". */
export function storeSlug(title: string): string {
  const ascii = latinToAscii(title.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, STORE_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return ascii === '' ? 'store' : ascii;
}

/**
 * The region level of a store in the directory: its state, or its city when it has no state
 * (city states such as Dubai or Singapore), so that no directory level is nameless.
 */
export function directoryRegionName(state: string | undefined, city: string | undefined): string {
  const s = (state ?? '').trim();
  return s === '' ? (city ?? '').trim() : s;
}

/**
 * "Greater London" → "greater-london"; "München" → "munchen"; "Île-de-France" →
 * "ile-de-france"; "東京都" → "東京都"; "" → "-". Latin letters as storeSlug writes them, other
 * scripts kept (docs/ARCHITECTURE.md "Directory addresses").
 */
export function placeSlug(name: string): string {
  const slug = [
    ...latinToAscii(name.normalize('NFC').toLowerCase()).replace(/[^\p{L}\p{M}\p{N}]+/gu, '-'),
  ]
    .slice(0, PLACE_SLUG_MAX)
    .join('')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? '-' : slug;
}

/** `{localePath}stores/{storeId}-{slug}` (localePath ends with "/"). */
export function storePagePath(localePath: string, storeId: string, title: string): string {
  return `${localePath}${STORE_PAGES_SEGMENT}/${encodeURIComponent(storeId)}-${storeSlug(title)}`;
}

/** The directory page of a place: `{localePath}stores/` or `{localePath}stores/in/{a}/{b}/`. */
export function directoryPath(localePath: string, placeSlugs: readonly string[] = []): string {
  const base = `${localePath}${STORE_PAGES_SEGMENT}/`;
  if (placeSlugs.length === 0) return base;
  return `${base}${DIRECTORY_SEGMENT}/${placeSlugs.map((s) => `${encodeURIComponent(s)}/`).join('')}`;
}

/**
 * The storeId a store segment names (decoded, as the router gives it), given a test for known
 * ids: the longest known prefix before a "-" (storeIds may contain "-"), or undefined.
 */
export function storeIdOfSegment(
  segment: string,
  isKnown: (storeId: string) => boolean,
): string | undefined {
  for (let i = segment.lastIndexOf('-'); i > 0; i = segment.lastIndexOf('-', i - 1)) {
    const candidate = segment.slice(0, i);
    if (isKnown(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The directions link of a store page, which has no search position: the maps service's
 * directions from wherever the visitor is, `{getDirection}daddr={address parts}&hl={lang}` (the
 * PRODUCT.md#external-links link without saddr); the store's lat,lon when its address is blank; "" when
 * getDirection is not a safe http(s) URL.
 */
export function storePageDirectionsUrl(
  getDirection: string,
  store: AddressFields & { latitude: number; longitude: number },
  lang: string,
): string {
  if (!isWebUrl(getDirection)) return '';
  const parts = storeAddressParts(store);
  const daddr =
    parts.length > 0
      ? parts.map(encodeQueryValue).join(',')
      : `${store.latitude},${store.longitude}`;
  return `${getDirection}daddr=${daddr}&hl=${encodeQueryValue(lang)}`;
}

/** The id of a store page's data block for its island (`<script type="application/json">`). */
export const STORE_ISLAND_DATA_ID = 'sp-island';

/**
 * What a store page hands its island (the web app's `islands/store-page.tsx`): the share
 * payload (sharePayload with the page's directions link) and its texts in the page's language.
 */
export interface StoreIslandData {
  share: { title: string; text: string; url: string };
  texts: { share: string; shareLabel: string; linkCopied: string };
}
