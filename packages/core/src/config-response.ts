/**
 * The configuration answer (PRODUCT.md#country-configuration, #channel-configuration, #product-api): the one contract of
 * GET /api/v1/grlui/{country}/{lang}/globalmatrix. The server declares it as the route's
 * answer (OpenAPI document, contract tests), the configuration types are inferred from it and
 * the web app checks the answer with it.
 */
import { z } from 'zod';
import { productSchema } from './search-response.js';

/** PRODUCT.md#country-configuration — one language of a country. */
export const countryLanguageSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    dataLang: z.string(),
    FooterLang: z.string(),
    HeaderFooterLang: z.string(),
    hermesServURL: z.string(),
    hermesStoreURL: z.string(),
    countryNativeName: z.string(),
  })
  .meta({ id: 'CountryLanguage', description: 'One language of a country.' });

/** PRODUCT.md#country-configuration — a carrier of a country. */
export const carrierSchema = z
  .object({ name: z.string(), salesURL: z.string(), serviceURL: z.string() })
  .meta({ id: 'Carrier', description: 'A carrier of a country and its pages.' });

/** A country entry inside a channel configuration (multi-country locales). */
export const channelCountrySchema = z
  .object({
    countryCode: z.string(),
    countryName: z.string(),
    countryNativeName: z.string().optional(),
    products: z.array(productSchema),
    carriers: z.array(carrierSchema),
  })
  .meta({ id: 'ChannelCountry', description: 'A country of a multi-country channel.' });

/** PRODUCT.md#channel-configuration — channel configuration as served. */
export const channelConfigSchema = z
  .object({
    channelId: z.string(),
    channelName: z.string(),
    maxResults: z.number(),
    dropOff: z.boolean(),
    /** Search radius, in kilometres. */
    searchRadius: z.number(),
    products: z.array(productSchema),
    countries: z.array(channelCountrySchema),
    consultingLinkMap: z.array(z.object({ lang: z.string(), link: z.string() })),
  })
  .meta({ id: 'ChannelConfig', description: "A channel's configuration in a country." });

const channelsSchema = z.object({
  sales: channelConfigSchema.optional(),
  service: channelConfigSchema.optional(),
  consulting: channelConfigSchema.optional(),
  training: channelConfigSchema.optional(),
});

/** PRODUCT.md#country-configuration — one country of the globalmatrix answer, as the product describes it (PRODUCT.md#country-configuration). */
export const countryConfigSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  countryNativeName: z.string(),
  langs: z.array(countryLanguageSchema),
  disableMap: z.boolean(),
  enableGeolocation: z.boolean(),
  /**
   * An addition of this server: false when the place search finds no postcodes in this country
   * (the embedded engine has none for it offline), so the location field does not ask for one.
   */
  placePostcodes: z.boolean().optional(),
  casRedirect: z.boolean(),
  casSupportUrl: z.string(),
  carriers: z.array(carrierSchema),
  itemsPerPage: z.number(),
  widgetCount: z.number(),
  filterByStoreType: z.boolean(),
  getDirection: z.string(),
  checkCountryMismatchArray: z.array(z.string()),
  dontSendCountryName: z.boolean(),
  disputedCountries: z.array(z.string()),
  disputedPlaces: z.array(z.string()),
  pacificisland: z.boolean(),
  images: z.record(z.string(), z.string()),
  catchAll: z.boolean(),
  catchAllSalesCountry: z.boolean(),
  catchAllServiceCountry: z.boolean(),
  channels: channelsSchema,
});

/** A served country: PRODUCT.md#country-configuration plus this server's documented additions. */
export const servedCountrySchema = countryConfigSchema
  .extend({
    /** Country code used in site and API paths ("uk" for GB). */
    urlCode: z.string().optional(),
    /** Catch-all region the country belongs to, or null. */
    catchAllRegion: z.string().nullable().optional(),
    /** Road-distance unit of the country (CLDR): "mi" in the US and GB, else "km". */
    distanceUnit: z.enum(['km', 'mi']).optional(),
    /** True while the store data is the generated demo data set. */
    demoData: z.boolean().optional(),
  })
  .meta({
    id: 'CountryConfig',
    description: "A country's configuration (PRODUCT.md#country-configuration).",
  });

export const globalMatrixResponseSchema = z
  .object({ response: z.array(servedCountrySchema) })
  .meta({
    id: 'GlobalMatrixResponse',
    description: 'The configuration of a country, or of every member of a catch-all region.',
  });

export type CountryLanguage = z.infer<typeof countryLanguageSchema>;
export type Carrier = z.infer<typeof carrierSchema>;
export type ChannelCountryConfig = z.infer<typeof channelCountrySchema>;
export type ChannelConfig = z.infer<typeof channelConfigSchema>;
/** PRODUCT.md#country-configuration — one element of the globalmatrix response. */
export type CountryConfig = z.infer<typeof countryConfigSchema>;
export type GlobalMatrixResponse = z.infer<typeof globalMatrixResponseSchema>;
