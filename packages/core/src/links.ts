/**
 * External links of a store entry (PRODUCT.md#results-page  and narrow-screen share, #external-links, #appointment-link):
 * directions, appointment scheduler, share payload, carrier links, appointment eligibility.
 *
 * Decisions where PRODUCT.md is silent:
 * - Directions: saddr is the source formattedAddress when there is one, else the source
 *   "lat,lon". The product's "certain geoCodeStatus values" (which ones is not shown) are taken
 *   to be the store's statuses meaning its address was placed only approximately:
 *   `SOURCE_COORDINATE_STATUSES` (ADDRESS_INTERPOLATED, from the location source types of PRODUCT.md#code-lists,
 *   and APPROXIMATE), compared case-insensitively. For those the exact source lat,lon is sent
 *   instead of an address the maps service would have to geocode again.
 * - Values are encoded with encodeURIComponent; commas stay literal (they are allowed in a
 *   query and are the separator of saddr and daddr). Blank address parts are skipped.
 * - A blank getDirection / casSupportUrl gives "" (no link); so does an unsafe one (below).
 * - The appointment link's lat/long are the search (source) position; its product is the
 *   store's service product of the chosen product id, else its first service product with a
 *   pdmSuperGrpProductId. The letter prefix exists only when letters are followed by digits.
 * - apptSchedulerIndVal is "set" when it is non-blank and not 0 / false / n / no.
 * - The share text lists name, address (street1, street2, city, postalCode), state and phone,
 *   one per line, skipping blanks.
 * - Only http(s) and tel: links are made (hostile input): a getDirection or
 *   casSupportUrl that is not an absolute http(s) URL (javascript:, data:, vbscript:, relative,
 *   with credentials or whitespace: see safeWebUrl) gives "" (no link), like a blank one. A
 *   phone link is `tel:` with the number's ASCII digits (and a leading "+"), and there is none
 *   when the phone holds fewer than 3 digits: the phone is then shown as text only.
 */
import { safeWebUrl } from './store.js';
import type { Carrier, Product, Store } from './types.js';

/** Store geoCodeStatus values for which the source lat,lon is used in directions. */
export const SOURCE_COORDINATE_STATUSES: readonly string[] = [
  'ADDRESS_INTERPOLATED',
  'APPROXIMATE',
];

/** Countries whose service results may link to the appointment scheduler (PRODUCT.md#appointment-link). */
export const APPOINTMENT_COUNTRIES: readonly string[] = ['in', 'cn'];

/** True for an absolute http(s) URL that safeWebUrl keeps as written (outer blanks aside). */
export function isWebUrl(value: string | null | undefined): boolean {
  const trimmed = (value ?? '').trim();
  return /^https?:\/\//i.test(trimmed) && safeWebUrl(trimmed) === trimmed;
}

/** The fewest digits of a phone number that gets a tel: link (short numbers such as 112). */
export const MIN_PHONE_DIGITS = 3;

/**
 * The tel: link of a store's phone (see above): "+44 20 7946 0000" → "tel:+442079460000";
 * "" when it has fewer than MIN_PHONE_DIGITS digits ("javascript:alert(1)", "n/a").
 */
export function telHref(phone: string | null | undefined): string {
  if (typeof phone !== 'string') return '';
  const digits = phone.replace(/[^0-9]/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return '';
  return `tel:${phone.trimStart().startsWith('+') ? '+' : ''}${digits}`;
}

/** encodeURIComponent, keeping commas literal. */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

type AddressFields = Pick<Store, 'street1' | 'street2' | 'city' | 'state' | 'postalCode'>;

/** The store's non-blank address parts: street1, street2, city, state, postalCode. */
export function storeAddressParts(store: AddressFields): string[] {
  return [store.street1, store.street2, store.city, store.state, store.postalCode]
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '');
}

export interface DirectionsSource {
  latitude: number;
  longitude: number;
  formattedAddress?: string;
}

/** True when directions use the source lat,lon for this store's geoCodeStatus. */
export function usesSourceCoordinates(geoCodeStatus: string | null | undefined): boolean {
  return SOURCE_COORDINATE_STATUSES.includes((geoCodeStatus ?? '').trim().toUpperCase());
}

/**
 * The directions link (PRODUCT.md#external-links):
 * `{getDirection}saddr={lat},{lon}|{formattedAddress}&daddr={address parts}&hl={lang}`.
 */
