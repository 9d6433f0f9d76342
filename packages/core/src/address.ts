/**
 * How a store's address is written: in the order of its script (`addressLines`), and without a
 * state that only repeats the city, in any of the city's names and with or without its
 * administrative kind ("Tokyo Tokyo", "上海 上海市", "서울 서울특별시"). Applied by the server's
 * demo data when it writes addresses, and by the results page and the store pages when they
 * show one.
 */

/** A store's address fields, as the API answers them. */
export interface PostalAddress {
  street1?: string;
  street2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

/** Administrative kinds written after a place's name (上海市, 東京都, 广东省, 서울특별시, 부산광역시). */
const KIND_SUFFIX = /(?:[市省都府県县縣]|특별자치시|특별자치도|특별시|광역시)$/u;

/** The state only repeats the city, in any of its names, with or without its kind. */
export function repeatsCity(state: string, cityNames: readonly string[]): boolean {
  const bare = state.replace(KIND_SUFFIX, '');
  return cityNames.some((c) => c !== '' && (c === state || c.replace(KIND_SUFFIX, '') === bare));
}

/** An address's state as it is shown: blank when it only repeats the city. */
function shownState(state: string, city: string): string {
  return state && !repeatsCity(state, [city]) ? state : '';
}

/** The address's last line: city, the state unless it repeats the city, and the postcode. */
export function cityLine(address: PostalAddress): string {
  const city = (address.city ?? '').trim();
  const state = shownState((address.state ?? '').trim(), city);
  return [city, state, (address.postalCode ?? '').trim()].filter(Boolean).join(' ');
}

/** Han and kana: written without spaces between the parts of an address. */
const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Scripts whose addresses run from the largest place to the smallest. */
const LARGEST_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A Japanese postcode, written after the postal mark 〒. */
const JAPANESE_POSTCODE = /^\d{3}-\d{4}$/;

/** Parts joined as their scripts write them: nothing between Han or kana, else a space. */
function joinParts(parts: string[]): string {
  let out = '';
  for (const part of parts) {
    if (out === '') out = part;
    else {
      const glued = HAN_KANA.test(out.slice(-1)) && HAN_KANA.test(part.charAt(0));
      out += glued ? part : ` ${part}`;
    }
  }
  return out;
}

/**
 * The lines of an address as it is written where it is. An address in Han, kana or Hangul runs
 * from the largest place to the smallest, after its postcode: "〒167-0021" then
 * "東京都杉並区井草2丁目14-1", "200081" then "上海长江大道561号", "04524" then "서울 세종대로 110".
 * Any other: street lines, then city, state (unless it repeats the city) and postcode.
 */
export function addressLines(address: PostalAddress): string[] {
  const part = (v: string | undefined) => (v ?? '').trim();
  const [street1, street2, city, state, postalCode] = [
    part(address.street1),
    part(address.street2),
    part(address.city),
    part(address.state),
    part(address.postalCode),
  ];
  if (LARGEST_FIRST.test(`${street1}${city}${state}`)) {
    const postcode = JAPANESE_POSTCODE.test(postalCode) ? `〒${postalCode}` : postalCode;
    const place = joinParts([shownState(state, city), city, street1].filter(Boolean));
    return [postcode, place, street2].filter(Boolean);
  }
  return [street1, street2, cityLine(address)].filter(Boolean);
}
