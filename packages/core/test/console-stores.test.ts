/**
 * The console's store table contract: the search text folded the same way for stores and for
 * what a person types, and the query read with its defaults, empty fields left out and bad values
 * refused.
 */
import { describe, expect, it } from 'vitest';
import { STORE_TABLE_PAGE_SIZE, searchFold, storeTableQuerySchema } from '../src/console-stores.js';

describe('searchFold', () => {
  it('ignores case, accents and runs of white space', () => {
    expect(searchFold('  Münchner   Straße ')).toBe('munchner straße');
    expect(searchFold('QUÉBEC')).toBe(searchFold('quebec'));
    expect(searchFold('Łódź')).toBe('łodz');
  });
});

describe('storeTableQuerySchema', () => {
  it('gives the defaults for an empty query', () => {
    expect(storeTableQuerySchema.parse({})).toEqual({
      sort: 'id',
      dir: 'asc',
      offset: 0,
      limit: STORE_TABLE_PAGE_SIZE,
    });
  });

  it('leaves empty fields out and reads the country in either case', () => {
    const q = storeTableQuerySchema.parse({
      q: ' ',
      country: 'de',
      channel: '',
      badge: '',
      sort: 'name',
      dir: 'desc',
      offset: '100',
      limit: '20',
    });
    expect(q).toEqual({ country: 'DE', sort: 'name', dir: 'desc', offset: 100, limit: 20 });
    expect(storeTableQuerySchema.parse({ country: '' }).country).toBeUndefined();
    expect(storeTableQuerySchema.parse({ q: 'Bocholt' }).q).toBe('Bocholt');
  });

  it('refuses values outside the contract', () => {
    for (const bad of [
      { country: 'Germany' },
      { country: 7 },
      { channel: 'repair' },
      { badge: 'no spaces' },
      { sort: 'phone' },
      { limit: '0' },
      { limit: '201' },
      { offset: '-1' },
      { q: 'x'.repeat(101) },
    ]) {
      expect(storeTableQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
