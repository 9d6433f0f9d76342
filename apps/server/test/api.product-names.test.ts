/**
 * Product names in the path's language (config/catalogue-names.json): the shipped file, its
 * start-up validation, and globalmatrix, host-page preload and search on both databases.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@locator/core';
import { loadConfigFiles } from '../src/config/load.js';
import { NAME_TAGS, NAMES_FILE, nameChain } from '../src/config/names.js';
import { CONFIG_DIR } from '../src/config/paths.js';
import type { CatalogueNames } from '../src/config/schema.js';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { BERLIN, config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';

const G = '/api/v1/grlui';
const files = loadConfigFiles(CONFIG_DIR);
const catalogue = [...files.catalogue.products].sort((a, b) => a.displayOrder - b.displayOrder);
const SEARCH = `pt=all&lat=${BERLIN.lat}&lon=${BERLIN.lon}&carrier=&maxrad=100&maxResult=99&repairType=`;

/** code → [displayName, productRibbonName] of a product list. */
const named = (products: Product[]): Record<string, [string, string]> =>
  Object.fromEntries(products.map((p) => [p.code, [p.displayName, p.productRibbonName]]));

/** A copy of the configuration folder, changed by `edit` (JSON files by relative path). */
function configCopy(edit: (file: (path: string, change: (data: never) => void) => void) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'locator-names-'));
  cpSync(CONFIG_DIR, dir, { recursive: true });
  edit((path, change) => {
    const file = join(dir, path);
    const data = JSON.parse(readFileSync(file, 'utf8')) as never;
    change(data);
    writeFileSync(file, JSON.stringify(data));
  });
  return dir;
}