export function directionsUrl(
  getDirection: string,
  source: DirectionsSource,
  store: AddressFields & Pick<Store, 'geoCodeStatus'>,
  lang: string,
): string {
  if (!isWebUrl(getDirection)) return '';
  const address = (source.formattedAddress ?? '').trim();
  const saddr =
    address === '' || usesSourceCoordinates(store.geoCodeStatus)
      ? `${source.latitude},${source.longitude}`
      : encodeQueryValue(address);
  const daddr = storeAddressParts(store).map(encodeQueryValue).join(',');
  return `${getDirection}saddr=${saddr}&daddr=${daddr}&hl=${encodeQueryValue(lang)}`;
}

/**
 * The part of a query string from "carrier" onward ("?pt=1&carrier=X&repairType=Drop%20off"
 * → "carrier=X&repairType=Drop%20off"), or "" when it has no carrier parameter.
 */
export function queryFromCarrier(query: string): string {
  const q = query.startsWith('?') ? query.slice(1) : query;
  const match = /(?:^|&)(carrier=.*)$/s.exec(q);
  return match?.[1] ?? '';
}

/** The letter prefix of a pdmSuperGrpProductId ("SG123" → "SG"), or "" when it has none. */
export function pdmPrefix(pdmSuperGrpProductId: string | null | undefined): string {
  return /^([A-Za-z]+)\d/.exec(pdmSuperGrpProductId ?? '')?.[1] ?? '';
}

/** The store's service product used by the appointment link (see the decisions above). */
export function appointmentProduct(
  store: Pick<Store, 'serviceProducts'>,
  productId: string | null | undefined,
): Product | undefined {
  const withPdm = store.serviceProducts.filter((p) => pdmPrefix(p.pdmSuperGrpProductId) !== '');
  return withPdm.find((p) => p._id === productId) ?? withPdm[0];
}

export interface AppointmentLinkInput {
  casSupportUrl: string;
  /** Locale as the scheduler expects it, e.g. "en_IN". */
  locale: string;
  storeId: string;
  /** Search position. */
  latitude: number;
  longitude: number;
  /** The current page query string (with or without "?"). */
  currentQuery?: string;
  /** The product whose pdmSuperGrpProductId is appended. */
  product?: Pick<Product, 'pdmSuperGrpProductId'>;
}

/**
 * The appointment-scheduler link (PRODUCT.md#external-links):
 * `{casSupportUrl}{locale}&storeID={storeId}&lat={lat}&long={lon}[&{query from carrier}][&{prefix}={pdmSuperGrpProductId}]`.
 */
export function appointmentUrl(input: AppointmentLinkInput): string {
  if (!isWebUrl(input.casSupportUrl)) return '';
  let url =
    `${input.casSupportUrl}${encodeQueryValue(input.locale)}` +
    `&storeID=${encodeQueryValue(input.storeId)}&lat=${input.latitude}&long=${input.longitude}`;
  const rest = queryFromCarrier(input.currentQuery ?? '');
  if (rest !== '') url += `&${rest}`;
  const pdm = input.product?.pdmSuperGrpProductId ?? '';
  const prefix = pdmPrefix(pdm);
  if (prefix !== '') url += `&${prefix}=${encodeQueryValue(pdm)}`;
  return url;
}

/** True when an apptSchedulerIndVal value counts as set. */
export function isApptSchedulerSet(value: string | number | boolean | null | undefined): boolean {
  const v = String(value ?? '')
    .trim()
    .toLowerCase();
  return v !== '' && !['0', 'false', 'n', 'no'].includes(v);
}

/** Whether the appointment link shows (PRODUCT.md#appointment-link). */
export function isAppointmentLinkShown(input: {
  countryCode: string;
  channel: string;
  casRedirect: boolean;
  store: Pick<Store, 'apptSchedulerIndVal' | 'serviceProducts'>;
}): boolean {
  return (
    APPOINTMENT_COUNTRIES.includes(input.countryCode.trim().toLowerCase()) &&
    input.channel === 'service' &&
    isApptSchedulerSet(input.store.apptSchedulerIndVal) &&
    !input.casRedirect &&
    input.store.serviceProducts.length > 0
  );
}

export interface SharePayload {
  title: string;
  text: string;
  url: string;
}

/** What the Share button shares (PRODUCT.md#results-page, narrow screens): title, text, directions URL. */
export function sharePayload(
  store: AddressFields & Pick<Store, 'title' | 'phone'>,
  directions: string,
): SharePayload {
  const address = [store.street1, store.street2, store.city, store.postalCode]
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');
  const text = [store.title, address, store.state, store.phone]
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join('\n');
  return { title: store.title, text, url: directions };
}

/** A carrier's link for the channel (salesURL for sales, serviceURL otherwise), made safe. */
export function carrierLink(
  carrier: Carrier,
  channel: string,
): { name: string; url: string } | undefined {
  const url = safeWebUrl(channel === 'sales' ? carrier.salesURL : carrier.serviceURL);
  return url === '' ? undefined : { name: carrier.name, url };
}
