/** globalmatrix, host-page preload, map token and translations on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';

const G = '/api/v1/grlui';

describe.each(DIALECTS)('configuration API on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 300));
    await t.db.meta.set('dataset', 'demo');
    a = await makeApp(t.db);
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers globalmatrix for a country with every field of the country and channel configurations', async () => {
    const res = await a.app.inject(`${G}/uk/en/globalmatrix`);
    expect(res.statusCode).toBe(200);
    const [gb] = res.json().response;
    expect(gb).toMatchObject({
      countryCode: 'GB',
      urlCode: 'uk',
      distanceUnit: 'mi',
      catchAll: false,
      demoData: true,
      disableMap: false,
      enableGeolocation: true,
      itemsPerPage: 5,
    });
    for (const key of [
      'casRedirect',
      'casSupportUrl',
      'widgetCount',
      'filterByStoreType',
      'getDirection',
      'checkCountryMismatchArray',
      'dontSendCountryName',
      'disputedCountries',
      'disputedPlaces',
      'pacificisland',
      'images',
      'catchAllSalesCountry',
      'catchAllServiceCountry',
    ]) {
      expect(gb).toHaveProperty(key);
    }
    expect(gb.langs[0]).toMatchObject({ code: 'en', dataLang: 'en_GB', FooterLang: 'en_GB' });
    expect(gb.carriers.map((c: { name: string }) => c.name)).toContain('EE');
    const sales = gb.channels.sales;
    expect(sales).toMatchObject({
      channelId: 'sales',
      maxResults: 99,
      searchRadius: 100,
      dropOff: false,
    });
    expect(sales.products[0]).toMatchObject({
      _id: '1',
      code: 'phone',
      value: 'iphone',
      displayOrder: 1,
      productRibbonName: 'Phone',
      pdmSuperGrpProductId: 'pgid1001',
    });
    expect(sales.products[1]).toMatchObject({ code: 'tablet', value: 'ipad' });
    const orders = sales.products.map((p: { displayOrder: number }) => p.displayOrder);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    expect(gb.channels.consulting.consultingLinkMap[0]).toMatchObject({ lang: 'en' });
    expect(gb.channels.training).toBeDefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const again = await a.app.inject({
      url: `${G}/uk/en/globalmatrix`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('accepts the ISO code and any case', async () => {
    for (const path of ['/gb/en/', '/UK/EN/', '/us/en/', '/id/in/']) {
      const res = await a.app.inject(`${G}${path}globalmatrix`);
      expect(res.statusCode, path).toBe(200);
    }
  });

  it('answers a catch-all region with its member countries, sorted by name (PRODUCT.md#regional-catch-all-configuration)', async () => {
    const res = await a.app.inject(`${G}/europe/en/globalmatrix`);
    expect(res.statusCode).toBe(200);
    const list = res.json().response as {
      countryName: string;
      catchAll: boolean;
      catchAllSalesCountry: boolean;
    }[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((c) => c.catchAll && c.catchAllSalesCountry)).toBe(true);
    const names = list.map((c) => c.countryName);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
    expect((await a.app.inject(`${G}/lac/es/globalmatrix`)).statusCode).toBe(200);
    expect((await a.app.inject(`${G}/amei/fr/globalmatrix`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown country or language and 400 for a malformed code', async () => {
    const country = await a.app.inject(`${G}/zz/en/globalmatrix`);
    expect(country.statusCode).toBe(404);
    expect(country.json().error).toMatchObject({ code: 'UNKNOWN_COUNTRY', param: 'countryCode' });
    const lang = await a.app.inject(`${G}/uk/fr/globalmatrix`);
    expect(lang.statusCode).toBe(404);
    expect(lang.json().error).toMatchObject({ code: 'UNKNOWN_LANGUAGE', param: 'lang' });
    const bad = await a.app.inject(`${G}/u1/en/globalmatrix`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'countryCode' });
    const none = await a.app.inject(`${G}/uk/en/sales/more`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NOT_FOUND');
  });

  it('embeds the route locale and its preloaded configuration in the host page', async () => {
    const res = await a.app.inject('/uk/en/sales');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"locale":"en-GB"');
    expect(res.body).toContain('"countryCode":"GB"');
    const region = await a.app.inject('/europe/en/');
    expect(region.body).toContain('"catchAll":true');
  });

  it('answers the map token, never cached', async () => {
    const res = await a.app.inject('/mapKitToken?no-cache=0.5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('serves translations with fallback to the language, then en-US, cacheable for 30 days', async () => {
    const exact = await a.app.inject('/locales/commons-de_DE.json');
    expect(exact.json()).toEqual({ hello: 'Hallo' });
    expect(exact.headers['cache-control']).toBe('public, max-age=2592000');
    expect((await a.app.inject('/locales/commons-fr_CA.json')).json()).toEqual({
      hello: 'Bonjour',
    });
    expect((await a.app.inject('/locales/commons-de_AT.json')).json()).toEqual({ hello: 'Hallo' });
    expect((await a.app.inject('/locales/pages-ja_JP.json')).json()).toEqual({ title: 'Locator' });
    const missing = await a.app.inject('/locales/nothings-en_US.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('TRANSLATIONS_NOT_FOUND');
    const bad = await a.app.inject('/locales/..%2F..%2Fetc%2Fpasswd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_PARAMETER');
  });
});

describe('map token of a hosted provider', () => {
  it('returns the configured token', async () => {
    const t = await openTestDb('sqlite');
    const a = await makeApp(t.db, { MAPS_PROVIDER: 'mapkit' }, { MAP_TOKEN: 'tok-123' });
    expect((await a.app.inject('/mapKitToken')).body).toBe('tok-123');
    await a.app.close();
    await t.cleanup();
  });
});
