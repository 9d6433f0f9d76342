/** The starting content of one country (or region) configuration file. */
import countries from 'i18n-iso-countries';
import { REGION_LABELS, type Carrier, type CatchAllCode } from '@locator/core';
import type { CountryFile, RegionFile } from '../config/schema.js';

const DROP_OFF = new Set(['US', 'GB', 'DE', 'FR', 'JP', 'AU', 'CA', 'IT', 'ES', 'NL']);
const CAS_REDIRECT = new Set(['KR']);
const LUXURY = new Set(['US', 'GB', 'FR', 'JP', 'CN', 'DE', 'IT', 'HK', 'AE', 'CH', 'KR']);
const SALES = [
  'phone',
  'tablet',
  'computer',
  'watch',
  'watchedition',
  'watchsport',
  'watchluxury',
  'earbuds',
  'earbudspro',
  'headphones',
  'audiobrand',
  'musicplayer',
  'tvbox',
  'smartspeaker',
  'headset',
];
const SERVICE = ['phone', 'tablet', 'computer', 'watch', 'earbuds', 'earbudspro', 'headphones'];

const IMAGES = Object.fromEntries(
  ['sales', 'service', 'consulting', 'training'].flatMap((c) => [
    [`${c}ImageUrl`, `/images/channels/${c}.jpg`],
    [`${c}ImageUrl2x`, `/images/channels/${c}@2x.jpg`],
  ]),
);
IMAGES.salesRetailImageUrl2x = '/images/channels/sales-retail@2x.jpg';

function displayName(type: 'language' | 'region', code: string, inLang: string): string {
  const lang = inLang === 'in' ? 'id' : inLang;
  try {
    return new Intl.DisplayNames([lang], { type }).of(code === 'in' ? 'id' : code) ?? code;
  } catch {
    return code;
  }
}

interface Seed {
  iso: string;
  urlCode: string;
  region: CatchAllCode | null;
  locales: { locale: string; pathLang: string }[];
}

export function countryFile(seed: Seed, unit: 'km' | 'mi', carriers: Carrier[]): CountryFile {
  const { iso, urlCode, region } = seed;
  const countryName = countries.getName(iso, 'en') ?? displayName('region', iso, 'en');
  const firstLocal = seed.locales.find((l) => l.pathLang !== 'en') ?? seed.locales[0];
  const native = displayName('region', iso, firstLocal?.pathLang ?? 'en');
  const catchAll = region !== null;
  const sales = SALES.filter((p) => p !== 'watchluxury' || LUXURY.has(iso));
  const channel = (name: string, products: string[], dropOff = false) => ({
    channelName: name,
    maxResults: 99,
    dropOff,
    searchRadius: 100,
    products,
    countries: [],
    consultingLinkMap: [],
  });
  return {
    countryCode: iso,
    urlCode,
    catchAllRegion: region,
    countryName,
    countryNativeName: native,
    distanceUnit: unit,
    langs: seed.locales.map(({ locale, pathLang }) => {
      const tag = locale.replace('-', '_');
      return {
        code: pathLang,
        name: displayName('language', pathLang, pathLang),
        dataLang: tag,
        FooterLang: catchAll ? 'en_ASIA' : tag,
        HeaderFooterLang: catchAll ? 'en_ASIA' : tag,
        hermesServURL: `https://support.example.com/${pathLang}-${urlCode}/repair`,
        hermesStoreURL: `https://store.example.com/${urlCode}/`,
        countryNativeName: displayName('region', iso, pathLang),
      };
    }),
    disableMap: false,
    enableGeolocation: true,
    casRedirect: CAS_REDIRECT.has(iso),
    casSupportUrl: 'https://getsupport.example.com/?caller=grl&locale=',
    carriers,
    itemsPerPage: catchAll ? 0 : 5,
    widgetCount: catchAll ? 0 : 3,
    filterByStoreType: true,
    getDirection: 'https://maps.google.com/maps?',
    checkCountryMismatchArray: [],
    dontSendCountryName: false,
    disputedCountries: [],
    disputedPlaces: [],
    pacificisland: ['FJ', 'FM', 'PW', 'PG', 'WS', 'SB', 'TO', 'VU', 'NC', 'PF'].includes(iso),
    images: IMAGES,
    catchAll,
    catchAllSalesCountry: catchAll,
    catchAllServiceCountry: catchAll,
    channels: {
      sales: channel('Sales', sales),
      service: channel('Repairs', SERVICE, DROP_OFF.has(iso)),
      consulting: {
        ...channel('Consulting', []),
        consultingLinkMap: [...new Set(seed.locales.map((l) => l.pathLang))].map((lang) => ({
          lang,
          link: `https://consulting.example.com/${urlCode}/${lang}/`,
        })),
      },
      training: channel('Training', []),
    },
  };
}

export function regionFile(code: CatchAllCode, langs: string[]): RegionFile {
  return { code, label: REGION_LABELS[code], langs };
}
