/**
 * The public API's contract, on both databases: a corpus of valid and invalid requests to every
 * public operation (searches in several countries with every query parameter, bad and missing
 * parameters, unknown places, configuration, maps, location statistic, analytics events, bodies
 * of the wrong type or size, rate limits) whose every answer — status, headers and body — is
 * judged against the served public OpenAPI document by an independent validator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { BERLIN, LONDON, LONDON_STATISTIC, config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { makeFullApp } from './helpers/full-app.js';
import { contractJudge, type ContractJudge } from './helpers/openapi-contract.js';

interface Request {
  method?: 'GET' | 'POST' | 'HEAD';
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

const G = '/api/v1/grlui';
const json = { 'content-type': 'application/json' };
const post = (url: string, body: unknown, headers: Record<string, string> = json): Request => ({
  method: 'POST',
  url,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers,
});

function searches(): Request[] {
  const out: Request[] = [];
  const places = [
    ['uk', 'en', LONDON],
    ['de', 'de', BERLIN],
    ['fr', 'fr', { lat: 48.8566, lon: 2.3522 }],
    ['us', 'en', { lat: 40.7128, lon: -74.006 }],
    ['jp', 'ja', { lat: 35.6762, lon: 139.6503 }],
    ['au', 'en', { lat: -33.8688, lon: 151.2093 }],
    ['fj', 'en', { lat: -16.5, lon: 179.9 }],
    ['br', 'pt', { lat: -23.5505, lon: -46.6333 }],
  ] as const;
  for (const [cc, lang, p] of places) {
    for (const channel of ['sales', 'service', 'training']) {
      const base = `${G}/${cc}/${lang}/${channel}`;
      const at = `lat=${p.lat}&lon=${p.lon}`;
      out.push(
        { url: `${base}?${at}` },
        { url: `${base}?${at}&pt=all&carrier=&maxrad=50&maxResult=5&repairType=` },
        { url: `${base}?${at}&pt=1&maxrad=1000&maxResult=500` },
        { url: `${base}?${at}&repairType=Drop%20off` },
        { url: `${base}?${at}&bbox=${p.lon - 1},${p.lat - 1},${p.lon + 1},${p.lat + 1}` },
        { url: `${base}?lat=0&lon=-30` },
      );
    }
  }
  const uk = `${G}/uk/en/sales`;
  const at = `lat=${LONDON.lat}&lon=${LONDON.lon}`;
  out.push(
    { url: `${uk}?${at}&carrier=EE` },
    { url: `${uk}?${at}&carrier=No-Contract` },
    { url: `${uk}?${at}&carrier=Nobody` },
    { url: `${uk}?${at}&pt=999` },
    { url: `${uk}?${at}&pt=abc` },
    { url: `${uk}?lon=0` },
    { url: `${uk}?lat=&lon=` },
    { url: `${uk}?lat=91&lon=0` },
    { url: `${uk}?lat=x&lon=0` },
    { url: `${uk}?lat=1&lat=2&lon=0` },
    { url: `${uk}?${at}&maxrad=0` },
    { url: `${uk}?${at}&maxrad=5000` },
    { url: `${uk}?${at}&maxResult=0` },
    { url: `${uk}?${at}&maxResult=1.5` },
    { url: `${uk}?${at}&repairType=pickup` },
    { url: `${uk}?${at}&bbox=1,2,3` },
    { url: `${uk}?${at}&bbox=0,10,1,5` },
    { url: `${uk}?${at}&bbox=170,-20,-170,-10` },
    { url: `${uk}?${at}&carrier=${'x'.repeat(61)}` },
    { url: `${G}/zz/en/sales?${at}` },
    { url: `${G}/zz/en/sales?lat=x` },
    { url: `${G}/uk/xx/sales?${at}` },
    { url: `${G}/uk/en/consulting?${at}` },
    { url: `${G}/uk/en/nothing?${at}` },
    { url: `${G}/u$k/en/sales?${at}` },
    { url: `${G}/europe/en/sales?lat=48.85&lon=2.35` },
    { url: `${uk}?${at}`, headers: { 'if-none-match': '"nope"' } },
    { method: 'HEAD', url: `${uk}?${at}` },
  );
  return out;
}

function configurations(): Request[] {
  return [
    'uk/en',
    'de/de',
    'fr/fr',
    'us/en',
    'jp/ja',
    'gb/en',
    'europe/en',
    'ca/fr',
    'zz/en',
    'uk/xx',
    'u$k/en',
    'uk/english',
  ].map((p) => ({ url: `${G}/${p}/globalmatrix` }));
}

function maps(): Request[] {
  const m = '/api/v1/maps';
  return [
    `${m}/autocomplete?q=Lond`,
    `${m}/autocomplete?q=Lond&countries=GB&lang=en-GB&limit=3`,
    `${m}/autocomplete?q=Ber&countries=DE,AT&lat=52.5&lon=13.4`,
    `${m}/autocomplete?q=SW1A%201AA&countries=GB`,
    `${m}/autocomplete?q=Pariss&countries=FR`,
    `${m}/autocomplete?q=zzzzqqq`,
    `${m}/autocomplete?q=`,
    `${m}/autocomplete`,
    `${m}/autocomplete?q=a&lat=1`,
    `${m}/autocomplete?q=a&limit=0`,
    `${m}/autocomplete?q=a&limit=99`,
    `${m}/autocomplete?q=a&countries=G1`,
    `${m}/autocomplete?q=${'a'.repeat(201)}`,
    `${m}/autocomplete?q=a&q=b`,
    `${m}/geocode?q=Berlin`,
    `${m}/geocode?q=Berlin&countries=DE&lang=de&limit=2`,
    `${m}/geocode?q=Tokyo&countries=JP&lang=ja`,
    `${m}/geocode?q=nowhere-at-all-xyz`,
    `${m}/geocode?q=`,
    `${m}/geocode?limit=3`,
    `${m}/geocode?q=x&lang=english!`,
    `${m}/reverse?lat=51.5&lon=-0.12`,
    `${m}/reverse?lat=48.85&lon=2.35&lang=fr`,
    `${m}/reverse?lat=0&lon=-30`,
    `${m}/reverse?lat=91&lon=0`,
    `${m}/reverse?lat=51.5`,
    `${m}/reverse?lat=a&lon=b`,
    `${m}/eta?origin=51.5,-0.12&destinations=51.51,-0.13;51.52,-0.1`,
    `${m}/eta?origin=51.5,-0.12&destinations=51.51,-0.13&mode=walking`,
    `${m}/eta?origin=51.5&destinations=51.51,-0.13`,
    `${m}/eta?origin=51.5,-0.12`,
    `${m}/eta?origin=51.5,-0.12&destinations=51.51,-0.13&mode=flying`,
  ].map((url) => ({ url }));
}

function bodies(): Request[] {
  const ls = `${G}/locationSearch`;
  const ev = '/api/v1/analytics/events';
  const view = { type: 'pageView', page: 'home', locale: 'en_GB' };
  const search = {
    type: 'search',
    channel: 'sales',
    country: 'uk',
    locale: 'en_GB',
    product: 'all',
    resultCount: 3,
    latitude: 51.5,
    longitude: -0.12,
  };
  return [
    post(ls, LONDON_STATISTIC),
    post(ls, { ...LONDON_STATISTIC, channel: 'service', searchedLocation: 'London' }),
    post(ls, { ...LONDON_STATISTIC, latitude: 95 }),
    post(ls, { ...LONDON_STATISTIC, channel: 'nope' }),
    post(ls, { ...LONDON_STATISTIC, extra: 1 }),
    post(ls, { channel: 'sales' }),
    post(ls, '{"channel":'),
    post(ls, 'null'),
    post(ls, '[]'),
    post(ls, JSON.stringify(LONDON_STATISTIC), { 'content-type': 'text/plain' }),
    post(ls, 'channel=sales', { 'content-type': 'application/x-www-form-urlencoded' }),
    post(ls, { ...LONDON_STATISTIC, searchedLocation: 'x'.repeat(5000) }),
    post(
      ls,
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ),
    post(ev, { events: [view] }),
    post(ev, { events: [view, search, { type: 'click', link: 'directions', locale: 'en_GB' }] }),
    post(ev, { events: [] }),
    post(ev, { events: [{ type: 'unknown' }] }),
    post(ev, { events: [{ ...view, ip: '1.2.3.4' }] }),
    post(ev, { events: Array.from({ length: 51 }, () => view) }),
    post(ev, { events: [view] }, { 'content-type': 'text/plain' }),
    post(ev, { events: Array.from({ length: 50 }, () => ({ ...view, locale: 'x'.repeat(400) })) }),
    post(ev, '{'),
    post(ev, { events: [{ ...search, latitude: 51.5, longitude: undefined }] }),
  ];
}

const corpus = (): Request[] => [
  ...searches(),
  ...configurations(),
  ...maps(),
  ...bodies(),
  { url: '/mapKitToken' },
];

describe.each(DIALECTS)('public API contract on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let judge: ContractJudge;
  const seen = new Map<number, number>();

  async function judged(app: TestApp, r: Request): Promise<{ status: number; problems: string[] }> {
    const res = await app.app.inject({
      method: r.method ?? 'GET',
      url: r.url,
      headers: r.headers ?? {},
      ...(r.body !== undefined ? { payload: r.body } : {}),
    });
    seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
    const type = String(res.headers['content-type'] ?? '');
    const body: unknown = type.includes('json') && res.body ? res.json() : undefined;
    const problems = judge.check({
      method: r.method === 'HEAD' ? 'GET' : (r.method ?? 'GET'),
      url: r.url,
      status: res.statusCode,
      headers: res.headers,
      body,
    });
    return { status: res.statusCode, problems };
  }

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 600));
    a = await makeFullApp(t.db, { settings: { RATE_LIMIT_SEARCH: '0', RATE_LIMIT_STATS: '0' } });
    judge = await contractJudge((await a.app.inject('/api/v1/openapi.json')).json());
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('answers a corpus of 150+ valid and invalid requests as the document says', async () => {
    const requests = corpus();
    expect(requests.length).toBeGreaterThanOrEqual(150);
    const problems: string[] = [];
    for (const r of requests) problems.push(...(await judged(a, r)).problems);
    expect(problems).toEqual([]);
    // Both the answers and the failures were exercised.
    for (const status of [200, 204, 400, 404, 413, 415])
      expect(seen.get(status)).toBeGreaterThan(0);
  });

  it('answers 304 to a current ETag, and 429 beyond a limit, as the document says', async () => {
    const url = `${G}/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
    const first = await a.app.inject(url);
    const etag = String(first.headers.etag);
    const again = await judged(a, { url, headers: { 'if-none-match': etag } });
    expect(again).toEqual({ status: 304, problems: [] });
    const config304 = await a.app.inject(`${G}/uk/en/globalmatrix`);
    const c = await judged(a, {
      url: `${G}/uk/en/globalmatrix`,
      headers: { 'if-none-match': String(config304.headers.etag) },
    });
    expect(c).toEqual({ status: 304, problems: [] });

    const limited = await makeApp(t.db, { RATE_LIMIT_SEARCH: '1', RATE_LIMIT_STATS: '1' });
    try {
      const statistic = post(`${G}/locationSearch`, LONDON_STATISTIC);
      const answers = [];
      for (const r of [{ url }, { url }, statistic, statistic])
        answers.push(await judged(limited, r));
      expect(answers.map((x) => x.status)).toEqual([200, 429, 204, 429]);
      expect(answers.flatMap((x) => x.problems)).toEqual([]);
    } finally {
      await limited.app.close();
    }
  });
});
