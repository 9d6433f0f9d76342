/**
 * The time zones the hours editor offers, from `Intl` alone (the console carries no time-zone
 * data): every IANA zone the browser knows, the store's country's zones first where the browser
 * can tell them (`Intl.Locale`'s time zones of a region).
 */

interface LocaleWithZones {
  getTimeZones?: () => string[] | undefined;
  timeZones?: string[];
}

/** The zones of a country (ISO 3166-1 alpha-2), or [] when the browser cannot tell. */
export function countryTimeZones(country: string | undefined): string[] {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return [];
  try {
    const locale = new Intl.Locale(`und-${country.toUpperCase()}`) as Intl.Locale & LocaleWithZones;
    return [...(locale.getTimeZones?.() ?? locale.timeZones ?? [])];
  } catch {
    return [];
  }
}

/** Every zone the browser knows (with UTC), sorted. */
export function allTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...zones, 'UTC'])].sort();
}

export interface ZoneGroups {
  country: string[];
  others: string[];
}

/** The country's zones, then the others; a current zone no list has joins the others. */
export function zoneGroups(country: string | undefined, current: string): ZoneGroups {
  const ofCountry = countryTimeZones(country);
  const first = new Set(ofCountry);
  const others = allTimeZones().filter((z) => !first.has(z));
  if (current !== '' && !first.has(current) && !others.includes(current)) others.unshift(current);
  return { country: ofCountry, others };
}
