/**
 * Place names of the store pages in the page's language over both databases: a store's city as
 * the data writes it ("Munich", "Brussels") is named as the gazetteer names it in the page's
 * language (München; Bruxelles in French, Brussel in Dutch) in the directory, its paths, the
 * breadcrumbs, the address and the JSON-LD; a path with the data's name answers 301 to the new
 * one, never 404.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { storePagePath } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { toRecord, type StoreDoc } from '../src/modules/stores/doc.js';
import type { StoreRecord } from '../src/db/types.js';

const ORIGIN = 'https://stores.example.com';
const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const LOCALES_DIR = resolve(repoRoot, 'apps/web/public/locales');

function stores(): StoreRecord[] {
  const base = JSON.parse(fixtureStores()[0]!.doc) as StoreDoc;
  const store = (id: string, country: string, over: Partial<StoreDoc>) =>
    toRecord({ ...base, id, storeId: id, title: `Shop ${id}`, ...over }, country, 'import', '2');
  return [
    store('MUC-1', 'DE', { city: 'Munich', state: 'BY', latitude: 48.14, longitude: 11.58 }),
    store('CGN-1', 'DE', { city: 'Köln', state: 'NW', latitude: 50.94, longitude: 6.96 }),
    store('TST-1', 'DE', { city: 'Testville', state: 'BY', latitude: 48.2, longitude: 11.6 }),
    store('BRU-1', 'BE', { city: 'Brussels', state: '', latitude: 50.85, longitude: 4.35 }),
  ];
}

const M = 'munchen';

describe.each(DIALECTS)('place names in the page language on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const get = (url: string) => a.app.inject({ method: 'GET', url });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return parse(res.body);
  };
  const links = async (url: string) =>
    (await page(url))
      .querySelectorAll('main a')
      .map((l): [string, string] => [l.textContent.trim(), l.getAttribute('href') ?? '']);

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(stores());
    a = await makeApp(t.db, { PUBLIC_ORIGIN: `${ORIGIN}/`, LOCALES_DIR });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('lists and links a city by its name in the page language', async () => {
    const [region] = (await links('/de/de/stores/')).filter(([, h]) => h.includes('/in/'));
    const regionPath = region![1];
    const cities = await links(regionPath);
    expect(cities).toContainEqual(['München', `${regionPath}${M}/`]);
    expect(cities.map(([name]) => name)).toContain('Testville');
    expect(cities.map(([name]) => name)).not.toContain('Munich');
    const city = await page(`${regionPath}${M}/`);
    expect(city.querySelector('h1')!.textContent).toContain('München');
  });

  it('redirects the path with the name as the data writes it (301), never 404', async () => {
    const [region] = (await links('/de/de/stores/')).filter(([, h]) => h.includes('/in/'));
    const old = await get(`${region![1]}munich/`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${region![1]}${M}/`);
    expect((await get(`${region![1]}nowhere/`)).statusCode).toBe(404);
    // A region named after its city (no state), in each language of the site.
    expect((await get('/be/fr/stores/in/brussels/')).headers.location).toBe(
      '/be/fr/stores/in/bruxelles/',
    );
    expect((await get('/be/nl/stores/in/brussels/bruxelles/')).statusCode).toBe(404);
    expect((await get('/be/nl/stores/in/brussels/brussels/')).headers.location).toBe(
      '/be/nl/stores/in/brussel/brussel/',
    );
    expect(
      (await page('/be/fr/stores/in/bruxelles/bruxelles/')).querySelector('h1')!.textContent,
    ).toContain('Bruxelles');
  });

  it('redirects the slugs of before, every letter kept, to the ASCII ones (301)', async () => {
    const [region] = (await links('/de/de/stores/')).filter(([, h]) => h.includes('/in/'));
    const old = await get(`${region![1]}${encodeURIComponent('münchen')}/`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${region![1]}${M}/`);
    expect((await get(`${region![1]}m%C3%BCnchhausen/`)).statusCode).toBe(404);
  });

  it('links each language of the site to the place by its name there (hreflang)', async () => {
    const alternates = (await page('/be/fr/stores/in/bruxelles/bruxelles/'))
      .querySelectorAll('link[rel="alternate"]')
      .map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(alternates).toContainEqual(['nl-BE', `${ORIGIN}/be/nl/stores/in/brussel/brussel/`]);
    expect(alternates).toContainEqual(['fr-BE', `${ORIGIN}/be/fr/stores/in/bruxelles/bruxelles/`]);
    for (const [, href] of alternates) {
      expect((await get(href!.slice(ORIGIN.length))).statusCode, href!).toBe(200);
    }
  });

  it('redirects a city named by another of its names (what the data wrote before)', async () => {
    const regions = (await links('/de/de/stores/')).filter(([, h]) => h.includes('/in/'));
    let cologne: string | undefined;
    for (const [, path] of regions) {
      const koeln = (await links(path)).find(([name]) => name === 'Köln');
      if (koeln) cologne = path;
    }
    expect(cologne).toBeDefined();
    const old = await get(`${cologne!}cologne/`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${cologne!}koln/`);
    expect((await get(`${cologne!}paris/`)).statusCode).toBe(404);
  });

  it('names the city so in the store page, its breadcrumb and JSON-LD', async () => {
    const root = await page(storePagePath('/de/de/', 'MUC-1', 'Shop MUC-1'));
    expect(root.querySelector('main')!.textContent).toContain('München');
    expect(root.querySelector('main')!.textContent).not.toContain('Munich');
    const ld = root
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
    const store = ld.find((d) => d['@type'] !== 'BreadcrumbList') as {
      address: { addressLocality: string };
    };
    expect(store.address.addressLocality).toBe('München');
    const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item?: string }[];
    };
    const city = crumbs.itemListElement.find((c) => c.name === 'München');
    expect(city?.item).toMatch(new RegExp(`/${M}/$`));
    const fr = await page(storePagePath('/be/fr/', 'BRU-1', 'Shop BRU-1'));
    expect(fr.querySelector('main')!.textContent).toContain('Bruxelles');
    const nl = await page(storePagePath('/be/nl/', 'BRU-1', 'Shop BRU-1'));
    expect(nl.querySelector('main')!.textContent).toContain('Brussel');
  });

  it('lists the new paths in the sitemaps', async () => {
    const res = await get('/sitemaps/de-de-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/${M}/`);
    expect(res.body).not.toContain('/munich/');
  });
});
