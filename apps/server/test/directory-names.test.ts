/**
 * The directory's regions by name: states, provinces and prefectures given as codes are listed
 * under their names (with slugs of the names), Japan's prefectures in the country's own order.
 */
import { describe, expect, it } from 'vitest';
import { Directory } from '../src/modules/pages/directory.js';
import { directoryRegion, stateDisplayName } from '../src/modules/stores/state-names.js';
import { storeAddressLines, type StoreDoc } from '../src/modules/stores/doc.js';

const row = (country: string, state: string, city: string, n = 1) => ({
  storeId: `${country}-${state}-${n}`,
  country,
  title: `Store ${n}`,
  street: '1 Main Street',
  state,
  city,
  changedAt: '2026-01-01T00:00:00.000Z',
});

describe('region names', () => {
  it('names a state given as its code, in the language when known', () => {
    expect(stateDisplayName('CA', 'AB', 'en')).toBe('Alberta');
    expect(stateDisplayName('CA', 'BC', 'fr')).toBe('Colombie-Britannique');
    expect(stateDisplayName('AU', 'NSW', 'en')).toBe('New South Wales');
    expect(stateDisplayName('US', 'NY', 'en')).toBe('New York');
    expect(stateDisplayName('JP', '13', 'ja')).toBe('東京都');
    expect(stateDisplayName('JP', 'JP-13', 'en')).toBe('Tokyo');
    expect(stateDisplayName('DE', 'Bayern', 'de')).toBe('Bayern');
    expect(stateDisplayName('GB', '', 'en')).toBe('');
  });

  it('lists a region by its name, the city when there is no state', () => {
    expect(directoryRegion('JP', '13', '千代田区')).toBe('東京都');
    expect(directoryRegion('AE', '', 'Dubai')).toBe('Dubai');
  });

  it('builds the directory with names and their slugs', () => {
    const d = new Directory([row('CA', 'AB', 'Calgary'), row('AU', 'NSW', 'Sydney')]);
    expect([...d.countries.get('CA')!.children.values()].map((p) => [p.name, p.slug])).toEqual([
      ['Alberta', 'alberta'],
    ]);
    expect([...d.countries.get('AU')!.children.keys()]).toEqual(['new-south-wales']);
  });

  it("lists Japan's prefectures in the country's order, north to south", () => {
    const d = new Directory([
      row('JP', '沖縄県', '那覇市', 1),
      row('JP', '大阪府', '大阪市北区', 2),
      row('JP', '13', '千代田区', 3),
      row('JP', '北海道', '札幌市', 4),
    ]);
    expect([...d.countries.get('JP')!.children.values()].map((p) => p.name)).toEqual([
      '北海道',
      '東京都',
      '大阪府',
      '沖縄県',
    ]);
  });
});

describe("a stored store's address lines", () => {
  const doc = (over: Partial<StoreDoc>) =>
    ({ street1: '', street2: '', city: '', state: '', postalCode: '', ...over }) as StoreDoc;

  it('writes the prefecture of a Japanese address by name, not by its code', () => {
    expect(
      storeAddressLines(
        doc({ street1: '千代田1-1', city: '千代田区', state: '13', postalCode: '100-0001' }),
        'JP',
      ),
    ).toEqual(['〒100-0001', '東京都千代田区千代田1-1']);
  });

  it('keeps the code where the post writes it', () => {
    expect(
      storeAddressLines(
        doc({ street1: '1478 Market Lane', city: 'Calgary', state: 'AB', postalCode: 'T2P 9D2' }),
        'CA',
      ),
    ).toEqual(['1478 Market Lane', 'Calgary, AB T2P 9D2']);
  });
});
