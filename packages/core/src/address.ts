/**
 * How a store's address is written: the state is left out when it only repeats the city, in any
 * of the city's names and with or without its administrative kind ("Tokyo Tokyo", "上海 上海市").
 * Applied by the server's demo data when it writes addresses and by the results page when it
 * shows one.
 */

/** Administrative kinds written after a place's name (上海市, 東京都, 广东省). */
const KIND_SUFFIX = /[市省都府県县縣]$/u;

/** The state only repeats the city, in any of its names, with or without its kind. */
export function repeatsCity(state: string, cityNames: readonly string[]): boolean {
  const bare = state.replace(KIND_SUFFIX, '');
  return cityNames.some((c) => c !== '' && (c === state || c.replace(KIND_SUFFIX, '') === bare));
}

/** The address's last line: city, the state unless it repeats the city, and the postcode. */
export function cityLine(address: { city?: string; state?: string; postalCode?: string }): string {
  const city = (address.city ?? '').trim();
  const state = (address.state ?? '').trim();
  const shown = state && !repeatsCity(state, [city]) ? state : '';
  return [city, shown, (address.postalCode ?? '').trim()].filter(Boolean).join(' ');
}
