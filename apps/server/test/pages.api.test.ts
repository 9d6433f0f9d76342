/**
 * The store pages (modules/pages/README.md) over both databases: directory from the locale's root down
 * to every store, store pages with JSON-LD checked against the stored store, canonical and
 * hreflang from PUBLIC_ORIGIN (never the Host header), redirects of old slugs, 404 and 410
 * pages, ETag revalidation, sitemaps listing every store once, robots.txt.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type HTMLElement } from 'node-html-parser';
import { storePagePath } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { fixtureStores, hostileStores, HOSTILE_TEXTS } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { toRecord, type StoreDoc } from '../src/modules/stores/doc.js';
import type { StoreRecord } from '../src/db/types.js';

const ORIGIN = 'https://stores.example.com';
const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const LOCALES_DIR = resolve(repoRoot, 'apps/web/public/locales');

/** Two stores in Canada (English and French site), one in Montréal with a French name. */
function canadaStores(): StoreRecord[] {
  const base = JSON.parse(fixtureStores()[0]!.doc) as StoreDoc;
  const store = (id: string, over: Partial<StoreDoc>) =>
    toRecord({ ...base, id, storeId: id, ...over }, 'CA', 'import', '2');
  return [
    store('CA-1', {
      title: 'Café Lumière',
      street1: '1 rue Sainte-Catherine',
      city: 'Montréal',
      state: 'Québec',
      postalCode: 'H2X 1Y4',
      phone: '+1 514 555 0100',
      storeWeb: 'www.example.com/montreal',
      latitude: 45.5,
      longitude: -73.57,
    }),
    store('CA-2', {
      title: 'Lumen Toronto',
      city: 'Toronto',
      state: 'Ontario',
      phone: '',
      latitude: 43.65,
      longitude: -79.38,
    }),
  ];
}

const docs = (records: StoreRecord[]) =>
  new Map(records.map((r) => [r.storeId, JSON.parse(r.doc) as StoreDoc]));

function jsonLd(root: HTMLElement): Record<string, unknown>[] {
  return root
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
}

