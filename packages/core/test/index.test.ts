import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';

describe('package entry point', () => {
  it('exports the domain modules', () => {
    const names = [
      'localeToPath',
      'buildChannels',
      'buildCatchAllConfig',
      'homeCards',
      'normaliseStores',
      'filterStores',
      'dropOffSwitch',
      'paginationWindow',
      'schemaErrors',
      'directionsUrl',
      'calloutSize',
      'formatTravelTime',
      'searchApiQuery',
    ] as const;
    for (const name of names) expect(typeof core[name]).toBe('function');
    expect(core.PAGE_SIZE).toBe(5);
  });
});
