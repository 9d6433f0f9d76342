/**
 * Channel construction (PRODUCT.md#channel-configuration → #channels-in-the-web-app): turns the channel configurations of one country
 * configuration (PRODUCT.md#country-configuration) into the channels the client uses, with their product, country and
 * carrier options and their externalLink.
 *
 * Decisions where PRODUCT.md is silent:
 * - A channel's `id` is its key in `channels` (sales, service, consulting, training); its `name`
 *   is the served channelName.
 * - Carriers (`options.carriers`) are given to the service channel only, from the country's
 *   carriers (PRODUCT.md#country-configuration), as `{name}`.
 * - China's provider support URL is not given by PRODUCT.md: it is `CN_PROVIDER_SUPPORT_URL`, a
 *   documented fictional base, overridable through `ChannelBuildOptions.cnProviderSupportUrl`.
 *   Its `locale` parameter is `{lang}_{COUNTRY}` with the country upper-cased (zh_CN), the usual
 *   form of such locale parameters.
 * - The language compared with consultingLinkMap entries is matched case-insensitively, and
 *   also on its primary subtag ("zh-Hant" matches "zh").
 */
import type {
  Carrier,
  Channel,
  ChannelConfig,
  ChannelCountryConfig,
  ChannelKey,
  CountryConfig,
  CountryOption,
  Product,
  ProductOption,
} from './types.js';
import { CHANNEL_KEYS } from './types.js';

/** Product id and code of "All Products" as used in queries (PRODUCT.md#results-page `pt`, #search-request). */
export const ALL_PRODUCTS_ID = 'all';
/** Display name of "All Products" (PRODUCT.md#channels-in-the-web-app, #search-request). */
export const ALL_PRODUCTS_NAME = 'All Products';
/** Code of the sales channel's first option (PRODUCT.md#channels-in-the-web-app). */
export const ALL_PRODUCTS_CODE = 'allproducts';

/** The first option of the sales channel (PRODUCT.md#channels-in-the-web-app). */
export const ALL_PRODUCTS_OPTION: Readonly<ProductOption> = Object.freeze({
  _id: ALL_PRODUCTS_ID,
  displayName: ALL_PRODUCTS_NAME,
  code: ALL_PRODUCTS_CODE,
  value: ALL_PRODUCTS_ID,
  displayOrder: 0,
});

/** What an unknown product id resolves to (PRODUCT.md#channels-in-the-web-app: "All Products" / code "all"). */
export const UNKNOWN_PRODUCT_OPTION: Readonly<ProductOption> = Object.freeze({
  _id: ALL_PRODUCTS_ID,
  displayName: ALL_PRODUCTS_NAME,
  code: ALL_PRODUCTS_ID,
  value: ALL_PRODUCTS_ID,
  displayOrder: 0,
});

/**
 * China's provider support URL (PRODUCT.md#channels-in-the-web-app "a provider support URL"). Fictional, under the
 * reserved example.com domain; production passes the real one in `cnProviderSupportUrl`.
 */
export const CN_PROVIDER_SUPPORT_URL = 'https://support.example.com/cn/repair';

export interface ChannelBuildOptions {
  /** Current language code ("en", "zh"); used by the externalLink rules. */
  lang: string;
  /** Overrides `CN_PROVIDER_SUPPORT_URL`. */
  cnProviderSupportUrl?: string;
}

/** Product → option, keeping the fields of PRODUCT.md#channels-in-the-web-app. */
export function toProductOption(product: Product | ProductOption): ProductOption {
  const { _id, displayName, code, value, displayOrder } = product;
  return { _id, displayName, code, value, displayOrder };
}

