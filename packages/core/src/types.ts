/**
 * Entity types of the product (PRODUCT.md#entities). These are the shapes on the wire (globalmatrix, store
 * search) and in the client; server and web both import them from here. The answers' types are
 * inferred from their schemas (search-response.ts, config-response.ts) and re-exported here.
 */

import type { StoreHours } from './hours.js';
import type { CodeItem, Product } from './search-response.js';

export type {
  Badge,
  CodeItem,
  Product,
  RawStore,
  SearchResponse,
  SearchResults,
} from './search-response.js';
export type {
  Carrier,
  ChannelConfig,
  ChannelCountryConfig,
  CountryConfig,
  CountryLanguage,
  GlobalMatrixResponse,
} from './config-response.js';

/**
 * Base path of the product server (PRODUCT.md#product-api): globalmatrix and the store search. Here rather
 * than in `search.ts`, so that the home page's bundle (globalmatrix only) does not carry the
 * search rules.
 */
export const API_BASE = '/api/v1/grlui';

/** Channels of the product (PRODUCT.md#what-the-product-does, #channels). Sales and service are product-based. */
export const CHANNEL_KEYS = ['sales', 'service', 'consulting', 'training'] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];

/**
 * Channels that have a results page: sales and service (PRODUCT.md#routes), and training, whose results
 * list the training providers (a store whose `trainingProducts` is not empty).
 */
export const RESULT_CHANNELS = ['sales', 'service', 'training'] as const;
export type ResultChannel = (typeof RESULT_CHANNELS)[number];

/** Home-page card order (PRODUCT.md#home-page, #channels). */
export const HOME_CHANNEL_ORDER: readonly ChannelKey[] = [
  'sales',
  'service',
  'consulting',
  'training',
];

export type TravelMode = 'automobile' | 'walking';
export const TRAVEL_MODES: readonly TravelMode[] = ['automobile', 'walking'];

/** Product (device category) codes with icons (PRODUCT.md#code-lists). */
export const PRODUCT_CODES = [
  'phone',
  'tablet',
  'musicplayer',
  'earbuds',
  'earbudspro',
  'headphones',
  'audiobrand',
  'computer',
  'tvbox',
  'smartspeaker',
  'watch',
  'watchedition',
  'watchsport',
  'watchluxury',
  'headset',
  'allproducts',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Store type (badge) codes (PRODUCT.md#code-lists). */
export const BADGE_CODES = ['ashop', 'ars', 'as', 'cs', 'apr', 'premier', 'aw', 'do'] as const;
export type BadgeCode = (typeof BADGE_CODES)[number];

/** storeTypes value of a retail store of the maker itself (PRODUCT.md#code-lists). */
export const RETAIL_STORE_TYPE = 5;
/** Service-type code removed by drop-off filtering (PRODUCT.md#drop-off, #code-lists). */
export const DROP_OFF_EXCLUDED_SERVICE_TYPE = 'rt2';
/** The repairType value of a drop-off search (PRODUCT.md#results-page). */
export const DROP_OFF_REPAIR_TYPE = 'Drop off';

/** Greater-China country codes (PRODUCT.md#code-lists). */
export const GREATER_CHINA_CODES = ['cn', 'mo', 'hk', 'tw'] as const;

/** PRODUCT.md#channels-in-the-web-app — an option of the product field. */
export interface ProductOption {
  _id: string;
  displayName: string;
  code: string;
  value: string;
  displayOrder: number;
}

/** PRODUCT.md#channels-in-the-web-app — an option of the country field. */
export interface CountryOption {
  countryCode: string;
  countryName: string;
  countryNativeName?: string;
  products: ProductOption[];
  carriers: { name: string }[];
}

/** PRODUCT.md#channels-in-the-web-app — a channel as used by the client. */
export interface Channel {
  id: ChannelKey;
  name: string;
  maxResults: number;
  dropOff: boolean;
  searchRadius: number;
  options: {
    products: ProductOption[];
    country: CountryOption[];
    carriers?: { name: string }[];
  };
  externalLink?: string;
}

/** PRODUCT.md#store — a store after normalisation for display (ids resolved). */
export interface Store {
  id: string;
  storeId: string;
  orderNumber: number;
  title: string;
  distance: string;
  badges: string[];
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
  /** The address's lines as its country writes them (the server's, else `addressLines`). */
  addressLines: string[];
  phone: string;
  latitude: number;
  longitude: number;
  geoCodeStatus: string;
  /** Safe http(s) URL or "" (PRODUCT.md#store with the project's scheme rule). */
  storeWeb: string;
  apptSchedulerIndVal: string;
  storeTypes: number[];
  /** True when the store has presence in the sales / service / training channel. */
  inSales: boolean;
  inService: boolean;
  inTraining: boolean;
  salesProducts: Product[];
  serviceProducts: Product[];
  trainingProducts: Product[];
  /** productRibbonName of the channel's products, de-duplicated, in displayOrder. */
  productRibbon: string[];
  serviceTypes: CodeItem[];
  valueAddedServices: CodeItem[];
  solutionsSpecialties: CodeItem[];
  /** Opening hours, when the store has them (valid form only). */
  hours?: StoreHours;
}

/** PRODUCT.md#search-request — input to a store search. */
export interface SearchRequest {
  latitude: number;
  longitude: number;
  channel: ResultChannel;
  lang: string;
  countryCode: string;
  /** Product _id, or "all". */
  productId: string;
  /** Display name, or "All Products". */
  product: string;
  maxRadius: number;
  maxResults: number;
  carriers: string;
  formattedAddress: string;
  repairType?: string;
  /** Search this area of the map instead of the radius (latitude/longitude: its centre). */
  area?: { west: number; south: number; east: number; north: number };
}

/** PRODUCT.md#filter-groups-and-suggestions */
export interface FilterGroup {
  filterId: string;
  filterData: { id: string; code: string; title: string }[];
}

export interface Suggestion {
  lines: [string, string];
  latitude: number;
  longitude: number;
}

/** PRODUCT.md#location-search-statistic — location-search statistic. */
export interface LocationSearchStatistic {
  channel: string;
  country: string;
  locale: string;
  latitude: number;
  longitude: number;
  product: string;
  searchedLocation: string;
}
