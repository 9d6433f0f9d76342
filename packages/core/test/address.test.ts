import { describe, expect, it } from 'vitest';
import { cityLine, repeatsCity } from '../src/address.js';

describe('repeatsCity', () => {
  it('finds a state that only repeats the city, with or without its kind', () => {
    expect(repeatsCity('Tokyo', ['Tokyo'])).toBe(true);
    expect(repeatsCity('上海市', ['上海'])).toBe(true);
    expect(repeatsCity('東京都', ['東京'])).toBe(true);
    expect(repeatsCity('上海市', ['Shanghai', '上海'])).toBe(true);
  });

  it('keeps a state that names something else', () => {
    expect(repeatsCity('England', ['London'])).toBe(false);
    expect(repeatsCity('广东省', ['广州'])).toBe(false);
    expect(repeatsCity('東京都', ['杉並区'])).toBe(false);
    expect(repeatsCity('Tokyo', [''])).toBe(false);
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
