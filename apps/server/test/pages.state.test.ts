/**
 * The store data the pages read: a language's directory holds only the countries whose pages
 * are written in it (every store in every language's directory ran the sitemaps out of memory
 * at 50,000 stores).
 */
import { describe, expect, it } from 'vitest';
import { PagesData } from '../src/modules/pages/state.js';
import type { StoreDirectoryRow, StorePagesRepository } from '../src/modules/pages/repository.js';
import type { PlaceNamer } from '../src/modules/pages/place-names.js';

const row = (storeId: string, country: string, city: string): StoreDirectoryRow => ({
  storeId,
  country,
  title: `Store ${storeId}`,
  street: '1 High Street',
  state: '',
  city,
  changedAt: '2026-12-01T10:00:00.000Z',
});

const repo: StorePagesRepository = {
  version: async () => '1',
  directory: async () => [row('DE-1', 'DE', 'Munich'), row('FR-1', 'FR', 'Paris')],
  stores: async () => [],
  removed: async () => [],
  lastImport: async () => undefined,
};

const names: PlaceNamer = {
  name: (_country, name, lang) => (lang === 'de-DE' && name === 'Munich' ? 'München' : name),
  same: () => false,
};

describe('PagesData', () => {
  it("builds a language's directory of the countries whose pages are in it, named in it", async () => {
    const countries = new Map([['de-DE', new Set(['DE'])]]);
    const data = new PagesData(
      repo,
      () => 0,
      async () => names,
      (lang) => countries.get(lang),
    );
    const state = await data.current();
    const de = state.directoryIn('de-DE');
    expect([...de.countries.keys()]).toEqual(['DE']);
    expect([...de.countries.get('DE')!.children.values()][0]!.children.has('munchen')).toBe(true);
    expect(state.directoryIn('de-DE')).toBe(de); // built once
    // A language no page is written in: every country (as the data names them).
    expect([...state.directoryIn('xx').countries.keys()]).toEqual(['DE', 'FR']);
    expect([...state.directory.countries.keys()]).toEqual(['DE', 'FR']);
  });
});
