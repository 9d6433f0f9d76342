/**
 * The location-search statistic's country check, on the server (PRODUCT.md#validation: kept only when reverse
 * geocoding the position answers the searched country), with the embedded maps engine, on both
 * databases. The public contract stays: every valid statistic answers 204.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from './helpers/databases.js';
import { makeFullApp } from './helpers/full-app.js';

const stat = (country: string, latitude: number, longitude: number) => ({
  channel: 'sales',
  country,
  locale: 'en_GB',
  latitude,
  longitude,
  product: '',
  searchedLocation: '',
});

describe.each(DIALECTS)('location-search statistic country check on %s', (dialect) => {
  it('keeps a statistic in the searched country and drops one elsewhere, answering 204', async () => {
    const t = await openTestDb(dialect);
    const a = await makeFullApp(t.db);
    try {
      const post = (body: object) =>
        a.app.inject({ method: 'POST', url: '/api/v1/grlui/locationSearch', payload: body });
      const before = await t.db.statistics.count();
      // Manchester, searched in the UK: kept.
      expect((await post(stat('uk', 53.48, -2.24))).statusCode).toBe(204);
      expect(await t.db.statistics.count()).toBe(before + 1);
      // Paris, searched in the UK: answered alike, not kept.
      expect((await post(stat('uk', 48.86, 2.35))).statusCode).toBe(204);
      // The middle of the Atlantic: no country, not kept.
      expect((await post(stat('uk', 40, -40))).statusCode).toBe(204);
      expect(await t.db.statistics.count()).toBe(before + 1);
    } finally {
      await a.app.close();
      await t.cleanup();
    }
  });
});
