import { describe, expect, it } from 'vitest';
import {
  CATCH_ALL_DEFAULTS,
  REGION_LABELS,
  buildCatchAllConfig,
  catchAllCountries,
  isMultiCountry,
  selectCountryConfig,
  sortByCountryName,
} from '../src/catchall.js';
import { buildChannels } from '../src/channels.js';
import type { CountryConfig } from '../src/types.js';
import { PHONE, TABLET, WATCH, channelConfig, countryConfig } from './fixtures.js';

const carriers = [{ name: 'Ncell', salesURL: '', serviceURL: '' }];

const nepal = countryConfig({
  countryCode: 'np',
  countryName: 'Nepal',
  countryNativeName: 'नेपाल',
  catchAllSalesCountry: true,
  catchAllServiceCountry: true,
  carriers,
  getDirection: 'https://maps.example.com/?',
  images: { salesImageUrl: '/img/np-sales.jpg' },
  channels: {
    sales: channelConfig({ products: [TABLET, PHONE] }),
    service: channelConfig({ channelId: 'service', products: [WATCH] }),
  },
});
const bhutan = countryConfig({
  countryCode: 'bt',
  countryName: 'Bhutan',
  countryNativeName: 'འབྲུག',
  catchAllSalesCountry: true,
  catchAllServiceCountry: false,
  getDirection: '',
  channels: { sales: channelConfig({ products: [PHONE] }) },
});
const laos = countryConfig({
  countryCode: 'la',
  countryName: 'Laos',
  catchAllSalesCountry: false,
  catchAllServiceCountry: true,
  channels: {},
});
const japan = countryConfig({ countryCode: 'jp', countryName: 'Japan' });

describe('catch-all countries (PRODUCT.md#regional-catch-all-configuration)', () => {
  it('takes sales countries with catchAllSalesCountry, sorted by countryName', () => {
    const sales = catchAllCountries([nepal, japan, bhutan, laos], 'sales');
    expect(sales.map((c) => c.countryCode)).toEqual(['bt', 'np']);
    expect(sales[1]).toEqual({
      countryCode: 'np',
      countryNativeName: 'नेपाल',
      countryName: 'Nepal',
      products: [TABLET, PHONE],
      carriers,
    });
  });

  it('takes service countries with catchAllServiceCountry, with that channel’s products', () => {
    const service = catchAllCountries([nepal, japan, bhutan, laos], 'service');
    expect(service.map((c) => c.countryCode)).toEqual(['la', 'np']);
    expect(service[1]?.products).toEqual([WATCH]);
    expect(service[0]?.products).toEqual([]);
  });

  it('copes with a country without carriers', () => {
    const loose = { ...laos, carriers: undefined } as unknown as CountryConfig;
    expect(catchAllCountries([loose], 'service')[0]?.carriers).toEqual([]);
  });

  it('sorts without modifying its input', () => {
    const input = [nepal, bhutan];
    expect(sortByCountryName(input).map((c) => c.countryName)).toEqual(['Bhutan', 'Nepal']);
    expect(input.map((c) => c.countryName)).toEqual(['Nepal', 'Bhutan']);
  });
});

describe('catch-all configuration (PRODUCT.md#regional-catch-all-configuration, #regions)', () => {
  const config = buildCatchAllConfig('asia', [nepal, japan, bhutan, laos]);

  it('is named after the region', () => {
    expect(config.countryCode).toBe('asia');
    expect(config.countryName).toBe('Other Asia');
    expect(config.catchAll).toBe(true);
  });

  it('has the fixed values of 9.2', () => {
    expect(config).toMatchObject({
      itemsPerPage: 0,
      widgetCount: 0,
      enableGeolocation: true,
      disableMap: false,
      filterByStoreType: true,
      casRedirect: false,
    });
    expect(config.langs).toEqual([
      expect.objectContaining({
        code: 'en',
        name: 'English',
        FooterLang: 'en_ASIA',
        HeaderFooterLang: 'en_ASIA',
      }),
    ]);
    for (const key of ['sales', 'service'] as const) {
      expect(config.channels[key]).toMatchObject({
        channelId: key,
        maxResults: 99,
        searchRadius: 100,
        dropOff: false,
      });
    }
    expect(config.channels.sales?.channelName).toBe('Sales');
    expect(config.channels.service?.channelName).toBe('Repairs');
    expect(CATCH_ALL_DEFAULTS.maxResults).toBe(99);
  });

  it('takes getDirection and images from the first sorted country that has them', () => {
    expect(config.getDirection).toBe('https://maps.example.com/?');
    expect(config.images).toEqual({ salesImageUrl: '/img/np-sales.jpg' });
    const none = buildCatchAllConfig('lac', [
      { ...bhutan, images: undefined } as unknown as CountryConfig,
      { ...laos, getDirection: undefined } as unknown as CountryConfig,
    ]);
    expect(none.getDirection).toBe('');
    expect(none.images).toEqual({});
  });

  it('has the region labels of 9.2', () => {
    expect(REGION_LABELS).toEqual({
      asia: 'Other Asia',
      europe: 'Other Europe',
      amei: 'Other Africa and Middle East',
      lac: 'Latin America and the Caribbean',
    });
    expect(buildCatchAllConfig('amei', []).countryName).toBe('Other Africa and Middle East');
  });

  it('gives channels whose country options hide countries without products', () => {
    const channels = buildChannels(config, { lang: 'en' });
    expect(channels.sales?.options.country.map((c) => c.countryCode)).toEqual(['bt', 'np']);
    expect(channels.service?.options.country.map((c) => c.countryCode)).toEqual(['np']);
    expect(channels.service?.options.country[0]?.carriers).toEqual([{ name: 'Ncell' }]);
    expect(channels.service?.externalLink).toBeUndefined();
  });
});

describe('selectCountryConfig (PRODUCT.md#product-api)', () => {
  it('builds the catch-all for regional codes, in any case', () => {
    expect(selectCountryConfig('europe', { response: [nepal] })?.countryName).toBe('Other Europe');
    expect(selectCountryConfig('LAC', { response: [] })?.countryCode).toBe('lac');
  });

  it('uses the first element otherwise', () => {
    expect(selectCountryConfig('np', { response: [nepal, japan] })).toBe(nepal);
    expect(selectCountryConfig('np', { response: [] })).toBeUndefined();
  });

  it('tells multi-country codes', () => {
    expect(isMultiCountry('amei')).toBe(true);
    expect(isMultiCountry('uk')).toBe(false);
  });
});
