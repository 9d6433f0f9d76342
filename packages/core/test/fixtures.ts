/** Test data builders shared by the core unit tests. */
import type {
  Badge,
  ChannelConfig,
  CountryConfig,
  Product,
  RawStore,
  SearchResults,
  Store,
} from '../src/types.js';

export function product(
  id: string,
  code: string,
  displayOrder: number,
  extra: Partial<Product> = {},
): Product {
  return {
    _id: id,
    displayName: code.toUpperCase(),
    code,
    value: code === 'phone' ? 'iphone' : code === 'tablet' ? 'ipad' : code,
    displayOrder,
    productRibbonName: code,
    pdmSuperGrpProductId: `SG${id}`,
    ...extra,
  };
}

export const PHONE = product('1', 'phone', 1);
export const TABLET = product('2', 'tablet', 2);
export const COMPUTER = product('3', 'computer', 3);
export const WATCH = product('4', 'watch', 4);

export function channelConfig(extra: Partial<ChannelConfig> = {}): ChannelConfig {
  return {
    channelId: 'sales',
    channelName: 'Sales',
    maxResults: 50,
    dropOff: false,
    searchRadius: 80,
    products: [],
    countries: [],
    consultingLinkMap: [],
    ...extra,
  };
}

export function countryConfig(extra: Partial<CountryConfig> = {}): CountryConfig {
  return {
    countryCode: 'us',
    countryName: 'United States',
    countryNativeName: 'United States',
    langs: [],
    disableMap: false,
    enableGeolocation: true,
    casRedirect: false,
    casSupportUrl: '',
    carriers: [],
    itemsPerPage: 5,
    widgetCount: 0,
    filterByStoreType: true,
    getDirection: 'https://maps.example.com/?',
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: false,
    images: {},
    catchAll: false,
    catchAllSalesCountry: false,
    catchAllServiceCountry: false,
    channels: {},
    ...extra,
  };
}

export function rawStore(extra: Partial<RawStore> = {}): RawStore {
  return {
    id: 's1',
    storeId: 'S-1',
    orderNumber: 1,
    title: 'Store One',
    distance: '1.2 km',
    storeBadges: [],
    street1: '1 Main St',
    street2: '',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    phone: '+1 555 0100',
    latitude: 39.8,
    longitude: -89.6,
    geoCodeStatus: 'OK',
    storeWeb: 'https://store.example.com',
    apptSchedulerIndVal: '',
    storeTypes: [],
    salesProducts: [],
    serviceProducts: [],
    serviceTypes: [],
    valueAddedServices: [],
    solutionsSpecialties: [],
    ...extra,
  };
}

export function store(extra: Partial<Store> = {}): Store {
  return {
    id: 's1',
    storeId: 'S-1',
    orderNumber: 1,
    title: 'Store One',
    distance: '1.2 km',
    badges: [],
    street1: '1 Main St',
    street2: '',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    addressLines: ['1 Main St', 'Springfield, IL 62701'],
    phone: '+1 555 0100',
    latitude: 39.8,
    longitude: -89.6,
    geoCodeStatus: 'OK',
    storeWeb: '',
    apptSchedulerIndVal: '',
    storeTypes: [],
    inSales: false,
    inService: false,
    inTraining: false,
    salesProducts: [],
    serviceProducts: [],
    trainingProducts: [],
    productRibbon: [],
    serviceTypes: [],
    valueAddedServices: [],
    solutionsSpecialties: [],
    ...extra,
  };
}

export function badge(id: string, code: string, channels: string[], desc = 'n'): Badge {
  return { id, code, channels, desc };
}

export function results(extra: Partial<SearchResults> = {}): SearchResults {
  return {
    solutionsSpeciality: [],
    productMatrixList: [],
    stores: [],
    badgesArray: [],
    repairTypes: [],
    vas: [],
    dropOff: false,
    beyondRadius: false,
    radius: '',
    areaPoints: [],
    areaTotal: 0,
    demoData: false,
    ...extra,
  };
}
