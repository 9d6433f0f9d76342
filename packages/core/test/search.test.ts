import { describe, expect, it } from 'vitest';
import {
  isResultChannel,
  parseCoordinate,
  resultsQueryEntries,
  resultsQueryOf,
  resultsRoutePath,
  searchApiPath,
  searchApiQuery,
  shouldAutoSearch,
} from '../src/search.js';
import { API_BASE, type SearchRequest } from '../src/types.js';

const request: SearchRequest = {
  latitude: 51.5,
  longitude: -0.12,
  channel: 'service',
  lang: 'en',
  countryCode: 'UK',
  productId: '1',
  product: 'Phone',
  maxRadius: 80,
  maxResults: 50,
  carriers: '',
  formattedAddress: 'London',
};

describe('store-search call (PRODUCT.md#product-api)', () => {
  it('lower-cases the country in the path', () => {
    expect(searchApiPath(request)).toBe(`${API_BASE}/uk/en/service`);
  });

  it('sends every query parameter, empty values as ""', () => {
    expect(searchApiQuery(request)).toEqual({
      pt: '1',
      lat: '51.5',
      lon: '-0.12',
      carrier: '',
      maxrad: '80',
      maxResult: '50',
      repairType: '',
    });
    expect(searchApiQuery({ ...request, repairType: 'Drop off' }).repairType).toBe('Drop off');
    const loose = { ...request, carriers: null } as unknown as SearchRequest;
    expect(searchApiQuery(loose).carrier).toBe('');
    // An area search adds the area, west,south,east,north.
    const area = { west: -1, south: 51, east: 0.5, north: 52 };
    expect(searchApiQuery({ ...request, area }).bbox).toBe('-1,51,0.5,52');
    expect(searchApiQuery(request)).not.toHaveProperty('bbox');
  });
});

describe('results route (PRODUCT.md#routes, #results-page)', () => {
  it('accepts sales and service only', () => {
    expect(isResultChannel('sales')).toBe(true);
    expect(isResultChannel('service')).toBe(true);
    expect(isResultChannel('training')).toBe(true);
    expect(isResultChannel('consulting')).toBe(false);
    expect(isResultChannel(undefined)).toBe(false);
  });

  it('redirects an invalid channel to the locale home', () => {
    expect(resultsRoutePath('en-GB', 'sales')).toBe('/uk/en/sales');
    expect(resultsRoutePath('en-US', 'service')).toBe('/service');
    expect(resultsRoutePath('en-GB', 'training')).toBe('/uk/en/training');
    expect(resultsRoutePath('en-GB', 'bogus')).toBe('/uk/en/');
    expect(resultsRoutePath('en-US', null)).toBe('/');
  });
});

describe('results query (PRODUCT.md#results-page)', () => {
  it('lists the non-empty parameters in order', () => {
    expect(resultsQueryEntries(resultsQueryOf(request))).toEqual([
      ['pt', '1'],
      ['countryCode', 'UK'],
      ['lat', '51.5'],
      ['lon', '-0.12'],
      ['address', 'London'],
    ]);
    expect(
      resultsQueryEntries(
        resultsQueryOf({ ...request, carriers: 'EE', repairType: 'Drop off' }),
      ).slice(-2),
    ).toEqual([
      ['carrier', 'EE'],
      ['repairType', 'Drop off'],
    ]);
  });

  it('searches on load only with lat, lon and address', () => {
    expect(shouldAutoSearch({ lat: '51.5', lon: '-0.12', address: 'London' })).toBe(true);
    expect(shouldAutoSearch({ lat: '51.5', lon: '-0.12', address: ' ' })).toBe(false);
    expect(shouldAutoSearch({ lat: '51.5', address: 'London' })).toBe(false);
    expect(shouldAutoSearch({ lat: '51.5', lon: '-0.12' })).toBe(false);
    expect(shouldAutoSearch({ lat: 'abc', lon: '1', address: 'x' })).toBe(false);
    expect(shouldAutoSearch({ lat: '91', lon: '1', address: 'x' })).toBe(false);
    expect(shouldAutoSearch({ lat: '1', lon: '181', address: 'x' })).toBe(false);
  });

  it('parses coordinates', () => {
    expect(parseCoordinate('-33.9', 90)).toBe(-33.9);
    expect(parseCoordinate(null, 90)).toBeUndefined();
    expect(parseCoordinate('', 90)).toBeUndefined();
    expect(parseCoordinate('Infinity', 90)).toBeUndefined();
  });
});
