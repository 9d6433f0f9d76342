/**
 * What the results page derives once from the locale, the channel and the loaded configuration:
 * the form variant and fields (PRODUCT.md#search-form), the codes used by the API paths, the maps language
 * and the Chinese layout (PRODUCT.md#results-page).
 */
import {
  formFields,
  formVariant,
  localeParts,
  siteLayout,
  type Channel,
  type CountryOption,
  type FormFieldName,
  type FormVariant,
  type ProductOption,
  type ResultChannel,
  type SiteLayout,
} from '@locator/core';
import type { LoadedConfig } from '../../lib/config/global-config';
import { mapsLanguage } from '../../lib/maps';

export interface ResultsContext {
  locale: string;
  brand: string;
  channelKey: ResultChannel;
  channel: Channel;
  config: LoadedConfig;
  variant: FormVariant;
  fields: readonly FormFieldName[];
  /** Country code of API and site paths ("uk", "europe"). */
  pathCountry: string;
  /** Language segment of API paths ("en"). */
  pathLang: string;
  /** The page language ("en"), for directions links. */
  lang: string;
  /** Language for the maps service (PRODUCT.md#maps-service override). */
  mapsLang: string;
  layout: SiteLayout;
  geolocationEnabled: boolean;
}

export function resultsContext(
  locale: string,
  brand: string,
  channelKey: ResultChannel,
  channel: Channel,
  config: LoadedConfig,
): ResultsContext {
  const { country, pathLang, lang } = localeParts(locale);
  const variant = formVariant(country, lang);
  return {
    locale,
    brand,
    channelKey,
    channel,
    config,
    variant,
    fields: formFields(variant, channelKey),
    pathCountry: country,
    pathLang,
    lang,
    mapsLang: mapsLanguage(country, locale),
    layout: siteLayout(country, lang),
    geolocationEnabled: config.country.enableGeolocation !== false,
  };
}

/** The chosen country's option ("other" variant), if any. */
export function countryOption(ctx: ResultsContext, code: string): CountryOption | undefined {
  if (code === '') return undefined;
  return ctx.channel.options.country.find(
    (c) => c.countryCode.toLowerCase() === code.toLowerCase(),
  );
}

/** The product options the form offers: the chosen country's in the "other" variant. */
export function productOptionsFor(ctx: ResultsContext, country: string): ProductOption[] {
  if (ctx.fields.includes('country')) return countryOption(ctx, country)?.products ?? [];
  return ctx.channel.options.products;
}

/** The carriers of the form (without "No-Contract"). */
export function carriersFor(ctx: ResultsContext, country: string): { name: string }[] {
  if (ctx.fields.includes('country')) return countryOption(ctx, country)?.carriers ?? [];
  return ctx.channel.options.carriers ?? [];
}

/**
 * The ISO country code a search is in: the chosen country in the "other" variant, else the
 * configuration's (served as ISO, "GB"), upper case. Forward geocoding is limited to it.
 */
export function searchCountry(ctx: ResultsContext, chosen: string): string {
  const code = ctx.fields.includes('country') ? chosen : ctx.config.country.countryCode;
  const upper = (code || ctx.pathCountry).toUpperCase();
  return upper === 'UK' ? 'GB' : upper;
}
