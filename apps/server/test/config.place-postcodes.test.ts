/**
 * The location field asks for a postcode only where the place search finds postcodes: the
 * configuration says so per country (`placePostcodes`), from the maps engine. The embedded
 * engine has offline postcodes for some countries (the US, Germany) and none for others (the
 * UK), so the UK's configuration, fetched or preloaded in the host page, says false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { makeFullApp } from './helpers/full-app.js';
import type { TestApp } from './helpers/app.js';

describe('placePostcodes in the configuration, with the embedded engine', () => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
    a = await makeFullApp(t.db);
  }, 120_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  const matrix = async (path: string) => {
    const res = await a.app.inject(`/api/v1/grlui/${path}/globalmatrix`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { response: { countryCode: string; placePostcodes?: boolean }[] })
      .response;
  };

  it('is false where the engine has no postcodes, true where it has them', async () => {
    expect((await matrix('uk/en'))[0]).toMatchObject({ countryCode: 'GB', placePostcodes: false });
    expect((await matrix('us/en'))[0]).toMatchObject({ countryCode: 'US', placePostcodes: true });
    expect((await matrix('de/de'))[0]).toMatchObject({ countryCode: 'DE', placePostcodes: true });
  });
});
