/**
 * Regional catch-all configuration (PRODUCT.md#regional-catch-all-configuration, #product-api, #regions). For the regional codes asia, europe,
 * amei and lac the client builds one country configuration from every country of the
 * globalmatrix response; for any other code the response's first element is used.
 *
 * Decisions where PRODUCT.md is silent:
 * - Countries are sorted by countryName with `Intl.Collator('en')` (the catch-all language).
 * - A country entry's carriers are the country's own `carriers` (PRODUCT.md#country-configuration), products are that
 *   channel's `products`; a country without that channel has no products, and channel
 *   construction (PRODUCT.md#channels-in-the-web-app) then hides it.
 * - `getDirection` is the first non-empty one among the sorted countries (every country of a
 *   response normally shares it); casRedirect is off and casSupportUrl empty, so the region
 *   has no externalLink and no appointment link.
 * - `images` (home-page cards) are those of the first sorted country that has any.
 * - countryName and countryNativeName of the region are its label (PRODUCT.md#regions).
 */
import type { CatchAllCode } from './locale.js';
import { isCatchAllCode } from './locale.js';
import type {
  ChannelConfig,
  ChannelCountryConfig,
  CountryConfig,
  CountryLanguage,
  GlobalMatrixResponse,
} from './types.js';

/** Region labels (PRODUCT.md#regions). */
export const REGION_LABELS: Readonly<Record<CatchAllCode, string>> = Object.freeze({
  asia: 'Other Asia',
  europe: 'Other Europe',
  amei: 'Other Africa and Middle East',
  lac: 'Latin America and the Caribbean',
});

/** Fixed values of the catch-all configuration (PRODUCT.md#regions). */
export const CATCH_ALL_DEFAULTS = Object.freeze({
  maxResults: 99,
  searchRadius: 100,
  dropOff: false,
  langCode: 'en',
  langName: 'English',
  footerLang: 'en_ASIA',
  itemsPerPage: 0,
  widgetCount: 0,
  enableGeolocation: true,
  disableMap: false,
  filterByStoreType: true,
  salesName: 'Sales',
  serviceName: 'Repairs',
});

const collator = new Intl.Collator('en');

/** Countries sorted by countryName (PRODUCT.md#regional-catch-all-configuration); does not modify its input. */
export function sortByCountryName<T extends { countryName: string }>(countries: readonly T[]): T[] {
  return [...countries].sort((a, b) => collator.compare(a.countryName, b.countryName));
}

/** The entries of one catch-all channel (PRODUCT.md#regional-catch-all-configuration). */
export function catchAllCountries(
  countries: readonly CountryConfig[],
  channel: 'sales' | 'service',
): ChannelCountryConfig[] {
  const flag = channel === 'sales' ? 'catchAllSalesCountry' : 'catchAllServiceCountry';
  return sortByCountryName(countries.filter((c) => c[flag] === true)).map((c) => ({
    countryCode: c.countryCode,
    countryNativeName: c.countryNativeName,
    countryName: c.countryName,
    products: c.channels[channel]?.products ?? [],
    carriers: c.carriers ?? [],
  }));
}

function catchAllChannel(
  channel: 'sales' | 'service',
  countries: readonly CountryConfig[],
): ChannelConfig {
  return {
    channelId: channel,
    channelName:
      channel === 'sales' ? CATCH_ALL_DEFAULTS.salesName : CATCH_ALL_DEFAULTS.serviceName,
    maxResults: CATCH_ALL_DEFAULTS.maxResults,
    dropOff: CATCH_ALL_DEFAULTS.dropOff,
    searchRadius: CATCH_ALL_DEFAULTS.searchRadius,
    products: [],
    countries: catchAllCountries(countries, channel),
    consultingLinkMap: [],
  };
}

/** The catch-all configuration of a region, built from every country (PRODUCT.md#regional-catch-all-configuration, #regions). */
export function buildCatchAllConfig(
  code: CatchAllCode,
  countries: readonly CountryConfig[],
): CountryConfig {
  const label = REGION_LABELS[code];
  const lang: CountryLanguage = {
    code: CATCH_ALL_DEFAULTS.langCode,
    name: CATCH_ALL_DEFAULTS.langName,
    dataLang: CATCH_ALL_DEFAULTS.langCode,
    FooterLang: CATCH_ALL_DEFAULTS.footerLang,
    HeaderFooterLang: CATCH_ALL_DEFAULTS.footerLang,
    hermesServURL: '',
    hermesStoreURL: '',
    countryNativeName: label,
  };
  const sorted = sortByCountryName(countries);
  const getDirection = sorted.find((c) => (c.getDirection ?? '') !== '')?.getDirection ?? '';
  const images = sorted.find((c) => Object.keys(c.images ?? {}).length > 0)?.images ?? {};
  return {
    countryCode: code,
    countryName: label,
    countryNativeName: label,
    langs: [lang],
    disableMap: CATCH_ALL_DEFAULTS.disableMap,
    enableGeolocation: CATCH_ALL_DEFAULTS.enableGeolocation,
    casRedirect: false,
    casSupportUrl: '',
    carriers: [],
    itemsPerPage: CATCH_ALL_DEFAULTS.itemsPerPage,
    widgetCount: CATCH_ALL_DEFAULTS.widgetCount,
    filterByStoreType: CATCH_ALL_DEFAULTS.filterByStoreType,
    getDirection,
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: false,
    images: { ...images },
    catchAll: true,
    catchAllSalesCountry: false,
    catchAllServiceCountry: false,
    channels: {
      sales: catchAllChannel('sales', countries),
      service: catchAllChannel('service', countries),
    },
  };
}

/**
 * The configuration the client uses for a country code (PRODUCT.md#product-api): the catch-all built from
 * all elements for regional codes, otherwise the first element (undefined when empty).
 */
export function selectCountryConfig(
  countryCode: string,
  response: Pick<GlobalMatrixResponse, 'response'>,
): CountryConfig | undefined {
  const code = countryCode.toLowerCase();
  if (isCatchAllCode(code)) return buildCatchAllConfig(code, response.response);
  return response.response[0];
}

/** True when the country is a multi-country (regional catch-all) locale. */
export function isMultiCountry(countryCode: string): boolean {
  return isCatchAllCode(countryCode);
}
