/** Store search and statistics API on both databases: search rules and every error code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { BERLIN, LONDON, config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { searchResponseSchema } from '@locator/core';

const G = '/api/v1/grlui';
const q = (o: Record<string, string | number>) =>
  new URLSearchParams(
    Object.fromEntries(
      Object.entries({
        pt: 'all',
        lat: LONDON.lat,
        lon: LONDON.lon,
        carrier: '',
        maxrad: 100,
        maxResult: 99,
        repairType: '',
        ...o,
      }).map(([k, v]) => [k, String(v)]),
    ),
  ).toString();
type Store = { storeId: string; orderNumber: number; distance: string; distanceKm: number };

describe.each(DIALECTS)('search API on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const search = (path: string, o: Record<string, string | number> = {}) =>
    a.app.inject(`${G}${path}?${q(o)}`);
  const stores = async (path: string, o: Record<string, string | number> = {}) => {
    const res = await search(path, o);
    expect(res.statusCode, res.body).toBe(200);
    // Every answer reads with the one search-response schema the web app reads it with.
    expect(searchResponseSchema.safeParse(res.json()).success).toBe(true);
    return res.json().results.stores as Store[];
  };
  const error = async (
    path: string,
    o: Record<string, string | number>,
    status: number,
    code: string,
    param?: string,
  ) => {
    const res = await search(path, o);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (param) expect(res.json().error.param).toBe(param);
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 600));
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers stores nearest first, numbered from 1, with lookup tables and display distances', async () => {
    const res = await search('/uk/en/sales');
    const { results } = res.json();
    expect(results.stores.map((s: Store) => s.storeId)).toEqual([
      'GB-1',
      'GB-2',
      'GB-4',
      'GB-5',
      'GB-7',
      'GB-8',
      'GB-10',
      'GB-11',
    ]);
    expect(results.stores.map((s: Store) => s.orderNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.stores[0].distance).toBe('0.6 mi');
    expect(results.stores[0]).toMatchObject({
      storeBadges: ['1'],
      salesProducts: ['1', '2'],
      demo: false,
    });
    for (const key of [
      'productMatrixList',
      'badgesArray',
      'repairTypes',
      'vas',
      'solutionsSpeciality',
    ]) {
      expect(results[key].length, key).toBeGreaterThan(0);
    }
    expect(results.productMatrixList[0]).toMatchObject({ _id: '1', displayOrder: 1 });
    expect(results.badgesArray[0]).toMatchObject({ id: '1', code: 'ars', desc: 'y' });
    expect(results.repairTypes).toContainEqual({ _id: '2', code: 'rt2' });
    expect(results).toMatchObject({ dropOff: false, demoData: false });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await a.app.inject({
      url: `${G}/uk/en/sales?${q({})}`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('uses kilometres in the local format outside the US and GB, and only the country', async () => {
    const de = await stores('/de/de/sales', { lat: BERLIN.lat, lon: BERLIN.lon });
    expect(de.map((s) => s.storeId)).toEqual(['DE-1', 'DE-2', 'DE-3']);
    expect(de[0]!.distance).toBe('1,4 km');
    // CLDR: English as used in Germany also writes a decimal comma.
    expect((await stores('/de/en/sales', { lat: BERLIN.lat, lon: BERLIN.lon }))[0]!.distance).toBe(
      '1,4 km',
    );
    expect(
      (await stores('/us/en/sales', { lat: 40.71, lon: -74.0 }))[0]?.distance ?? ' mi',
    ).toMatch(/ mi$/);
  });

  it('caps at maxResult and the channel radius', async () => {
    expect(await stores('/uk/en/sales', { maxResult: 2 })).toHaveLength(2);
    expect((await stores('/uk/en/sales', { maxrad: 4.5 })).map((s) => s.storeId)).toEqual([
      'GB-1',
      'GB-2',
      'GB-4',
    ]);
    // A larger radius than the channel's is capped at the channel's (100 km): GB-FAR stays out.
    expect((await stores('/uk/en/sales', { maxrad: 500 })).map((s) => s.storeId)).not.toContain(
      'GB-FAR',
    );
  });

  it('filters by product and carrier; No-Contract and empty values mean no filter', async () => {
    expect((await stores('/uk/en/service', { pt: 3 })).map((s) => s.storeId)).toEqual([
      'GB-4',
      'GB-8',
      'GB-12',
    ]);
    const ee = (await stores('/uk/en/service', { carrier: 'ee' })).map((s) => s.storeId);
    expect(ee).toContain('GB-2');
    expect(ee).not.toContain('GB-6');
    expect(await stores('/uk/en/service', { carrier: 'No-Contract' })).toHaveLength(10);
    expect(await stores('/uk/en/sales', { pt: '', maxrad: '', maxResult: '' })).toHaveLength(8);
  });

  it('handles drop-off: rt2 stores only on a drop-off search, excluded otherwise (PRODUCT.md#drop-off)', async () => {
    const normal = await search('/uk/en/service');
    expect(normal.json().results.dropOff).toBe(true);
    expect(normal.json().results.stores.map((s: Store) => s.storeId)).not.toContain('GB-5');
    const drop = await stores('/uk/en/service', { repairType: 'Drop off' });
    expect(drop.map((s) => s.storeId)).toEqual(['GB-5', 'GB-10']);
    expect(drop.map((s) => s.orderNumber)).toEqual([1, 2]);
  });

  it('searches catch-all regions and their member countries', async () => {
    const fj = await stores('/asia/en/sales', { lat: -16.5, lon: 179.99 });
    expect(fj.map((s) => s.storeId)).toEqual(['FJ-E', 'FJ-W']);
    expect(await stores('/fj/en/sales', { lat: -16.5, lon: 179.99 })).toHaveLength(2);
  });

  it("sends a browser's search compressed, the same answer each time until the stores change", async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const url = `${G}/gb/en/sales?${q({})}`;
    const plain = await a.app.inject(url);
    const first = await a.app.inject({ url, headers: browser });
    const again = await a.app.inject({ url, headers: browser });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    const gzip = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    // A changed store changes the answer and its ETag, compressed anew.
    const [nearest] = plain.json().results.stores as Store[];
    const all = testStores(config(), 600);
    const changed = all.map((r) =>
      r.storeId === nearest!.storeId
        ? { ...r, doc: r.doc.replace(/"title":"/, '"title":"New '), hash: `New${r.hash}` }
        : r,
    );
    await t.db.stores.replaceAll(changed);
    const after = await a.app.inject({ url, headers: browser });
    const text = brotliDecompressSync(after.rawPayload).toString();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(text).results.stores[0].title).toMatch(/^New /);
    await t.db.stores.replaceAll(all);
  });

  it('marks demo stores', async () => {
    const res = await search('/us/en/sales', { lat: 40.71, lon: -74.0 });
    const body = res.json().results;
    // The test data mixes fixtures with generated demo stores; the country's nearest are answered
    // however far they are, so New York finds some.
    expect(body.stores.length).toBeGreaterThan(0);
    for (const s of body.stores as { title: string; demo?: boolean }[]) {
      expect(s.title.endsWith('(Demo)'), s.title).toBe(s.demo === true);
    }
    // The answer says demo data only when the dataset is the demo data (meta), not this mix.
    expect(body.demoData).toBe(false);
  });

  it('answers 400 with the code and the parameter named for bad parameters', async () => {
    await error('/uk/en/sales', { lat: '' }, 400, 'MISSING_PARAMETER', 'lat');
    await error('/uk/en/sales', { lon: 'abc' }, 400, 'INVALID_PARAMETER', 'lon');
    await error('/uk/en/sales', { lat: '91' }, 400, 'PARAMETER_OUT_OF_RANGE', 'lat');
    await error('/uk/en/sales', { lon: '-180.5' }, 400, 'PARAMETER_OUT_OF_RANGE', 'lon');
    await error('/uk/en/sales', { maxResult: 0 }, 400, 'PARAMETER_OUT_OF_RANGE', 'maxResult');
    await error('/uk/en/sales', { maxResult: '2.5' }, 400, 'INVALID_PARAMETER', 'maxResult');
    await error('/uk/en/sales', { maxrad: '-1' }, 400, 'PARAMETER_OUT_OF_RANGE', 'maxrad');
    await error('/uk/en/sales', { pt: 'abc' }, 400, 'INVALID_PARAMETER', 'pt');
    await error('/uk/en/sales', { pt: '999' }, 400, 'UNKNOWN_PRODUCT', 'pt');
    await error('/uk/en/service', { carrier: 'Nope Mobile' }, 400, 'UNKNOWN_CARRIER', 'carrier');
    await error('/uk/en/service', { repairType: 'pickup' }, 400, 'INVALID_PARAMETER', 'repairType');
    const twice = await a.app.inject(`${G}/uk/en/sales?lat=1&lat=2&lon=0`);
    expect(twice.statusCode).toBe(400);
  });

  it('answers 404 for an unknown country, language or channel', async () => {
    await error('/zz/en/sales', {}, 404, 'UNKNOWN_COUNTRY', 'countryCode');
    await error('/uk/de/sales', {}, 404, 'UNKNOWN_LANGUAGE', 'lang');
    await error('/uk/en/repairs', {}, 404, 'UNKNOWN_CHANNEL', 'channel');
    await error('/uk/en/consulting', {}, 404, 'UNKNOWN_CHANNEL', 'channel');
  });

  it('stores a location-search statistic (PRODUCT.md#location-search-statistic), validated', async () => {
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      a.app.inject({
        method: 'POST',
        url: `${G}/locationSearch`,
        payload: payload as string,
        headers,
      });
    const before = await t.db.statistics.count();
    const good = {
      channel: 'sales',
      country: 'uk',
      locale: 'en_GB',
      latitude: 51.5,
      longitude: -0.12,
      product: 'Phone',
      searchedLocation: 'London',
    };
    const ok = await post(good);
    expect(ok.statusCode).toBe(204);
    expect(await t.db.statistics.count()).toBe(before + 1);
    const bad = await post({ ...good, latitude: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_BODY', param: 'latitude' });
    expect((await post({ ...good, country: 'zz' })).json().error).toMatchObject({
      code: 'INVALID_BODY',
      param: 'country',
    });
    expect((await post({ ...good, extra: 1 })).statusCode).toBe(400);
    expect(
      (await post('{"channel":', { 'content-type': 'application/json' })).json().error.code,
    ).toBe('INVALID_BODY');
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await post({ ...good, searchedLocation: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.db.statistics.count()).toBe(before + 1);
  });
});

/** Nearest stores beyond the radius (when none is within it) and area searches. */
describe.each(DIALECTS)('search API beyond the radius and by area on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const results = async (path: string, o: Record<string, string | number> = {}) => {
    const res = await a.app.inject(`${G}${path}?${q(o)}`);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = searchResponseSchema.safeParse(res.json());
    expect(parsed.success).toBe(true);
    return parsed.data!.results;
  };
  const ids = (r: { stores: { storeId: string }[] }) => r.stores.map((s) => s.storeId);
  // 300 km north of London: GB-FAR (150 km north of London) is the nearest, 150 km away.
  const north = { lat: LONDON.lat + 300 / 111.195, lon: LONDON.lon };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 600));
    a = await makeApp(t.db, {
      RATE_LIMIT_SEARCH: '0',
      BEYOND_RADIUS_COUNT: '2',
      BEYOND_RADIUS_MAX_KM: '400',
      AREA_MAX_POINTS: '5',
    });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers the nearest stores beyond the radius, flagged, when none is within it', async () => {
    const r = await results('/uk/en/sales', north);
    expect(r.beyondRadius).toBe(true);
    expect(r.radius).toBe('62.1 mi');
    expect(ids(r)).toEqual(['GB-FAR', 'GB-11']);
    expect(r.stores.map((s) => s.orderNumber)).toEqual([1, 2]);
    expect(r.stores[0]!.distance).toBe('93.2 mi');
    // Within the radius: not flagged.
    const near = await results('/uk/en/sales');
    expect(near.beyondRadius).toBe(false);
    expect(near.radius).toBe('62.1 mi');
    expect(near.areaPoints).toEqual([]);
  });

  it('answers nothing, unflagged, when nothing is within the cap (an empty sea)', async () => {
    const r = await results('/uk/en/sales', { lat: -50, lon: -140 });
    expect(r.stores).toEqual([]);
    expect(r.beyondRadius).toBe(false);
    // Only the channel's countries: a German store near nothing British stays out.
    const de = await results('/uk/en/sales', { lat: 52.52, lon: 13.405 });
    expect(ids(de)).not.toContain('DE-1');
  });

  it("answers the country's nearest however far they are, with the cap at its most", async () => {
    // 3,300 km north of London, in the Arctic sea (further than Inuvik from Canada's next stores).
    const far = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0', BEYOND_RADIUS_MAX_KM: '20000' });
    try {
      const res = await far.app.inject(
        `${G}/uk/en/sales?${q({ lat: LONDON.lat + 30, lon: LONDON.lon })}`,
      );
      const r = searchResponseSchema.parse(res.json()).results;
      expect(r.beyondRadius).toBe(true);
      expect(r.stores).toHaveLength(3);
      expect(r.stores[0]!.storeId).toBe('GB-FAR');
    } finally {
      await far.app.close();
    }
  });

  it('keeps the filters beyond the radius (a drop-off search finds drop-off stores only)', async () => {
    const r = await results('/uk/en/service', { ...north, repairType: 'Drop off' });
    expect(r.beyondRadius).toBe(true);
    expect(ids(r)).toEqual(['GB-10', 'GB-5']);
  });

  it('searches an area: its stores nearest the centre, every match as a position', async () => {
    // 0.5° around London: GB-1 … GB-12 lie from 1 to 12 km north; not GB-FAR.
    const bbox = `${LONDON.lon - 0.5},${LONDON.lat - 0.2},${LONDON.lon + 0.5},${LONDON.lat + 0.06}`;
    const r = await results('/uk/en/sales', {
      lat: LONDON.lat + 0.05,
      lon: LONDON.lon,
      bbox,
      maxResult: 3,
    });
    expect(r.beyondRadius).toBe(false);
    // Nearest the centre (5.6 km north) first, inside the area only.
    expect(ids(r)).toEqual(['GB-5', 'GB-4', 'GB-2']);
    // GB-1 … GB-6 are inside; GB-3 and GB-6 sell nothing.
    expect(r.areaTotal).toBe(4);
    expect(r.areaPoints).toHaveLength(8);
    expect(r.areaPoints[0]).toBeCloseTo(LONDON.lon, 4);
    // An area with nothing in it is empty, not answered beyond.
    const empty = await results('/uk/en/sales', { lat: -50, lon: -140, bbox: '-141,-51,-139,-49' });
    expect(empty.stores).toEqual([]);
    expect(empty.areaTotal).toBe(0);
    expect(empty.beyondRadius).toBe(false);
  });

  it('searches an area across the antimeridian', async () => {
    const r = await results('/asia/en/sales', { lat: -16.5, lon: 180, bbox: '179,-17,-179,-16' });
    expect(ids(r)).toEqual(expect.arrayContaining(['FJ-E', 'FJ-W']));
    expect(r.areaTotal).toBe(r.stores.length);
  });

  it('answers at most AREA_MAX_POINTS positions, counting every match', async () => {
    const r = await results('/uk/en/sales', { bbox: '-1,51,1,53' });
    expect(r.areaTotal).toBe(9);
    expect(r.areaPoints).toHaveLength(10);
  });

  it('answers 400 for a malformed area', async () => {
    const bad = async (bbox: string, code: string) => {
      const res = await a.app.inject(`${G}/uk/en/sales?${q({ bbox })}`);
      expect(res.statusCode, bbox).toBe(400);
      expect(res.json().error).toMatchObject({ code, param: 'bbox' });
    };
    await bad('1,2,3', 'INVALID_PARAMETER');
    await bad('a,b,c,d', 'INVALID_PARAMETER');
    await bad('-181,0,1,1', 'PARAMETER_OUT_OF_RANGE');
    await bad('0,10,1,5', 'PARAMETER_OUT_OF_RANGE');
  });
});
