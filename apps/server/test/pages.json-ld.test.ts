/**
 * A store page's structured data from its parts: only what the store's data has is stated (no
 * empty postcode, region, telephone or website), the coordinates as stored, and the image from
 * the country's channel picture or else the store's small map.
 */
import { describe, expect, it } from 'vitest';
import { storeImageUrl, storeJsonLd, type StoreLd } from '../src/modules/pages/json-ld.js';

/** The store's JSON-LD as a reader of the page gets it. */
const ldOf = (s: StoreLd) => JSON.parse(JSON.stringify(storeJsonLd(s))) as Record<string, unknown>;

const ORIGIN = 'https://stores.example.com';
const MAP = `${ORIGIN}/basemap/static.svg?lat=51.514213&lon=-0.142&z=12&w=640&h=320&lang=en-GB`;

const STORE: StoreLd = {
  name: 'Lumen High Street',
  url: `${ORIGIN}/uk/en/stores/S-1-lumen-high-street`,
  telephone: '+44 121 234 7891',
  street: '1 High Street',
  city: 'Birmingham',
  region: 'West Midlands',
  postalCode: 'B1 1AA',
  country: 'GB',
  latitude: 52.479699,
  longitude: -1.902691,
  website: 'https://shop.example.com/',
  image: MAP,
};

describe("a store page's structured data", () => {
  it('states every part the store has', () => {
    const ld = ldOf(STORE);
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 High Street',
      addressLocality: 'Birmingham',
      addressRegion: 'West Midlands',
      postalCode: 'B1 1AA',
      addressCountry: 'GB',
    });
    expect(ld).toMatchObject({
      telephone: '+44 121 234 7891',
      sameAs: 'https://shop.example.com/',
      image: MAP,
      geo: { '@type': 'GeoCoordinates', latitude: 52.479699, longitude: -1.902691 },
    });
  });

  it('leaves out what the store does not have, instead of stating it empty', () => {
    const ld = ldOf({
      ...STORE,
      region: '',
      postalCode: ' ',
      telephone: '',
      website: '',
      country: 'AE',
    });
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 High Street',
      addressLocality: 'Birmingham',
      addressCountry: 'AE',
    });
    for (const key of ['telephone', 'sameAs', 'priceRange', 'openingHoursSpecification']) {
      expect(ld, key).not.toHaveProperty(key);
    }
    expect(JSON.stringify(ld)).not.toContain('""');
  });

  it("takes the channel's picture from the configuration, else the small map", () => {
    const images = {
      salesImageUrl: '/images/channels/sales.jpg',
      salesImageUrl2x: '/images/channels/sales@2x.jpg',
      serviceImageUrl: 'https://cdn.example.net/service.jpg',
    };
    expect(storeImageUrl(images, 'sales', ORIGIN, MAP)).toBe(
      `${ORIGIN}/images/channels/sales@2x.jpg`,
    );
    expect(storeImageUrl(images, 'service', ORIGIN, MAP)).toBe(
      'https://cdn.example.net/service.jpg',
    );
    expect(storeImageUrl({}, 'sales', ORIGIN, MAP)).toBe(MAP);
    expect(storeImageUrl({ salesImageUrl2x: 'http://[broken' }, 'sales', ORIGIN, MAP)).toBe(MAP);
  });
});