describe.each(DIALECTS)('store pages on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let records: StoreRecord[];
  const get = (url: string, headers: Record<string, string> = {}) =>
    a.app.inject({ method: 'GET', url, headers });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return { res, root: parse(res.body) };
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    records = [...fixtureStores(), ...hostileStores(), ...canadaStores()];
    await t.db.stores.replaceAll(records);
    a = await makeApp(t.db, { PUBLIC_ORIGIN: `${ORIGIN}/`, LOCALES_DIR });
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('reaches every store of a locale by links from its directory root', async () => {
    const seen = new Set<string>();
    const storeLinks = new Set<string>();
    const queue = ['/uk/en/stores/'];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const { root } = await page(url);
      for (const link of root.querySelectorAll('main a')) {
        const href = link.getAttribute('href') ?? '';
        if (href.startsWith('/uk/en/stores/in/')) queue.push(href);
        else if (href.startsWith('/uk/en/stores/')) storeLinks.add(href);
      }
    }
    const gb = records
      .filter((r) => r.country === 'GB')
      .map((r) => storePagePath('/uk/en/', r.storeId, (JSON.parse(r.doc) as StoreDoc).title));
    expect([...storeLinks].sort()).toEqual(gb.sort());
    // Every store link answers its page.
    for (const href of gb) await page(href);
  });

  it("shows a catch-all region's countries first, and en-US at /stores/", async () => {
    const { root } = await page('/asia/en/stores/');
    const fiji = root.querySelector('main a[href="/asia/en/stores/in/fj/"]');
    expect(fiji?.textContent).toBe('Fiji');
    const country = await page('/asia/en/stores/in/fj/');
    const region = country.root.querySelector('main .sp-places a')!.getAttribute('href')!;
    const city = (await page(region)).root
      .querySelector('main .sp-places a')!
      .getAttribute('href')!;
    const stores = (await page(city)).root
      .querySelectorAll('main .sp-stores a')
      .map((a) => a.getAttribute('href'));
    expect(stores.sort()).toEqual([
      '/asia/en/stores/FJ-E-fixture-fj-e',
      '/asia/en/stores/FJ-W-fixture-fj-w',
    ]);
    const us = await page('/stores/');
    expect(us.root.querySelector('html')!.getAttribute('lang')).toBe('en-US');
    expect(us.root.querySelector('h1')!.textContent).toBe('Stores in the United States');
  });

  it("writes each place with its language's preposition", async () => {
    const heading = async (url: string) => (await page(url)).root.querySelector('h1')!.textContent;
    expect(await heading('/ca/fr/stores/')).toBe('Magasins au Canada');
    expect(await heading('/ca/fr/stores/in/quebec/')).toBe('Magasins au Québec');
    expect(await heading('/ca/fr/stores/in/quebec/montreal/')).toBe('Magasins à Montréal, Québec');
    expect(await heading('/ca/en/stores/in/ontario/')).toBe('Stores in Ontario');
    // The slugs of before, every letter kept, answer 301 to the ASCII ones.
    const old = await get('/ca/fr/stores/in/qu%C3%A9bec/montr%C3%A9al/');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/ca/fr/stores/in/quebec/montreal/');
    const description = (await page('/ca/fr/stores/')).root
      .querySelector('meta[name="description"]')!
      .getAttribute('content');
    expect(description).toMatch(/ au Canada : /);
  });

  it('renders a store page with JSON-LD matching the store, canonical and hreflang', async () => {
    const doc = docs(records).get('CA-1')!;
    const path = storePagePath('/ca/fr/', 'CA-1', doc.title);
    expect(path).toBe('/ca/fr/stores/CA-1-cafe-lumiere');
    // The Host header plays no part in any URL.
    const res = await get(path, { host: 'evil.example.net' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('evil.example.net');
    const root = parse(res.body);
    expect(root.querySelector('html')!.getAttribute('lang')).toBe('fr-CA');
    expect(root.querySelector('h1')!.textContent).toBe('Café Lumière');
    // The address as Canada writes it, and as the results page shows it (the stored lines).
    const lines = ['1 rue Sainte-Catherine', 'Montréal, QC H2X 1Y4'];
    expect(root.querySelectorAll('address bdi').map((b) => b.textContent)).toEqual(lines);
    expect(docs(records).get('CA-1')!.addressLines).toEqual(lines);
    expect(root.querySelector('title')!.textContent).toContain('Café Lumière');
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
      /Café Lumière/,
    );
    expect(root.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      `${ORIGIN}${path}`,
    );
    const alternates = Object.fromEntries(
      root
        .querySelectorAll('link[rel="alternate"]')
        .map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    );
    expect(alternates).toEqual({
      'en-CA': `${ORIGIN}/ca/en/stores/CA-1-cafe-lumiere`,
      'fr-CA': `${ORIGIN}/ca/fr/stores/CA-1-cafe-lumiere`,
      'x-default': `${ORIGIN}/ca/en/stores/CA-1-cafe-lumiere`,
    });
    const [store, crumbs] = jsonLd(root);
    expect(store).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ElectronicsStore',
      '@id': `${ORIGIN}${path}`,
      name: doc.title,
      url: `${ORIGIN}${path}`,
      // The picture of the store's channel from the country's configuration.
      image: `${ORIGIN}/images/channels/sales@2x.jpg`,
      // International, as libphonenumber writes it; the page shows the national form.
      telephone: '+1 514-555-0100',
      sameAs: 'https://www.example.com/montreal',
      address: {
        '@type': 'PostalAddress',
        streetAddress: doc.street1,
        addressLocality: 'Montréal',
        addressRegion: 'Québec',
        postalCode: 'H2X 1Y4',
        addressCountry: 'CA',
      },
      geo: { '@type': 'GeoCoordinates', latitude: doc.latitude, longitude: doc.longitude },
    });
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    const items = crumbs!.itemListElement as { position: number; item: string; name: string }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(items.map((i) => i.item)).toEqual([
      `${ORIGIN}/ca/fr/stores/`,
      `${ORIGIN}/ca/fr/stores/in/quebec/`,
      `${ORIGIN}/ca/fr/stores/in/quebec/montreal/`,
      `${ORIGIN}${path}`,
    ]);
    // Links: phone, directions, website; the page is in French.
    const tel = root.querySelector('a[href^="tel:"]')!;
    expect(tel.getAttribute('href')).toBe('tel:+15145550100');
    expect(tel.textContent).toBe('(514) 555-0100');
    expect(root.querySelector('.sp-links')!.textContent).toMatch(/Itinéraire|Site/);
    expect(root.querySelector('.sp-nearby')).toBeNull();
  });

  it('states in its structured data only what the store has', async () => {
    // GB-1 has no region, postcode, phone or website.
    const { root } = await page('/uk/en/stores/GB-1-fixture-gb-1');
    const [store] = jsonLd(root);
    expect(store!.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 Test Street',
      addressLocality: 'Testville',
      addressCountry: 'GB',
    });
    for (const key of ['telephone', 'sameAs', 'priceRange']) {
      expect(store, key).not.toHaveProperty(key);
    }
    const doc = docs(records).get('GB-1')!;
    expect(store!.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: doc.latitude,
      longitude: doc.longitude,
    });
  });

  it('lists nearby stores of the same country', async () => {
    const { root } = await page('/uk/en/stores/GB-1-fixture-gb-1');
    const nearby = root.querySelectorAll('.sp-nearby a').map((a) => a.getAttribute('href'));
    expect(nearby.length).toBe(5);
    expect(nearby).not.toContain('/uk/en/stores/GB-1-fixture-gb-1');
    expect(nearby[0]).toBe('/uk/en/stores/GB-2-fixture-gb-2');
  });

  it('redirects another slug to the canonical address, answers 404 and 410 pages', async () => {
    const moved = await get('/uk/en/stores/GB-1-old-name');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/uk/en/stores/GB-1-fixture-gb-1');
    // The bare storeId is redirected the same way.
    const bare = await get('/uk/en/stores/GB-1');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/uk/en/stores/GB-1-fixture-gb-1');
    expect((await get('/uk/en/stores/NOPE')).statusCode).toBe(404);
    expect((await get('/uk/en/stores/in')).statusCode).toBe(404);
    const unknown = await get('/uk/en/stores/NOPE-1-x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
    expect((await get('/uk/en/stores/in/nowhere/')).statusCode).toBe(404);
    // A store of another country is not on this site.
    expect((await get('/uk/en/stores/CA-1-cafe-lumiere')).statusCode).toBe(404);
    // A path that names no site is not found, on the locator's own not-found page.
    for (const path of ['/xx/yy/stores/', '/zz/en/', '/zz/en/sales?pt=all']) {
      const none = await get(path);
      expect(none.statusCode, path).toBe(404);
      expect(none.headers['content-type']).toMatch(/^text\/html/);
      expect(none.body).toContain('<meta name="robots" content="noindex">');
      expect(none.body).toContain('href="/stores/"');
    }
  });

  it("moves a site named by its country's ISO code to the site's own path", async () => {
    const cases = [
      ['/gb/en/sales?pt=all&address=Leeds', '/uk/en/sales?pt=all&address=Leeds'],
      ['/GB/en/', '/uk/en/'],
      ['/gb/en/stores/GB-1-fixture-gb-1', '/uk/en/stores/GB-1-fixture-gb-1'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
    // A site's own path and the root stay as they are.
    expect((await get('/uk/en/sales')).statusCode).toBe(200);
    expect((await get('/sales')).statusCode).toBe(200);
  });

  it("draws the small map as a same-origin SVG of the store's surroundings", async () => {
    const { root } = await page('/uk/en/stores/GB-1-fixture-gb-1');
    const img = root.querySelector('.sp-map img')!;
    expect(img.getAttribute('alt')).toBe(`Map showing ${docs(records).get('GB-1')!.title}`);
    const source = root.querySelector('.sp-map source')!;
    for (const src of [img.getAttribute('src')!, source.getAttribute('srcset')!]) {
      expect(src.startsWith('/basemap/static.svg?')).toBe(true);
      const svg = await get(src);
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.body).not.toMatch(/<script|<foreignObject|\shref=|style=/i);
    }
    expect(root.querySelector('.sp-map figcaption')!.textContent).toContain('OpenStreetMap');
    expect(root.querySelector('.sp-map figcaption')!.textContent).toMatch(/^Map data: /);
    // The caption's colon as French writes it (a no-break space before it).
    const fr = await page(storePagePath('/ca/fr/', 'CA-1', 'Café Lumière'));
    expect(fr.root.querySelector('.sp-map figcaption')!.textContent).toMatch(
      /^Données cartographiques\u00a0: /,
    );
    const bad = await get('/basemap/static.svg?lat=91&lon=0&z=12&w=640&h=320');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'lat' });
    expect((await get('/basemap/static.svg?lat=1&lon=0&z=12&w=5000&h=320')).statusCode).toBe(400);
  });

  it('revalidates with the ETag, which changes with the data', async () => {
    const first = await get('/uk/en/stores/GB-2-fixture-gb-2');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get('/uk/en/stores/GB-2-fixture-gb-2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('keeps hostile store data inert', async () => {
    for (const r of hostileStores()) {
      const doc = JSON.parse(r.doc) as StoreDoc;
      const res = await get(storePagePath('/uk/en/', r.storeId, doc.title));
      expect(res.statusCode).toBe(200);
      const root = parse(res.body);
      expect(root.querySelectorAll('script').map((s) => s.getAttribute('type'))).toEqual([
        'application/ld+json',
        'application/ld+json',
      ]);
      // The one image is the small map, a same-origin SVG; nothing else embeds anything.
      expect(root.querySelectorAll('svg, iframe, object, embed').length).toBe(0);
      expect(root.querySelectorAll('img').map((i) => i.getAttribute('src'))).toEqual([
        expect.stringMatching(/^\/basemap\/static\.svg\?lat=-?[\d.]+&lon=-?[\d.]+&z=12&/),
      ]);
      const handlers = root
        .querySelectorAll('*')
        .flatMap((el) => Object.keys(el.attributes).filter((k) => /^on/i.test(k)));
      expect(handlers).toEqual([]);
      expect(root.querySelector('h1')!.textContent).toBe(doc.title);
      const [store] = jsonLd(root);
      expect(store!.name).toBe(doc.title);
      // A website only as core's safeWebUrl keeps it (an http(s) URL), escaped as data.
      if (store!.sameAs !== undefined) expect(store!.sameAs).toMatch(/^https:\/\//);
      for (const a of root.querySelectorAll('a')) {
        expect(a.getAttribute('href')).not.toMatch(/^\s*javascript:/i);
      }
    }
    expect(HOSTILE_TEXTS.length).toBeGreaterThan(0);
  });

  it('lists every store once in the sitemaps, named in robots.txt', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(index.body)).toBe(true);
    const xml = new XMLParser({ isArray: (name) => name === 'sitemap' || name === 'url' });
    const files = (xml.parse(index.body).sitemapindex.sitemap as { loc: string }[]).map(
      (s) => s.loc,
    );
    expect(files.length).toBeGreaterThan(0);
    const urls: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      const res = await get(file.slice(ORIGIN.length));
      expect(res.statusCode).toBe(200);
      expect(XMLValidator.validate(res.body)).toBe(true);
      urls.push(...(xml.parse(res.body).urlset.url as { loc: string }[]).map((u) => u.loc));
    }
    expect(new Set(urls).size).toBe(urls.length);
    const listed = new Set(urls);
    for (const r of records) {
      const title = (JSON.parse(r.doc) as StoreDoc).title;
      const sites =
        r.country === 'CA' ? ['/ca/en/', '/ca/fr/'] : r.country === 'FJ' ? ['/asia/en/'] : null;
      if (!sites) continue;
      for (const s of sites)
        expect(listed.has(`${ORIGIN}${storePagePath(s, r.storeId, title)}`)).toBe(true);
    }
    const storeUrls = urls.filter((u) => /\/stores\/[^/]+$/.test(u));
    const perStore = new Map<string, number>();
    for (const u of storeUrls) {
      const id = records.find((r) => u.includes(`/stores/${encodeURIComponent(r.storeId)}-`))!;
      perStore.set(id.storeId, (perStore.get(id.storeId) ?? 0) + 1);
    }
    // Every store is listed, once per locale of its site (Canada: English and French).
    for (const r of records) {
      const expected = r.country === 'CA' ? 2 : r.country === 'GB' ? 1 : undefined;
      if (expected) expect(perStore.get(r.storeId), r.storeId).toBe(expected);
      else expect(perStore.get(r.storeId), r.storeId).toBeGreaterThanOrEqual(1);
    }
  });

  it('shows a removed store as gone (410) and leaves it out of the sitemaps', async () => {
    const kept = records.filter((r) => r.storeId !== 'GB-3');
    await t.db.storeWrites.applyChanges({
      mode: 'sync',
      records: kept,
      maxRemovalShare: Infinity,
      dryRun: false,
      fileName: 'stores.csv',
    });
    // The pages follow the data version (checked at most every 250 ms).
    await new Promise((r) => setTimeout(r, 300));
    const gone = await get('/uk/en/stores/GB-3-fixture-gb-3');
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    const file = await get('/sitemaps/uk-en-1.xml');
    expect(file.body).not.toContain('GB-3-');
    expect(file.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });
});
