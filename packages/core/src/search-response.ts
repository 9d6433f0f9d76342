/**
 * The store-search answer (PRODUCT.md#store-search-answer, #store, #product-api): the one contract of
 * GET /api/v1/grlui/{country}/{lang}/{channel}. The server declares it as the route's answer
 * (its OpenAPI document is generated from it, and its contract tests check every answer
 * against it), the types of the answer are inferred from it, and the web app reads the answer
 * with it. The server writes the answer's bytes itself (modules/search/service.ts splices the stored
 * store documents), so this schema is what those bytes must satisfy.
 */
import { z } from 'zod';
import { hoursStatusWireSchema, storeHoursSchema } from './hours-schema.js';

const idList = z.array(z.string());

/** PRODUCT.md#store-search-answer — a lookup item (repair type, value-added service, speciality). */
export const codeItemSchema = z
  .object({ _id: z.string(), code: z.string() })
  .meta({ id: 'CodeItem', description: 'A lookup item: its id and its code.' });

/** A product (device category), as the configuration and the search answer carry it. */
export const productSchema = z
  .object({
    _id: z.string(),
    code: z.string(),
    /** Product value used by the form rules; phone is "iphone", tablet is "ipad" (PRODUCT.md#code-lists). */
    value: z.string(),
    displayName: z.string(),
    displayOrder: z.number(),
    productRibbonName: z.string(),
    /** Letters followed by digits; the letter prefix is a query-parameter name (PRODUCT.md#store). */
    pdmSuperGrpProductId: z.string(),
  })
  .meta({ id: 'Product', description: 'A product (device category).' });

/** PRODUCT.md#store-search-answer — a store type (badge). */
export const badgeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    /** Channels the badge applies to. */
    channels: z.array(z.string()),
    /** "y" when the badge appears in the legend strip. */
    desc: z.string(),
  })
  .meta({ id: 'Badge', description: 'A store type (badge) and the channels it applies to.' });

/** PRODUCT.md#store — a store as the search answers it (ids not yet resolved against the lookup tables). */
export const searchResponseStoreSchema = z
  .object({
    /** Position in the answer, from 1. */
    orderNumber: z.number().int().min(1),
    /** The distance as displayed ("1.2 mi", "850 m"). */
    distance: z.string(),
    /** Distance in kilometres, three decimals (addition to PRODUCT.md#store, for sorting/tests). */
    distanceKm: z.number().min(0).optional(),
    /** Open or closed as of the request, and the next change (addition; with `hours`). */
    hoursStatus: hoursStatusWireSchema.optional(),
    id: z.string(),
    storeId: z.string(),
    title: z.string(),
    storeBadges: idList,
    street1: z.string(),
    street2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    phone: z.string(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    geoCodeStatus: z.string(),
    storeWeb: z.string(),
    apptSchedulerIndVal: z.string(),
    storeTypes: z.array(z.number()),
    salesProducts: idList,
    serviceProducts: idList,
    /** Device categories the store trains on (addition); absent when empty. */
    trainingProducts: idList.optional(),
    serviceTypes: idList,
    valueAddedServices: idList,
    solutionsSpecialties: idList,
    /** Opening hours in the store's time zone (addition to PRODUCT.md#store; absent when not given). */
    hours: storeHoursSchema.optional(),
    /** Carriers the store serves; empty for a carrier-neutral store (addition). */
    carriers: idList.optional(),
    /** True for a generated demo store (addition). */
    demo: z.boolean().optional(),
    /** The address in the lines its country writes it (addition; absent from old stores). */
    addressLines: z.array(z.string()).optional(),
  })
  .meta({ id: 'SearchStore', description: 'A store of the search answer.' });

/** PRODUCT.md#store-search-answer — the `results` field of the search answer. */
export const searchResultsSchema = z
  .object({
    stores: z.array(searchResponseStoreSchema),
    productMatrixList: z.array(productSchema),
    badgesArray: z.array(badgeSchema),
    repairTypes: z.array(codeItemSchema),
    vas: z.array(codeItemSchema),
    solutionsSpeciality: z.array(codeItemSchema),
    dropOff: z.boolean(),
    // The server always sends the fields below; a reader of an older answer gets their defaults.
    /** Initial travel mode (PRODUCT.md#store-search-answer "held results"); not sent by this server. */
    modesOfTransport: z.enum(['automobile', 'walking']).optional(),
    /** True when `stores` are the nearest beyond the radius (nothing was within it). */
    beyondRadius: z.boolean().default(false),
    /** The searched radius as displayed ("100 mi"). */
    radius: z.string().default(''),
    /**
     * An area search's matches: [longitude, latitude] one after the other, at most the server's
     * cap (`areaTotal` counts them all); empty for a radius search.
     */
    areaPoints: z.array(z.number()).default([]),
    areaTotal: z.number().int().min(0).default(0),
    /** True when the answer holds generated demo stores. */
    demoData: z.boolean().default(false),
  })
  .meta({ id: 'SearchResults', description: 'The stores found and the lookup tables.' });

export const searchResponseSchema = z
  .object({ results: searchResultsSchema })
  .meta({ id: 'SearchResponse', description: 'The answer of a store search.' });

export type CodeItem = z.infer<typeof codeItemSchema>;
export type Product = z.infer<typeof productSchema>;
export type Badge = z.infer<typeof badgeSchema>;
/** PRODUCT.md#store — a store as returned by the search API (ids not yet resolved). */
export type RawStore = z.infer<typeof searchResponseStoreSchema>;
/** PRODUCT.md#store-search-answer — store search result (the `results` field of the search response). */
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
