/** Test data for the results feature: a country configuration and a search result. */
import {
  buildChannels,
  type Badge,
  type ChannelConfig,
  type ChannelCountryConfig,
  type CodeItem,
  type CountryConfig,
  type Product,
  type RawStore,
  type SearchResults,
} from '@locator/core';
import type { LoadedConfig } from '../../src/lib/config/global-config';

const CODES = [
  ['phone', 'iphone', 'Phone', 'Phone'],
  ['tablet', 'ipad', 'Tablet', 'Tablet'],
  ['computer', 'computer', 'Computer', 'Computer'],
  ['watch', 'watch', 'Watch', 'Watch'],
  ['watchedition', 'watchedition', 'Watch Edition', 'Watch'],
  ['watchsport', 'watchsport', 'Watch Sport Edition', 'Watch'],
  ['watchluxury', 'watchluxury', 'Watch Luxury Edition', 'Watch'],
  ['earbuds', 'earbuds', 'Earbuds', 'Audio'],
  ['earbudspro', 'earbudspro', 'Earbuds Pro', 'Audio'],
  ['headphones', 'headphones', 'Headphones', 'Audio'],
  ['tvbox', 'tvbox', 'TV Box', 'Home'],
  ['smartspeaker', 'smartspeaker', 'Smart Speaker', 'Home'],
] as const;

export const PRODUCTS: Product[] = CODES.map(([code, value, displayName, ribbon], i) => ({
  _id: String(i + 1),
  code,
  value,
  displayName,
  displayOrder: i + 1,
  productRibbonName: ribbon,
  pdmSuperGrpProductId: `pgid${1001 + i}`,
}));

export const BADGES: Badge[] = [
  { id: '1', code: 'ars', channels: ['sales', 'service'], desc: 'y' },
  { id: '2', code: 'ashop', channels: ['sales'], desc: 'y' },
  { id: '3', code: 'as', channels: ['sales', 'service'], desc: 'y' },
  { id: '4', code: 'apr', channels: ['sales'], desc: 'y' },
  { id: '8', code: 'do', channels: ['service'], desc: 'n' },
];

export const REPAIR_TYPES: CodeItem[] = [1, 2, 3].map((i) => ({ _id: String(i), code: `rt${i}` }));
export const SPECIALTIES: CodeItem[] = [1, 2].map((i) => ({ _id: String(i), code: `ss${i}` }));
export const VAS: CodeItem[] = [{ _id: '1', code: 'vas1' }];

const carriers = [
  {
    name: 'EE',
    salesURL: 'https://carriers.example.com/ee/sales',
    serviceURL: 'https://carriers.example.com/ee/service',
  },
  {
    name: 'O2',
    salesURL: 'https://carriers.example.com/o2/sales',
    serviceURL: 'https://carriers.example.com/o2/service',
  },
];

function channel(
  name: string,
  products: Product[],
  dropOff = false,
  countries: ChannelCountryConfig[] = [],
): ChannelConfig {
  return {
    channelId: name.toLowerCase(),
    channelName: name,
    maxResults: 99,
    dropOff,
    searchRadius: 100,
    products,
    countries,
    consultingLinkMap: [],
  };
}

export function countryConfig(overrides: Partial<CountryConfig> = {}): CountryConfig {
  return {
    countryCode: 'GB',
    countryName: 'United Kingdom',
    countryNativeName: 'United Kingdom',
    langs: [],
    disableMap: false,
    enableGeolocation: true,
    casRedirect: false,
    casSupportUrl: 'https://getsupport.example.com/?caller=grl&locale=',
    carriers,
    itemsPerPage: 5,
    widgetCount: 3,
    filterByStoreType: true,
    getDirection: 'https://maps.example.com/maps?',
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: false,
    images: {},
    catchAll: false,
    catchAllSalesCountry: true,
    catchAllServiceCountry: true,
    channels: {
      sales: channel('Sales', PRODUCTS),
      service: channel('Repairs', PRODUCTS.slice(0, 4), true),
    },
    ...overrides,
  };
}

export function loadedConfig(config: CountryConfig = countryConfig(), lang = 'en'): LoadedConfig {
  return { country: config, channels: buildChannels(config, { lang }) };
}

/** A regional ("other" variant) configuration with two countries. */
export function regionConfig(): LoadedConfig {
  const countries = [
    {
      countryCode: 'IS',
      countryName: 'Iceland',
      products: PRODUCTS.slice(0, 3),
      carriers: [carriers[0]!],
    },
    { countryCode: 'MT', countryName: 'Malta', products: PRODUCTS.slice(2, 5), carriers: [] },
  ];
  const config = countryConfig({
    countryCode: 'europe',
    countryName: 'Other Europe',
    carriers: [],
    channels: {
      sales: channel('Sales', [], false, countries),
      service: channel('Repairs', [], false, countries),
    },
  });
  return loadedConfig(config);
}

export function store(n: number, overrides: Partial<RawStore> = {}): RawStore {
  return {
    id: `s${n}`,
    storeId: `ST${n}`,
    orderNumber: n,
    title: `Store ${n}`,
    distance: `${n}.0 mi`,
    storeBadges: [],
    street1: `${n} High Street`,
    street2: '',
    city: 'London',
    state: 'England',
    postalCode: 'W1 1AA',
    phone: '+44 20 7946 0000',
    latitude: 51.5 + n / 100,
    longitude: -0.12,
    geoCodeStatus: 'ROOFTOP',
    storeWeb: `store${n}.example.com`,
    apptSchedulerIndVal: '',
    storeTypes: [],
    salesProducts: ['1', '2'],
    serviceProducts: ['1'],
    serviceTypes: ['1'],
    valueAddedServices: [],
    solutionsSpecialties: [],
    ...overrides,
  };
}

export function results(stores: RawStore[], overrides: Partial<SearchResults> = {}): SearchResults {
  return {
    stores,
    productMatrixList: PRODUCTS,
    badgesArray: BADGES,
    repairTypes: REPAIR_TYPES,
    vas: VAS,
    solutionsSpeciality: SPECIALTIES,
    dropOff: false,
    beyondRadius: false,
    radius: '',
    areaPoints: [],
    areaTotal: 0,
    demoData: false,
    ...overrides,
  };
}

export function manyStores(count: number): RawStore[] {
  return Array.from({ length: count }, (_, i) => store(i + 1));
}
