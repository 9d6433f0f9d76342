/**
 * A store's address in the lines its country writes it: "Münchner Straße 12" then
 * "81827 München" in Germany, "75014 Paris" in France, "New York, NY 10118" in the United
 * States. Latin, Cyrillic, Greek, Arabic and the other scripts written smallest place first
 * follow OpenCage's per-country templates (@fragaria/address-formatter); an address in Han,
 * kana or Hangul runs from the largest place to the smallest after its postcode (`addressLines`).
 *
 * The templates weigh about 60 KB gzipped, more than the web app's budget for its first script
 * allows, so this module is not part of the package's index: the server writes each store's
 * lines (`addressLines` of the stored document, read by the results page) and its store pages
 * with it, and the browser shows them as they come (docs/ARCHITECTURE.md, "Addresses").
 */
import addressFormatter from '@fragaria/address-formatter';
import { addressLines, repeatsCity, type PostalAddress } from './address.js';

const LARGEST_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Countries whose addresses leave out the state the data carries: the United Kingdom's nations
 * ("England") are not written on an envelope.
 */
const NO_STATE_LINE = new Set(['GB', 'IE']);

/** The lines of a store's address as written in its country (ISO 3166-1 alpha-2). */
export function formatAddress(address: PostalAddress, country: string): string[] {
  const part = (v: string | undefined) => (v ?? '').trim();
  const street1 = part(address.street1);
  const street2 = part(address.street2);
  const city = part(address.city);
  const postcode = part(address.postalCode);
  const cc = country.trim().toUpperCase();
  let state = part(address.state);
  if (state !== '' && (repeatsCity(state, [city]) || NO_STATE_LINE.has(cc))) state = '';
  // The templates need a street or a town to place the rest around.
  const templated = /^[A-Z]{2}$/.test(cc) && (street1 !== '' || city !== '');
  if (!templated || LARGEST_FIRST.test(`${street1}${city}${state}`)) {
    return addressLines({ street1, street2, city, state, postalCode: postcode });
  }
  const lines = addressFormatter.format(
    {
      countryCode: cc,
      ...(street1 ? { road: street1 } : {}),
      ...(city ? { city } : {}),
      ...(state ? { state } : {}),
      ...(postcode ? { postcode } : {}),
    },
    { output: 'array', appendCountry: false },
  );
  const shown = lines.map((l) => l.trim()).filter((l) => l !== '');
  if (street2 === '') return shown;
  // A unit or floor is written under the street it is on.
  const at = street1 === '' ? 0 : shown.indexOf(street1) + 1;
  return [...shown.slice(0, at), street2, ...shown.slice(at)];
}
