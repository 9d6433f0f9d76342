/** Postcode shapes and formats (src/postcodes.ts) and the builder's kana romanisation. */
import { describe, expect, it } from 'vitest';
import { romaniseKana } from '../src/build/kana.js';
import { japaneseMunicipalityNames, titleCase } from '../src/build/postcode-sources.js';
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
});
