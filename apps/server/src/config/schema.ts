/** Schemas of the configuration files in apps/server/config/ (see README "Configuration files"). */
import { z } from 'zod';
import { CATCH_ALL_CODES } from '@locator/core';

const url = z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a site path');
const optionalUrl = z.union([z.literal(''), url]);

export const languageSchema = z.strictObject({
  code: z.string().regex(/^[a-z]{2,3}$/, 'must be a 2–3 letter language code'),
  name: z.string().min(1),
  dataLang: z.string().regex(/^[a-z]{2,3}_[A-Za-z0-9]{2,8}$/, 'must look like en_GB'),
  FooterLang: z.string().min(1),
  HeaderFooterLang: z.string().min(1),
  hermesServURL: optionalUrl,
  hermesStoreURL: optionalUrl,
  countryNativeName: z.string().min(1),
});

export const carrierSchema = z.strictObject({
  // ";" separates carriers in an import file's list and "|" the stored filter column, so a
  // name holding either could never be imported or matched.
  name: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[^;|]+$/, 'must not contain ";" or "|" (list separators): one brand per entry'),
  salesURL: optionalUrl,
  serviceURL: optionalUrl,
});

export const channelFileSchema = z.strictObject({
  channelName: z.string().min(1),
  maxResults: z.number().int().min(1).max(500),
  dropOff: z.boolean(),
  /** Kilometres. */
  searchRadius: z.number().positive().max(2000),
  /** Product codes of the catalogue. */
  products: z.array(z.string()),
  /** ISO codes of further countries offered in this channel (multi-country locales). */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  consultingLinkMap: z.array(z.strictObject({ lang: z.string().min(2), link: url })),
});

export const countryFileSchema = z.strictObject({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case'),
  urlCode: z.string().regex(/^[a-z]{2,8}$/),
  catchAllRegion: z.enum(CATCH_ALL_CODES).nullable(),
  countryName: z.string().min(1),
  countryNativeName: z.string().min(1),
  distanceUnit: z.enum(['km', 'mi']),
  langs: z.array(languageSchema).min(1),
  disableMap: z.boolean(),
  enableGeolocation: z.boolean(),
  casRedirect: z.boolean(),
  casSupportUrl: optionalUrl,
  carriers: z.array(carrierSchema),
  itemsPerPage: z.number().int().min(0),
  widgetCount: z.number().int().min(0),
  filterByStoreType: z.boolean(),
  getDirection: optionalUrl,
  checkCountryMismatchArray: z.array(z.string()),
  dontSendCountryName: z.boolean(),
  disputedCountries: z.array(z.string()),
  disputedPlaces: z.array(z.string()),
  pacificisland: z.boolean(),
  images: z.record(z.string(), url),
  catchAll: z.boolean(),
  catchAllSalesCountry: z.boolean(),
  catchAllServiceCountry: z.boolean(),
  channels: z.strictObject({
    sales: channelFileSchema.optional(),
    service: channelFileSchema.optional(),
    consulting: channelFileSchema.optional(),
    training: channelFileSchema.optional(),
  }),
});

export const regionFileSchema = z.strictObject({
  code: z.enum(CATCH_ALL_CODES),
  label: z.string().min(1),
  langs: z.array(z.string().regex(/^[a-z]{2,3}$/)).min(1),
});

const codeItem = z.strictObject({ _id: z.string().min(1), code: z.string().min(1) });

export const catalogueSchema = z.strictObject({
  products: z
    .array(
      z.strictObject({
        _id: z.string().regex(/^[0-9]+$/, 'must be a numeric string'),
        code: z.string().min(1),
        value: z.string().min(1),
        displayName: z.string().min(1),
        displayOrder: z.number().int(),
        productRibbonName: z.string().min(1),
        pdmSuperGrpProductId: z.string().regex(/^[A-Za-z]+[0-9]+$/, 'must be letters then digits'),
      }),
    )
    .min(1),
  badges: z.array(
    z.strictObject({
      id: z.string().min(1),
      code: z.string().min(1),
      channels: z.array(z.string()),
      desc: z.enum(['y', 'n']),
    }),
  ),
  repairTypes: z.array(codeItem),
  vas: z.array(codeItem),
  solutionsSpeciality: z.array(codeItem),
});

export type CountryFile = z.infer<typeof countryFileSchema>;
export type RegionFile = z.infer<typeof regionFileSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;

// Names themselves are checked in config/names.ts (so one bad name does not hide the other
// problems of the file).
const namesByTag = z.record(z.string(), z.string());

/** `catalogue-names.json`: product code → field → language tag → name (see config/names.ts). */
export const catalogueNamesSchema = z.record(
  z.string(),
  z.strictObject({ displayName: namesByTag, productRibbonName: namesByTag }),
);

export type CatalogueNames = z.infer<typeof catalogueNamesSchema>;
