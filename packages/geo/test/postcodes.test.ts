/** Postcode shapes and formats (src/postcodes.ts) and the builder's kana romanisation. */
import { describe, expect, it } from 'vitest';
import { romaniseKana } from '../src/build/kana.js';
import {
  germanPlaceNames,
  japaneseMunicipalityNames,
  titleCase,
} from '../src/build/postcode-sources.js';
import { resolvePostcodes, type PlaceRef } from '../src/build/postcode-places.js';
import { districtBaseNames, mergeMorePlaces, urbanReachKm } from '../src/build/more-places.js';
import type { CityRecord } from '../src/build/sources.js';
import { postcodeCountries } from '../src/postcodes.js';

describe('postcode formats', () => {
  it('names the countries that write a code so, full or outward', () => {
    expect(postcodeCountries('SW1A 1AA')).toEqual(['GB']);
    expect(postcodeCountries('LS1')).toEqual(['GB']);
    expect(postcodeCountries('1012 AB')).toEqual(['NL']);
    expect(postcodeCountries('100-0001')).toEqual(['JP']);
    expect(postcodeCountries('〒100-0001')).toEqual(['JP']);
    expect(postcodeCountries('00-001')).toEqual(['PL']);
    expect(postcodeCountries('01310-100')).toEqual(['BR']);
    expect(postcodeCountries('D02 X285')).toEqual(['IE']);
    expect(postcodeCountries('10115')).toEqual(
      expect.arrayContaining(['DE', 'FR', 'US', 'ES', 'IT', 'FI']),
    );
    expect(postcodeCountries('Paris')).toEqual([]);
  });
});

describe('build helpers', () => {
  it('romanises katakana readings as English spells Japanese places', () => {
    expect(romaniseKana('ｼﾝｼﾞｭｸｸ')).toBe('shinjukuku');
    expect(romaniseKana('ﾁｭｳｵｳｸ')).toBe('chuoku');
    expect(romaniseKana('ｺｳﾄｳｸ')).toBe('kotoku');
    expect(romaniseKana('ｵｵﾀｸ')).toBe('otaku');
    expect(romaniseKana('ｼﾌﾞﾔｸ')).toBe('shibuyaku');
    expect(romaniseKana('ﾎｯｶｲﾄﾞｳ')).toBe('hokkaido');
    expect(romaniseKana('キョウト')).toBe('kyoto');
  });

  it('finds the municipality a Japanese code serves', () => {
    expect(japaneseMunicipalityNames('大阪市北区')).toEqual(['大阪市', '大阪']);
    expect(japaneseMunicipalityNames('西多摩郡奥多摩町')).toEqual(['奥多摩町', '奥多摩']);
    expect(japaneseMunicipalityNames('千代田区')).toEqual(['千代田区', '千代田']);
  });

  it('title-cases upper-case place names', () => {
    expect(titleCase('ST KILDA EAST')).toBe('St Kilda East');
    expect(titleCase('HEINÄVESI')).toBe('Heinävesi');
  });

  it('reads German place names with and without their qualifier', () => {
    expect(germanPlaceNames('Werder (Havel)')).toEqual(['Werder (Havel)', 'Werder']);
    expect(germanPlaceNames('Rüdersdorf bei Berlin')).toEqual([
      'Rüdersdorf bei Berlin',
      'Rüdersdorf',
    ]);
    expect(germanPlaceNames('Bonn')).toEqual(['Bonn']);
  });

  it('places a code of a shared name at the namesake near its group', () => {
    const place = (name: string, lat: number, lon: number, population: number): PlaceRef => ({
      name,
      lat,
      lon,
      population,
      countryCode: 'DE',
      admin1: '',
      admin2: '',
      iso: '',
      keys: [name.toLowerCase()],
    });
    const places = [
      place('Neustadt', 49.35, 8.14, 53_000), // an der Weinstraße
      place('Neustadt', 54.1, 10.81, 15_000), // in Holstein
      place('Eutin', 54.14, 10.62, 17_000),
      place('Ahrensbök', 54.01, 10.58, 8_000),
    ];
    const row = (code: string, name: string) => ({
      countryCode: 'DE',
      code,
      city: '',
      placeNames: [name],
      group: `DE${code.slice(0, 3)}`,
    });
    const out = resolvePostcodes(
      [row('23701', 'Eutin'), row('23730', 'Neustadt'), row('23738', 'Ahrensbök')],
      places,
    );
    expect(out.find((p) => p.code === '23730')).toMatchObject({ city: 'Neustadt', lat: 54.1 });
  });

  it('names districts without their kind and reaches further round bigger cities', () => {
    expect(districtBaseNames('Gangnam-gu')).toEqual(['Gangnam']);
    expect(districtBaseNames('Shibuya-ku')).toEqual(['Shibuya']);
    expect(districtBaseNames('Bandra')).toEqual([]);
    expect(urbanReachKm(100_000)).toBe(5);
    expect(urbanReachKm(10_000_000)).toBe(23);
    expect(urbanReachKm(30_000_000)).toBe(25);
    expect(urbanReachKm(3_478_300, 1.5)).toBeCloseTo(22.2, 1);
  });

  it("adds Dubai's districts 16-22 km from its GeoNames point, and names with a long tail", () => {
    const rec = (name: string, lat: number, lon: number, population = 0): CityRecord => ({
      geonameId: population ? 1 : 0,
      name,
      asciiName: name,
      alternateNames: [],
      lat,
      lon,
      featureCode: population ? 'PPLA' : 'PPLX',
      countryCode: 'AE',
      admin1: '03',
      admin2: '',
      population,
    });
    const dubai = rec('Dubai', 25.07725, 55.30927, 3_478_300);
    const added = mergeMorePlaces(
      {
        geonames: [
          rec('Dayrah', 25.27143, 55.30207), // 21.6 km
          rec('Dubai Marina', 25.08525, 55.14646),
          rec('Dubai City', 25.08, 55.3), // the city with a qualifier
        ],
        // The other dataset reaches as far as before: a village 18 km out stays out.
        csc: [rec('Faraway', 25.24, 55.31)],
      },
      [dubai],
    ).map((r) => r.name);
    expect(added).toEqual(['Dayrah', 'Dubai Marina']);
  });
});
