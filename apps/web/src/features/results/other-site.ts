/**
 * The site of another country for a place found there (or a device position there): which of
 * that country's sites to offer and its results URL keeping the search. Pure functions over
 * @locator/core; the loading is `hooks/useOtherSite.ts`.
 *
 * Only countries with sites of their own are offered (a country served on its region's path,
 * "/europe/en/", is not), and only when the configuration serves the channel there. The
 * language: the page's when the country offers it, else the country's first (default) one.
 */
import {
  LOCALE_KEYS,
  channelPath,
  isCatchAllCode,
  localeParts,
  resultsQueryEntries,
  type CountryConfig,
  type SearchRequest,
} from '@locator/core';

/** The locale keys of a country's own sites ("FR" → fr-FR, en-FR; "GB" → en-GB). */
export function countrySites(iso: string): string[] {
  const region = iso.toUpperCase();
  return LOCALE_KEYS.filter((key) => {
    const parts = localeParts(key);
    return parts.region === region && !isCatchAllCode(parts.country);
  });
}

/** The site to offer among `sites`: the page's language where offered, else the default. */
export function siteLocale(
  sites: readonly string[],
  config: CountryConfig,
  lang: string,
): string | undefined {
  const offered = config.langs.map((l) => l.code.toLowerCase());
  const siteIn = (code: string) => sites.find((key) => localeParts(key).lang === code);
  const preferred = offered.includes(lang.toLowerCase()) ? [lang.toLowerCase()] : [];
  for (const code of [...preferred, ...offered]) {
    const site = siteIn(code);
    if (site) return site;
  }
  return undefined;
}

/**
 * The other site's results URL with the same channel, product and place ("/fr/fr/sales?pt=…
 * &lat=…&lon=…&address=…"): it searches on load. The carrier and drop-off stay behind (they are
 * the country's own); a product the other site lacks becomes its default there.
 */
export function otherSiteHref(
  locale: string,
  request: Pick<
    SearchRequest,
    'channel' | 'productId' | 'latitude' | 'longitude' | 'formattedAddress'
  >,
): string {
  const query = resultsQueryEntries({
    pt: request.productId,
    lat: String(request.latitude),
    lon: String(request.longitude),
    address: request.formattedAddress,
  });
  return `${channelPath(locale, request.channel)}?${new URLSearchParams(query).toString()}`;
}
