/**
 * The console's store table, GET /api/v1/admin/store-search, on both databases: the search
 * (store id, name, city, postcode; case and accents ignored; a substring), each filter, each
 * sort, offset pages with the total, bad input (400 with the catalogue's codes), who may read
 * it, and a store just edited found by its new name at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTableAnswer } from '@locator/core/console-stores';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { addMember, type Member } from './helpers/console-members.js';

const BASE = '/api/v1/admin';
const BERLIN = { country: 'DE', latitude: '52.5200', longitude: '13.4050' };

const STORES = [
  gbRow('GB-100', { title: 'Lumen Covent Garden', postalCode: 'WC2E 8RF', badges: 'ars' }),
  gbRow('GB-101', { title: 'Phone Corner Soho', postalCode: 'W1D 3QU', serviceProducts: 'phone' }),
  gbRow('GB-102', {
    title: 'Ábaco Repairs',
    city: 'Manchester',
    latitude: '53.4808',
    longitude: '-2.2426',
    postalCode: 'M1 1AE',
    serviceProducts: 'phone',
    badges: 'ars;as',
  }),
  gbRow('DE-200', { ...BERLIN, title: 'Café Zürich', city: 'Berlin', postalCode: '10117' }),
  gbRow('DE-201', {
    ...BERLIN,
    title: 'Mobilfunk Mitte',
    city: 'Berlin',
    postalCode: '10115',
    serviceProducts: 'phone',
    badges: 'as',
  }),
  gbRow('DE-202', { ...BERLIN, title: '100% Handy', city: 'Köln', postalCode: '50667' }),
];

describe.each(DIALECTS)('the console store table on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const cookies = new Map<string, Member>();

  const table = async (query: string, role = 'viewer') => {
    const res = await a.app.inject({
      url: `${BASE}/store-search${query}`,
      headers: { cookie: cookies.get(role)!.cookie },
    });
    return res;
  };
  const ids = async (query: string): Promise<string[]> => {
    const res = await table(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StoreTableAnswer>().stores.map((s) => s.storeId);
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    for (const role of ['viewer', 'editor'] as const) {
      cookies.set(role, await addMember(a.app, t.db.accounts, role));
    }
    const editor = cookies.get('editor')!;
    const res = await a.app.inject({
      method: 'POST',
      url: `${BASE}/stores/bulk`,
      payload: STORES,
      headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('lists every store in store id order with the total and the filter choices', async () => {
    const res = await table('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StoreTableAnswer>();
    expect(body.total).toBe(6);
    expect(body.stores.map((s) => s.storeId)).toEqual([
      'DE-200',
      'DE-201',
      'DE-202',
      'GB-100',
      'GB-101',
      'GB-102',
    ]);
    expect(body.stores[4]).toEqual({
      storeId: 'GB-101',
      name: 'Phone Corner Soho',
      city: 'London',
      postcode: 'W1D 3QU',
      country: 'GB',
      channels: ['sales', 'service'],
      badges: [],
    });
    expect(body.stores[5]!.badges).toEqual(['ars', 'as']);
    expect(body.choices.countries).toContain('DE');
    expect(body.choices.badges).toContain('ars');
  });

  it('searches store ids, names, cities and postcodes, ignoring case and accents', async () => {
    expect(await ids('?q=gb-10')).toEqual(['GB-100', 'GB-101', 'GB-102']);
    expect(await ids('?q=COVENT')).toEqual(['GB-100']);
    expect(await ids('?q=corner')).toEqual(['GB-101']);
    expect(await ids('?q=zurich')).toEqual(['DE-200']);
    expect(await ids('?q=abaco')).toEqual(['GB-102']);
    expect(await ids('?q=koln')).toEqual(['DE-202']);
    expect(await ids('?q=K%C3%B6ln')).toEqual(['DE-202']);
    expect(await ids('?q=manch')).toEqual(['GB-102']);
    expect(await ids('?q=w1d%203qu')).toEqual(['GB-101']);
    expect(await ids('?q=1011')).toEqual(['DE-200', 'DE-201']);
    expect(await ids('?q=%20%20berlin%20')).toEqual(['DE-200', 'DE-201']);
    expect(await ids('?q=nowhere')).toEqual([]);
  });

  it('takes the wildcards of the search text literally', async () => {
    expect(await ids('?q=100%25')).toEqual(['DE-202']);
    expect(await ids('?q=%25')).toEqual(['DE-202']);
    expect(await ids('?q=_')).toEqual([]);
  });

  it('filters by country, channel and badge, alone and together with a search', async () => {
    expect(await ids('?country=DE')).toEqual(['DE-200', 'DE-201', 'DE-202']);
    expect(await ids('?country=gb')).toEqual(['GB-100', 'GB-101', 'GB-102']);
    expect(await ids('?channel=service')).toEqual(['DE-201', 'GB-101', 'GB-102']);
    expect(await ids('?channel=training')).toEqual([]);
    expect(await ids('?badge=ars')).toEqual(['GB-100', 'GB-102']);
    expect(await ids('?badge=as')).toEqual(['DE-201', 'GB-102']);
    expect(await ids('?country=GB&channel=service&badge=as')).toEqual(['GB-102']);
    expect(await ids('?q=berlin&channel=service')).toEqual(['DE-201']);
  });

  it('sorts by each column, both ways, then by store id', async () => {
    expect(await ids('?sort=id&dir=desc')).toEqual([
      'GB-102',
      'GB-101',
      'GB-100',
      'DE-202',
      'DE-201',
      'DE-200',
    ]);
    expect(await ids('?sort=name')).toEqual([
      'DE-202',
      'GB-102',
      'DE-200',
      'GB-100',
      'DE-201',
      'GB-101',
    ]);
    expect(await ids('?sort=city&country=DE')).toEqual(['DE-200', 'DE-201', 'DE-202']);
    expect(await ids('?sort=city&dir=desc&country=DE')).toEqual(['DE-202', 'DE-201', 'DE-200']);
    expect(await ids('?sort=postcode&country=DE')).toEqual(['DE-201', 'DE-200', 'DE-202']);
    expect(await ids('?sort=country&dir=desc&limit=3')).toEqual(['GB-102', 'GB-101', 'GB-100']);
  });

  it('pages by offset, the total counting every match', async () => {
    const res = await table('?limit=2&offset=2');
    const body = res.json<StoreTableAnswer>();
    expect(body.stores.map((s) => s.storeId)).toEqual(['DE-202', 'GB-100']);
    expect([body.total, body.offset, body.limit]).toEqual([6, 2, 2]);
    const past = (await table('?offset=50')).json<StoreTableAnswer>();
    expect([past.stores.length, past.total]).toEqual([0, 6]);
    const empty = (await table('?q=nowhere')).json<StoreTableAnswer>();
    expect(empty.total).toBe(0);
  });

  it.each([
    ['?sort=street', 'INVALID_PARAMETER'],
    ['?dir=up', 'INVALID_PARAMETER'],
    ['?channel=consulting', 'INVALID_PARAMETER'],
    ['?country=Germany', 'INVALID_PARAMETER'],
    ['?badge=nosuchbadge', 'INVALID_PARAMETER'],
    ['?limit=0', 'PARAMETER_OUT_OF_RANGE'],
    ['?limit=201', 'PARAMETER_OUT_OF_RANGE'],
    ['?offset=-1', 'PARAMETER_OUT_OF_RANGE'],
    ['?limit=ten', 'INVALID_PARAMETER'],
    [`?q=${'x'.repeat(101)}`, 'PARAMETER_OUT_OF_RANGE'],
    ['?q=a&q=b', 'INVALID_PARAMETER'],
  ])('refuses %s with 400 %s', async (query, code) => {
    const res = await table(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
  });

  it('answers a viewer and an editor; 401 when signed out', async () => {
    expect((await table('', 'viewer')).statusCode).toBe(200);
    expect((await table('', 'editor')).statusCode).toBe(200);
    const res = await a.app.inject({ url: `${BASE}/store-search` });
    expect(res.statusCode).toBe(401);
  });

  it('finds a store just edited by its new name at once, and no longer by its old one', async () => {
    const editor = cookies.get('editor')!;
    const res = await a.app.inject({
      method: 'PATCH',
      url: `${BASE}/stores/GB-101`,
      payload: { title: 'Żabka Ørsted Repairs', city: 'Leeds', postalCode: 'LS1 4DY' },
      headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('?q=zabka')).toEqual(['GB-101']);
    expect(await ids('?q=leeds')).toEqual(['GB-101']);
    expect(await ids('?q=corner')).toEqual([]);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `${BASE}/stores/GB-101`,
      headers: { cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await ids('?q=zabka')).toEqual([]);
    // The total of every store, kept between requests, follows the write too.
    expect((await table('')).json<StoreTableAnswer>().total).toBe(5);
  });

  it('leaves the cursor listing of the store API as it was', async () => {
    const res = await a.app.inject({
      url: `${BASE}/stores?limit=2&after=DE-201`,
      headers: { cookie: cookies.get('viewer')!.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ stores: { storeId: string }[]; next: string | null }>();
    expect(body.stores.map((s) => s.storeId)).toEqual(['DE-202', 'GB-100']);
    expect(body.next).toBe('GB-100');
  });
});
