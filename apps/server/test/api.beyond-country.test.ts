/**
 * The nearest stores beyond the radius from anywhere in the searched country (the maps
 * engine's country polygons): Inuvik, 1,900 km from Canada's next stores, gets them; a search
 * from the sea or another country keeps the cap (BEYOND_RADIUS_MAX_KM), so the open sea still
 * finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@locator/core';
import { toRecord } from '../src/modules/stores/doc.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { doc, fixtureStores } from './helpers/fixtures.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';

const INUVIK = { lat: 68.3607, lon: -133.723 };
const canada = [
  toRecord(doc('CA-EDMONTON', 53.5461, -113.4938), 'CA', 'import', '2'),
  toRecord(doc('CA-VANCOUVER', 49.2827, -123.1207), 'CA', 'import', '2'),
];

describe.each(DIALECTS)('nearest stores beyond the radius on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const results = async (path: string, at: { lat: number; lon: number }) => {
    const query = new URLSearchParams({ pt: 'all', lat: String(at.lat), lon: String(at.lon) });
    const res = await a.app.inject(`/api/v1/grlui${path}?${query.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return searchResponseSchema.parse(res.json()).results;
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([...fixtureStores(), ...canada]);
    a = await makeFullApp(t.db, { settings: { RATE_LIMIT_SEARCH: '0' } });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it("answers Inuvik with Canada's nearest stores, however far, flagged", async () => {
    const r = await results('/ca/en/sales', INUVIK);
    expect(r.beyondRadius).toBe(true);
    expect(r.stores.map((s) => s.storeId)).toEqual(['CA-EDMONTON', 'CA-VANCOUVER']);
    expect(r.stores[0]!.distanceKm).toBeGreaterThan(1500);
  });

  it('keeps the cap from the sea and from another country', async () => {
    // The open Atlantic, 2,000 km and more from either store.
    const sea = await results('/ca/en/sales', { lat: 45, lon: -40 });
    expect(sea.stores).toEqual([]);
    expect(sea.beyondRadius).toBe(false);
    // Alaska, next door to the Yukon: not Canada, so within the cap only (none there).
    const alaska = await results('/ca/en/sales', { lat: 64.84, lon: -147.72 });
    expect(alaska.stores).toEqual([]);
    // A British search from Inuvik: no British store within the cap.
    expect((await results('/uk/en/sales', INUVIK)).stores).toEqual([]);
  });
});