/** Products as options sorted by displayOrder (stable for equal orders). */
export function sortProductOptions(
  products: readonly (Product | ProductOption)[],
): ProductOption[] {
  return products.map(toProductOption).sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The product options of a channel: sorted; sales gets "All Products" first (PRODUCT.md#channels-in-the-web-app). */
export function productOptions(
  channel: ChannelKey,
  products: readonly (Product | ProductOption)[],
): ProductOption[] {
  const sorted = sortProductOptions(products).filter((p) => p._id !== ALL_PRODUCTS_ID);
  return channel === 'sales' ? [{ ...ALL_PRODUCTS_OPTION }, ...sorted] : sorted;
}

/** Carriers as options ({name}), without empty names. */
export function carrierNames(carriers: readonly Pick<Carrier, 'name'>[]): { name: string }[] {
  return carriers.filter((c) => c.name.trim() !== '').map((c) => ({ name: c.name }));
}

/** Country options: only countries with products are shown (PRODUCT.md#channels-in-the-web-app). */
export function countryOptions(
  channel: ChannelKey,
  countries: readonly ChannelCountryConfig[],
): CountryOption[] {
  return countries
    .filter((c) => c.products.length > 0)
    .map((c) => {
      const option: CountryOption = {
        countryCode: c.countryCode,
        countryName: c.countryName,
        products: productOptions(channel, c.products),
        carriers: carrierNames(c.carriers),
      };
      if (c.countryNativeName !== undefined) option.countryNativeName = c.countryNativeName;
      return option;
    });
}

/**
 * Resolves a product id of a channel to its option (PRODUCT.md#channels-in-the-web-app). "all", an empty id and unknown
 * ids give "All Products" / code "all". Looks in the channel's products, then its countries'.
 */
export function resolveProductOption(
  channel: Pick<Channel, 'options'> | undefined,
  productId: string | null | undefined,
): ProductOption {
  const id = (productId ?? '').trim();
  if (channel && id !== '' && id !== ALL_PRODUCTS_ID) {
    const all = [
      ...channel.options.products,
      ...channel.options.country.flatMap((c) => c.products),
    ];
    const found = all.find((p) => p._id === id);
    if (found) return { ...found };
  }
  return { ...UNKNOWN_PRODUCT_OPTION };
}

/** Appends query parameters to a URL that may already have a query. */
export function appendQuery(base: string, query: string): string {
  if (query === '') return base;
  if (base.endsWith('?') || base.endsWith('&')) return `${base}${query}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** externalLink of the service channel (PRODUCT.md#channels-in-the-web-app), or undefined. */
export function serviceExternalLink(
  country: Pick<CountryConfig, 'countryCode' | 'casRedirect' | 'casSupportUrl'>,
  options: ChannelBuildOptions,
): string | undefined {
  if (!country.casRedirect) return undefined;
  const code = country.countryCode.toLowerCase();
  if (code === 'cn') {
    const base = options.cnProviderSupportUrl ?? CN_PROVIDER_SUPPORT_URL;
    const locale = `${options.lang.toLowerCase()}_${code.toUpperCase()}`;
    return appendQuery(base, `caller=grl&locale=${encodeURIComponent(locale)}`);
  }
  return country.casSupportUrl.trim() === '' ? undefined : country.casSupportUrl;
}

/** externalLink of the consulting channel (PRODUCT.md#channels-in-the-web-app): entry for the language, else the first. */
export function consultingExternalLink(
  linkMap: readonly { lang: string; link: string }[] | undefined,
  lang: string,
): string | undefined {
  const entries = (linkMap ?? []).filter((e) => e.link.trim() !== '');
  const wanted = lang.toLowerCase();
  const primary = wanted.split(/[-_]/)[0];
  const match =
    entries.find((e) => e.lang.toLowerCase() === wanted) ??
    entries.find((e) => e.lang.toLowerCase().split(/[-_]/)[0] === primary);
  return (match ?? entries[0])?.link;
}

/** One channel as used by the client (PRODUCT.md#channels-in-the-web-app). */
export function buildChannel(
  key: ChannelKey,
  config: ChannelConfig,
  country: CountryConfig,
  options: ChannelBuildOptions,
): Channel {
  const channel: Channel = {
    id: key,
    name: config.channelName,
    maxResults: config.maxResults,
    dropOff: config.dropOff,
    searchRadius: config.searchRadius,
    options: {
      products: productOptions(key, config.products ?? []),
      country: countryOptions(key, config.countries ?? []),
    },
  };
  if (key === 'service') channel.options.carriers = carrierNames(country.carriers ?? []);
  const externalLink =
    key === 'service'
      ? serviceExternalLink(country, options)
      : key === 'consulting' || key === 'training'
        ? consultingExternalLink(config.consultingLinkMap, options.lang)
        : undefined;
  if (externalLink !== undefined) channel.externalLink = externalLink;
  return channel;
}

/** Every configured channel of a country, keyed like the configuration (PRODUCT.md#channels-in-the-web-app). */
export function buildChannels(
  country: CountryConfig,
  options: ChannelBuildOptions,
): Partial<Record<ChannelKey, Channel>> {
  const result: Partial<Record<ChannelKey, Channel>> = {};
  for (const key of CHANNEL_KEYS) {
    const config = country.channels[key];
    if (config) result[key] = buildChannel(key, config, country, options);
  }
  return result;
}

/**
 * True when the channel has products or countries to offer (PRODUCT.md#home-page). The "All Products"
 * option added to sales does not count as a product.
 */
export function channelHasOptions(channel: Pick<Channel, 'options'> | undefined): boolean {
  if (!channel) return false;
  const { products, country } = channel.options;
  return products.some((p) => p._id !== ALL_PRODUCTS_ID) || country.length > 0;
}