describe('product names file', () => {
  it('picks the regional variant, then the language, then English', () => {
    expect(nameChain('fr', 'FR')).toEqual(['fr', 'en']);
    expect(nameChain('fr', 'CA')).toEqual(['fr-CA', 'fr', 'en']);
    expect(nameChain('pt', 'BR')).toEqual(['pt-BR', 'pt', 'en']);
    expect(nameChain('pt', 'PT')).toEqual(['pt', 'en']);
    expect(nameChain('es', 'ES')).toEqual(['es', 'en']);
    expect(nameChain('es', 'MX')).toEqual(['es-419', 'es', 'en']);
    expect(nameChain('es', 'lac')).toEqual(['es-419', 'es', 'en']);
    expect(nameChain('zh', 'CN')).toEqual(['zh-Hans', 'en']);
    expect(nameChain('zh', 'TW')).toEqual(['zh-Hant', 'en']);
    expect(nameChain('zh', 'HK')).toEqual(['zh-HK', 'zh-Hant', 'en']);
    expect(nameChain('zh', 'MO')).toEqual(['zh-HK', 'zh-Hant', 'en']);
    expect(nameChain('in', 'ID')).toEqual(['id', 'en']);
    expect(nameChain('EN', 'GB')).toEqual(['en']);
    expect(nameChain('ga', 'IE')).toEqual(['ga', 'en']);
  });

  it('names every product in every language of every configured country and region', () => {
    const names = files.names;
    const pairs = [
      ...files.countries.flatMap((c) => c.langs.map((l) => [l.code, c.countryCode] as const)),
      ...files.regions.flatMap((r) => r.langs.map((l) => [l, r.code] as const)),
    ];
    expect(pairs.length).toBeGreaterThan(300);
    for (const [lang, place] of pairs) {
      const chain = nameChain(lang, place);
      if (chain[0] === 'en') continue;
      for (const p of catalogue) {
        for (const field of ['displayName', 'productRibbonName'] as const) {
          const from = chain.find((tag) => names[p.code]![field][tag] !== undefined);
          // The sub-brand "Sonora Audio" is a proper noun: English only.
          if (p.code === 'audiobrand' && field === 'displayName') expect(from).toBe('en');
          else expect(from, `${lang}/${place} ${p.code}.${field}`).not.toBe('en');
        }
      }
    }
    const tags = new Set(
      Object.values(names).flatMap((e) => [
        ...Object.keys(e.displayName),
        ...Object.keys(e.productRibbonName),
      ]),
    );
    expect([...tags].sort()).toEqual([...NAME_TAGS].sort());
  });

  it('stops start-up with every problem of a bad names file listed', () => {
    const dir = configCopy((file) =>
      file(NAMES_FILE, (n: CatalogueNames) => {
        n.phablet = { displayName: { en: 'Phablet' }, productRibbonName: { en: 'Phone' } };
        delete n.tablet!.displayName.en;
        n.computer!.displayName.zh = '电脑';
        n.computer!.displayName['fr-FR'] = 'Ordinateur';
        n.computer!.productRibbonName.xx = 'Computer';
        n.watch!.displayName.en = 'Smartwatch';
        n.earbudspro!.productRibbonName.de = 'Ton';
        n.headphones!.displayName.ja = ' ';
        delete n.headset;
      }),
    );
    let message = '';
    try {
      loadConfigFiles(dir);
    } catch (err) {
      message = (err as Error).message;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const expected = [
      'config/catalogue-names.json: headphones.displayName.ja: must not be empty',
      'config/catalogue-names.json: phablet: unknown product code "phablet"',
      'config/catalogue-names.json: tablet.displayName: missing English ("en")',
      'config/catalogue-names.json: computer.displayName.zh: unknown language tag "zh" (use zh-Hans or zh-Hant)',
      'config/catalogue-names.json: computer.displayName.fr-FR: unknown language tag "fr-FR"',
      'config/catalogue-names.json: computer.productRibbonName.xx: unknown language tag "xx"',
      'config/catalogue-names.json: watch.displayName.en: must be "Watch" as in catalogue.json',
      'config/catalogue-names.json: headset: no names for this catalogue product',
      'config/catalogue-names.json: earbudspro.productRibbonName.de: ribbon "Audio" is "Audio" for earbuds but "Ton" here',
    ];
    for (const line of expected) expect(message).toContain(line);
  });

  it('stops start-up when the names file is missing or not JSON', () => {
    const dir = configCopy(() => undefined);
    try {
      rmSync(join(dir, NAMES_FILE));
      expect(() => loadConfigFiles(dir)).toThrow(/config\/catalogue-names\.json: \(file\): ENOENT/);
      writeFileSync(join(dir, NAMES_FILE), '{');
      expect(() => loadConfigFiles(dir)).toThrow(/config\/catalogue-names\.json: \(file\): /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)('product names on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  /** Over a configuration copy: IE offers Irish (no names: English), Japanese lacks "tablet". */
  let b: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll(testStores(config(), 300));
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
    dir = configCopy((file) => {
      file('countries/ie.json', (c: { langs: { code: string; dataLang: string }[] }) => {
        c.langs.push({ ...c.langs[0]!, code: 'ga', dataLang: 'ga_IE' });
      });
      file(NAMES_FILE, (n: CatalogueNames) => {
        delete n.tablet!.displayName.ja;
      });
      file('countries/fr.json', (c: { channels: { sales: { countries: string[] } } }) => {
        c.channels.sales.countries = ['BE'];
      });
    });
    b = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0', CONFIG_DIR: dir });
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await t?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const matrix = async (app: TestApp, path: string) => {
    const res = await app.app.inject(`${G}${path}/globalmatrix`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const salesProducts = async (path: string, app = a) =>
    named((await matrix(app, path)).json().response[0].channels.sales.products);
  const searchList = async (path: string, app = a) => {
    const res = await app.app.inject(`${G}${path}/sales?${SEARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('serves globalmatrix products in the path language (fr, ja, zh-Hans, zh-Hant, ar)', async () => {
    const fr = await salesProducts('/fr/fr');
    expect(fr.phone).toEqual(['Smartphone', 'Smartphone']);
    expect(fr.tablet).toEqual(['Tablette', 'Tablette']);
    expect(fr.earbuds).toEqual(['Écouteurs', 'Audio']);
    expect(fr.smartspeaker).toEqual(['Enceinte connectée', 'TV et maison']);
    expect(fr.watchsport).toEqual(['Montre connectée édition sport', 'Montre connectée']);
    expect(fr.audiobrand).toEqual(['Sonora Audio', 'Audio']);
    const ja = await salesProducts('/jp/ja');
    expect(ja.phone).toEqual(['スマートフォン', 'スマートフォン']);
    expect(ja.headphones).toEqual(['ヘッドホン', 'オーディオ']);
    const cn = await salesProducts('/cn/zh');
    expect(cn.phone).toEqual(['手机', '手机']);
    expect(cn.tvbox).toEqual(['电视盒子', '电视和家居']);
    const tw = await salesProducts('/tw/zh');
    expect(tw.phone).toEqual(['手機', '手機']);
    expect(tw.smartspeaker).toEqual(['智慧音箱', '電視與家庭']);
    const hk = await salesProducts('/hk/zh');
    expect(hk.smartspeaker).toEqual(['智能喇叭', '電視與家居']);
    expect(hk.phone).toEqual(['手機', '手機']);
    const ae = await salesProducts('/ae/ar');
    expect(ae.phone).toEqual(['هاتف', 'هاتف']);
    // Service channel too; every product keeps its other fields.
    const res = await matrix(a, '/jp/ja');
    const service: Product[] = res.json().response[0].channels.service.products;
    expect(service[0]).toEqual({
      ...catalogue[0],
      displayName: 'スマートフォン',
      productRibbonName: 'スマートフォン',
    });
  });

  it('uses regional variants with the language as fallback, and "in" as Indonesian', async () => {
    const ca = await salesProducts('/ca/fr');
    expect(ca.phone).toEqual(['Téléphone intelligent', 'Téléphone intelligent']);
    expect(ca.tablet).toEqual(['Tablette', 'Tablette']);
    expect((await salesProducts('/br/pt')).phone).toEqual(['Celular', 'Celular']);
    expect((await salesProducts('/pt/pt')).phone).toEqual(['Telemóvel', 'Telemóvel']);
    expect((await salesProducts('/mx/es')).computer).toEqual(['Computadora', 'Computadora']);
    expect((await salesProducts('/es/es')).computer).toEqual(['Ordenador', 'Ordenador']);
    expect((await salesProducts('/id/in')).phone).toEqual(['Ponsel', 'Ponsel']);
    const lac = (await matrix(a, '/lac/es')).json().response as {
      channels: { sales?: { products: Product[] } };
    }[];
    expect(lac.length).toBeGreaterThan(1);
    for (const c of lac) {
      if (c.channels.sales)
        expect(named(c.channels.sales.products).phone).toEqual(['Celular', 'Celular']);
    }
  });

  it('leaves English globalmatrix bodies as the catalogue gives them', async () => {
    for (const path of ['/uk/en', '/fr/en', '/cn/en', '/asia/en']) {
      const res = await matrix(a, path);
      for (const c of res.json().response as {
        channels: Record<string, { products: Product[] }>;
      }[]) {
        for (const ch of Object.values(c.channels)) {
          for (const p of ch.products) {
            const original = files.catalogue.products.find((x) => x.code === p.code)!;
            expect(JSON.stringify(p)).toBe(JSON.stringify(original));
          }
        }
      }
    }
    const en = await matrix(a, '/fr/en');
    const fr = await matrix(a, '/fr/fr');
    expect(en.headers.etag).not.toBe(fr.headers.etag);
    expect((await matrix(a, '/fr/en')).body).toBe(en.body);
    expect((await matrix(a, '/fr/fr')).headers.etag).toBe(fr.headers.etag);
  });

  it('serves search productMatrixList in the path language; English bytes unchanged', async () => {
    const english = `"productMatrixList":${JSON.stringify(catalogue)},`;
    const en = await searchList('/fr/en');
    expect(en.body).toContain(english);
    const fr = await searchList('/fr/fr');
    expect(fr.body).not.toContain(english);
    const results = fr.json().results;
    expect(results.stores.map((s: { storeId: string }) => s.storeId)).toContain('FR-NEAR-BERLIN');
    const list = named(results.productMatrixList);
    expect(list.phone).toEqual(['Smartphone', 'Smartphone']);
    expect(list.headphones).toEqual(['Casque audio', 'Audio']);
    // The same stores, only the names differ.
    const ids = (stores: { storeId: string }[]) => stores.map((s) => s.storeId);
    expect(ids(results.stores)).toEqual(ids(en.json().results.stores));
    expect(results.productMatrixList.map((p: Product) => p._id)).toEqual(
      catalogue.map((p) => p._id),
    );
    expect(fr.headers.etag).not.toBe(en.headers.etag);
    for (const [path, phone] of [
      ['/jp/ja', 'スマートフォン'],
      ['/cn/zh', '手机'],
      ['/tw/zh', '手機'],
      ['/ae/ar', 'هاتف'],
      ['/lac/es', 'Celular'],
    ] as const) {
      const res = await searchList(path);
      expect(named(res.json().results.productMatrixList).phone, path).toEqual([phone, phone]);
    }
    // Cached per language: a second search gives the same bytes.
    expect((await searchList('/fr/fr')).body).toBe(fr.body);
  });

  it('falls back to English for a language without names, per name', async () => {
    const ga = await salesProducts('/ie/ga', b);
    expect(ga).toEqual(named(catalogue.filter((p) => ga[p.code])));
    const gaSearch = await searchList('/ie/ga', b);
    expect(gaSearch.body).toContain(`"productMatrixList":${JSON.stringify(catalogue)},`);
    const ja = await salesProducts('/jp/ja', b);
    expect(ja.tablet).toEqual(['Tablet', 'タブレット']);
    expect(ja.phone).toEqual(['スマートフォン', 'スマートフォン']);
    // Products of a channel's further countries are named too.
    const fr = (await matrix(b, '/fr/fr')).json().response[0].channels.sales;
    expect(fr.countries[0].countryCode).toBe('BE');
    expect(named(fr.countries[0].products).phone).toEqual(['Smartphone', 'Smartphone']);
  });

  it('embeds the preloaded configuration with the page language names', async () => {
    const boot = async (path: string) => {
      const res = await a.app.inject(path);
      expect(res.statusCode).toBe(200);
      const json = /<script type="application\/json" id="locator-boot">(.*?)<\/script>/.exec(
        res.body,
      )?.[1];
      return JSON.parse(json!) as {
        config: { response: { channels: { sales: { products: Product[] } } }[] };
      };
    };
    const cn = await boot('/cn/zh/');
    expect(named(cn.config.response[0]!.channels.sales.products).phone).toEqual(['手机', '手机']);
    const ae = await boot('/ae/ar/');
    expect(named(ae.config.response[0]!.channels.sales.products).phone).toEqual(['هاتف', 'هاتف']);
    const uk = await boot('/uk/en/');
    expect(named(uk.config.response[0]!.channels.sales.products).phone).toEqual(['Phone', 'Phone']);
  });
});
