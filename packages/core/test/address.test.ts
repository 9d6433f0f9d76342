import { describe, expect, it } from 'vitest';
import { addressLines, cityLine, repeatsCity } from '../src/address.js';

describe('repeatsCity', () => {
  it('finds a state that only repeats the city, with or without its kind', () => {
    expect(repeatsCity('Tokyo', ['Tokyo'])).toBe(true);
    expect(repeatsCity('上海市', ['上海'])).toBe(true);
    expect(repeatsCity('東京都', ['東京'])).toBe(true);
    expect(repeatsCity('上海市', ['Shanghai', '上海'])).toBe(true);
    expect(repeatsCity('서울특별시', ['서울'])).toBe(true);
    expect(repeatsCity('부산광역시', ['부산'])).toBe(true);
  });

  it('keeps a state that names something else', () => {
    expect(repeatsCity('England', ['London'])).toBe(false);
    expect(repeatsCity('广东省', ['广州'])).toBe(false);
    expect(repeatsCity('東京都', ['杉並区'])).toBe(false);
    expect(repeatsCity('Tokyo', [''])).toBe(false);
    expect(repeatsCity('경기도', ['수원'])).toBe(false);
  });
});

describe('cityLine', () => {
  it('writes city, state and postcode, leaving out a state that repeats the city', () => {
    expect(cityLine({ city: 'London', state: 'England', postalCode: 'SW1A 1AA' })).toBe(
      'London England SW1A 1AA',
    );
    expect(cityLine({ city: '上海', state: '上海市', postalCode: '200001' })).toBe('上海 200001');
    expect(cityLine({ city: 'Dubai', state: 'Dubai', postalCode: '' })).toBe('Dubai');
  });

  it('skips blank parts', () => {
    expect(cityLine({ city: ' ', state: '', postalCode: '10115' })).toBe('10115');
    expect(cityLine({})).toBe('');
  });
});

describe('addressLines', () => {
  it('writes a Western address street first, the postcode last', () => {
    expect(
      addressLines({
        street1: '166 Oak Drive',
        street2: 'Unit 2',
        city: 'London',
        state: 'England',
        postalCode: 'SE7 8EL',
      }),
    ).toEqual(['166 Oak Drive', 'Unit 2', 'London England SE7 8EL']);
    expect(addressLines({ street1: '1 Sheikh Zayed Rd', city: 'Dubai', state: 'Dubai' })).toEqual([
      '1 Sheikh Zayed Rd',
      'Dubai',
    ]);
  });

  it('writes a Japanese address from the prefecture down, after 〒 and its postcode', () => {
    expect(
      addressLines({
        street1: '井草2丁目14-1',
        city: '杉並区',
        state: '東京都',
        postalCode: '167-0021',
      }),
    ).toEqual(['〒167-0021', '東京都杉並区井草2丁目14-1']);
    expect(
      addressLines({ street1: '梅田1丁目1-3', street2: '5F', city: '大阪市北区', state: '大阪府' }),
    ).toEqual(['大阪府大阪市北区梅田1丁目1-3', '5F']);
  });

  it('writes Chinese and Korean addresses largest first, Korean with its spaces', () => {
    expect(
      addressLines({
        street1: '长江大道561号',
        city: '上海',
        state: '上海市',
        postalCode: '200081',
      }),
    ).toEqual(['200081', '上海长江大道561号']);
    expect(addressLines({ street1: '세종대로 110', city: '서울', postalCode: '04524' })).toEqual([
      '04524',
      '서울 세종대로 110',
    ]);
    // A part in another script keeps a space.
    expect(addressLines({ street1: '新華街680號', city: '台北', state: 'Taipei City' })).toEqual([
      'Taipei City 台北新華街680號',
    ]);
  });

  it('has no line for blank parts', () => {
    expect(addressLines({})).toEqual([]);
    expect(addressLines({ street1: ' ', city: 'Paris', postalCode: '75001' })).toEqual([
      'Paris 75001',
    ]);
  });
});
