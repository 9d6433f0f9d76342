// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/embed/settings';
import { isSearchAnswer } from '../../src/embed/data';

function element(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('store-nearest');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

describe('embed attributes', () => {
  it('reads the locale of a site path, the channel, the position and the count', () => {
    expect(
      readSettings(
        element({
          country: 'AE',
          lang: 'ar',
          channel: 'service',
          lat: '25.2',
          lon: '55.27',
          'max-results': '5',
        }),
      ),
    ).toMatchObject({
      locale: 'ar-AE',
      pathCountry: 'ae',
      pathLang: 'ar',
      channel: 'service',
      position: { latitude: 25.2, longitude: 55.27 },
      maxResults: 5,
    });
  });

  it('falls back for what does not fit', () => {
    expect(
      readSettings(
        element({
          country: 'xx',
          lang: 'zz',
          channel: 'consulting',
          lat: '95',
          lon: '10',
          product: '<b>',
          'max-results': '99',
        }),
      ),
    ).toMatchObject({
      locale: 'en-US',
      channel: 'sales',
      position: undefined,
      product: '',
      maxResults: 10,
    });
    expect(readSettings(element({})).maxResults).toBe(3);
  });
});

describe('the search answer the elements read', () => {
  const store = { id: 'S1', orderNumber: 1, title: 'A', latitude: 51.5, longitude: -0.1 };
  it('accepts stores with what a store needs', () => {
    expect(isSearchAnswer({ results: { stores: [store, { ...store, id: 7 }] } })).toBe(true);
    expect(isSearchAnswer({ results: { stores: [] } })).toBe(true);
  });
  it.each([
    ['no results', {}],
    ['stores not a list', { results: { stores: 'x' } }],
    ['a store without a title', { results: { stores: [{ ...store, title: undefined }] } }],
    ['a position not a number', { results: { stores: [{ ...store, latitude: '51' }] } }],
    ['an order number not whole', { results: { stores: [{ ...store, orderNumber: 1.5 }] } }],
  ])('refuses %s', (_name, body) => {
    expect(isSearchAnswer(body)).toBe(false);
  });
});
