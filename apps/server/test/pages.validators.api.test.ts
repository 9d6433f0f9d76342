/**
 * The store pages as validators read them: the W3C Nu Html Checker (vnu-jar, run on Debian's
 * Java) over a sample of directory and store pages in several languages and scripts, hostile
 * store data included, with no error. The pages' HTML does not depend on the database, so one
 * (SQLite) serves. Their JSON-LD is checked under schema.org's vocabulary the same way.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { config, hostileStores, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { schemaOrgErrors } from './helpers/schema-org.js';
import { nuErrors } from './helpers/nu-checker.js';

const LOCALES_DIR = resolve(
  fileURLToPath(new URL('../../..', import.meta.url)),
  'apps/web/public/locales',
);
/** Directory roots whose first region, city and store pages are checked. */
const LOCALES = ['/uk/en/', '/de/de/', '/ca/fr/', '/il/he/', '/jp/ja/', '/ae/ar/', '/stores-us/'];

describe('store pages under the W3C Nu Html Checker and schema.org', () => {
  let t: TestDb;
  let a: TestApp;

  beforeAll(async () => {
    t = await openTestDb('sqlite');
    await t.db.stores.replaceAll([...testStores(config(), 600), ...hostileStores()]);
    a = await makeApp(t.db, { PUBLIC_ORIGIN: 'https://stores.example.com/', LOCALES_DIR });
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('finds no error on directory and store pages in several languages', async () => {
    const pages = new Map<string, string>();
    const get = async (path: string) => {
      const res = await a.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      pages.set(path, res.body);
      return parse(res.body);
    };
    const first = (root: ReturnType<typeof parse>, selector: string) =>
      root.querySelector(selector)?.getAttribute('href');
    for (const locale of LOCALES) {
      const base = locale === '/stores-us/' ? '/stores/' : `${locale}stores/`;
      let root = await get(base);
      // Down the directory: places until a city's list of stores.
      for (let depth = 0; depth < 3 && !root.querySelector('main .sp-stores a'); depth += 1) {
        const place = first(root, 'main .sp-places a');
        if (!place) break;
        root = await get(place);
      }
      const store = first(root, 'main .sp-stores a');
      expect(store, `a store under ${base}`).toBeTruthy();
      await get(store!);
    }
    // Hostile store data, escaped.
    for (const r of hostileStores().slice(0, 3)) {
      const res = await a.app.inject(`/uk/en/stores/${encodeURIComponent(r.storeId)}`);
      expect(res.statusCode).toBe(301);
      await get(String(res.headers.location));
    }
    expect(pages.size).toBeGreaterThanOrEqual(LOCALES.length * 2 + 3);
    const errors = await nuErrors([...pages].map(([name, html]) => ({ name, html })));
    expect(errors).toEqual([]);

    // The same pages' JSON-LD under schema.org's vocabulary (classes, properties, ranges).
    const types = new Set<string>();
    const ldErrors = [...pages].flatMap(([path, html]) =>
      parse(html)
        .querySelectorAll('script[type="application/ld+json"]')
        .flatMap((script) => {
          const doc = JSON.parse(script.textContent) as { '@type'?: string };
          types.add(String(doc['@type']));
          return schemaOrgErrors(doc).map((e) => `${path}: ${e}`);
        }),
    );
    expect([...types].sort()).toEqual(['BreadcrumbList', 'ElectronicsStore']);
    expect(ldErrors).toEqual([]);
  }, 240_000);

  it('has a schema.org check that reports wrong JSON-LD', () => {
    const store = {
      '@context': 'https://schema.org',
      '@type': 'ElectronicsStore',
      '@id': 'https://stores.example.com/uk/en/stores/S-1#store',
      name: 'Store',
      address: { '@type': 'PostalAddress', streetAddress: '1 High Street' },
      geo: { '@type': 'GeoCoordinates', latitude: 51.5, longitude: -0.1 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '09:00',
          closes: '17:30',
        },
      ],
    };
    expect(schemaOrgErrors(store)).toEqual([]);
    expect(schemaOrgErrors({ ...store, '@type': 'ElectronicStore' })).toEqual([
      'ElectronicStore is not a schema.org class',
    ]);
    expect(schemaOrgErrors({ ...store, telephon: '+44 20 7946 0000' })).not.toEqual([]);
    expect(schemaOrgErrors({ ...store, geo: 'somewhere' })).not.toEqual([]);
    const hours = (h: Record<string, string>) => ({
      ...store,
      openingHoursSpecification: [{ ...store.openingHoursSpecification[0], ...h }],
    });
    expect(schemaOrgErrors(hours({ dayOfWeek: 'Mondays' }))).not.toEqual([]);
    expect(schemaOrgErrors(hours({ opens: '9am' }))).not.toEqual([]);
  });
});
