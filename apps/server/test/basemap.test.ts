/**
 * Basemap endpoints: style, Natural Earth and place-label tiles, configuration, and the
 * PMTiles archive with HTTP Range requests (a tiny valid archive built here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { loadEmbeddedProvider, type Gazetteer } from '@locator/geo';
import { registerErrorHandler } from '../src/http/errors.js';
import { basemapRoutes } from '../src/modules/basemap/routes.js';
import { loadBasemapConfig, type BasemapConfig } from '../src/modules/basemap/config.js';
import { ConfigError } from '../src/env.js';
import { encodeTile } from '../src/modules/basemap/tiles.js';
import { pmtilesArchive } from './helpers/pmtiles.js';
import { parseRange } from '../src/modules/basemap/pmtiles.js';
import { districtMinZoom, placeMinZoom } from '../src/modules/basemap/places.js';
import { coastLines, unwrapRing } from '../src/modules/basemap/rings.js';

let gazetteer: Gazetteer;
let app: FastifyInstance;

async function appWith(config: BasemapConfig): Promise<FastifyInstance> {
  const a = Fastify({ logger: false });
  registerErrorHandler(a);
  await a.register(basemapRoutes, { config, gazetteer: async () => gazetteer });
  return a;
}

beforeAll(async () => {
  gazetteer = (await loadEmbeddedProvider()).gazetteer;
  app = await appWith(loadBasemapConfig({}));
});
afterAll(async () => {
  await app.close();
});

function layers(buf: Buffer) {
  return new VectorTile(new PbfReader(buf)).layers;
}

function featureNames(buf: Buffer): string[] {
  const layer = layers(buf).places;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.name));
}

describe('GET /basemap/style.json', () => {
  it('is a MapLibre v8 style that references only our own URLs, with no text layer', async () => {
    const res = await app.inject({ url: '/basemap/style.json?lang=ar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=3600/);
    const style = res.json<{
      version: number;
      sources: Record<string, { tiles: string[]; attribution: string }>;
      layers: { type: string; layout?: Record<string, unknown> }[];
    }>();
    expect(style.version).toBe(8);
    const urls = Object.values(style.sources).flatMap((s) => s.tiles);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u).toMatch(/^\/basemap\//);
    expect(style.sources.places?.tiles[0]).toContain('lang=ar');
    expect(JSON.stringify(style)).not.toMatch(/glyphs|text-field/);
    expect(
      Object.values(style.sources)
        .map((s) => s.attribution)
        .join(' '),
    ).toMatch(/OpenStreetMap contributors.*Natural Earth.*GeoNames \(CC BY 4\.0\)/);
  });

  it('is compressed when the client accepts it', async () => {
    const res = await app.inject({
      url: '/basemap/style.json?lang=en',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).version).toBe(8);
  });

  it.each(['%3Cscript%3E', 'e', 'english-language-please'])(
    'rejects lang=%s with 400',
    async (l) => {
      const res = await app.inject({ url: `/basemap/style.json?lang=${l}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_PARAMETER');
    },
  );
});

describe('GET /basemap/config.json', () => {
  it('embedded by default, with its four attributions', async () => {
    const res = await app.inject({ url: '/basemap/config.json?lang=ja' });
    expect(res.json()).toMatchObject({
      mode: 'embedded',
      style: '/basemap/style.json?lang=ja',
      token: false,
    });
    expect(res.json().attribution.map((a: { text: string }) => a.text)).toEqual([
      '© OpenStreetMap contributors (ODbL)',
      '© Natural Earth',
      'GeoNames (CC BY 4.0)',
      'MapLibre',
    ]);
  });

  it('vendor: the vendor URL, which needs the /mapKitToken key, and our style as fallback', async () => {
    const vendor = await appWith(
      loadBasemapConfig({
        MAP_STYLE: 'vendor',
        MAP_STYLE_URL: 'https://maps.example.com/style.json?key={key}',
      }),
    );
    const body = (await vendor.inject({ url: '/basemap/config.json?lang=de' })).json();
    expect(body).toMatchObject({
      mode: 'vendor',
      style: 'https://maps.example.com/style.json?key={key}',
      token: true,
      fallbackStyle: '/basemap/style.json?lang=de',
    });
    await vendor.close();
  });
});

describe('vector tiles', () => {
  it('Natural Earth land, then OpenStreetMap sea and coast, borders; immutable for the version', async () => {
    const style = (await app.inject({ url: '/basemap/style.json' })).json();
    expect(style.metadata['locator:maxzoom']).toBe(13);
    const url = String(style.sources.geo.tiles[0]).replace('{z}/{x}/{y}', '4/8/5');
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    // Small scale: Natural Earth land, whose edge is the coast (no coast line below z 6).
    const l = layers(res.rawPayload);
    expect(l.land?.feature(0).type).toBe(3);
    expect(l.coast).toBeUndefined();
    expect(l.sea).toBeUndefined();
    expect(style.layers.find((layer: { id: string }) => layer.id === 'coast').minzoom).toBe(6);
    expect(l.borders?.length).toBeGreaterThan(0);
    // z12 over Dubai's coast (Palm Jumeirah): OpenStreetMap's sea in 10 m detail.
    const dubai = layers((await app.inject({ url: '/basemap/geo/12/2675/1752.pbf' })).rawPayload);
    expect(dubai.sea?.feature(0).type).toBe(3);
    expect(dubai.land).toBeUndefined();
    expect(dubai.coast?.feature(0).loadGeometry().flat().length).toBeGreaterThan(50);
  });

  it('rivers and lakes at z 6–9 (Lake Geneva, the Thames estuary); states from z 3', async () => {
    const tile = async (path: string) =>
      layers((await app.inject({ url: `/basemap/geo/${path}.pbf` })).rawPayload);
    // z 7: Lake Geneva is big enough to be drawn.
    const geneva = await tile('7/66/45');
    expect(geneva.water?.feature(0).type).toBe(3);
    // Not below z 6, nor at city zooms, where the reduced data would show loose fragments.
    expect((await tile('5/16/10')).water).toBeUndefined();
    expect((await tile('12/2046/1362')).water).toBeUndefined();
    // First-level boundaries where Natural Earth 1:50m has them (United States), from z 3.
    expect((await tile('4/3/6')).admin1?.length).toBeGreaterThan(0);
    expect((await tile('2/0/1')).admin1).toBeUndefined();
  });

  it('the coast leaves out the edges that close the sea along the antimeridian and the poles', () => {
    const ring = [
      [-180, 10],
      [-170, 12],
      [-175, 20],
      [-180, 20],
      [-180, 90],
      [180, 90],
      [180, 10],
    ];
    expect(coastLines(ring)).toEqual([
      [
        [-180, 10],
        [-170, 12],
        [-175, 20],
        [-180, 20],
      ],
    ]);
    // A coast across the antimeridian is made continuous, not drawn across the map.
    const fiji = [
      [179, -17],
      [-179, -17],
      [-179, -18],
      [179, -18],
      [179, -17],
    ];
    expect(unwrapRing(fiji)).toEqual([
      [179, -17],
      [181, -17],
      [181, -18],
      [179, -18],
      [179, -17],
    ]);
    expect(
      coastLines([
        [170, 0],
        [-170, 0],
      ]),
    ).toEqual([]);
    // Round the pole: unchanged.
    expect(unwrapRing(ring.concat([[-180, 10]]))).toEqual(ring.concat([[-180, 10]]));
  });

  it.each([
    ['/basemap/geo/13/0/0.pbf'],
    ['/basemap/geo/2/4/0.pbf'],
    ['/basemap/geo/x/0/0.pbf'],
    ['/basemap/places/13/0/0.pbf'],
  ])('%s → 404', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it.each([
    ['en', 'Moscow', 'Kyiv'],
    ['ru', 'Москва', 'Минск'],
    ['ar', 'موسكو', 'صوفيا'],
    ['ja', 'モスクワ', 'ミンスク'],
    ['th', 'มอสโก', 'โซเฟีย'],
    ['hi', 'मॉस्को', 'टबिलिसी'], // CLDR's Hindi names of the zones' cities
    ['de', 'Moskau', 'Kiew'],
    ['fr', 'Moscou', 'Kiev'],
  ])('place names in the visitor’s script (%s)', async (lang, a, b) => {
    const res = await app.inject({ url: `/basemap/places/4/9/5.pbf?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    const names = featureNames(res.rawPayload);
    expect(names).toContain(a);
    expect(names).toContain(b);
  });

  it('place names in the page language where the gazetteer has them (Prag, Wien, München)', async () => {
    // z6 tiles over Bavaria and Austria, and over Bohemia.
    const names = async (lang: string) => [
      ...featureNames(
        (await app.inject({ url: `/basemap/places/6/34/22.pbf?lang=${lang}` })).rawPayload,
      ),
      ...featureNames(
        (await app.inject({ url: `/basemap/places/6/34/21.pbf?lang=${lang}` })).rawPayload,
      ),
    ];
    const de = await names('de');
    expect(de).toEqual(expect.arrayContaining(['München', 'Prag', 'Wien']));
    expect(de).not.toContain('Prague');
    expect(await names('en')).toEqual(expect.arrayContaining(['Munich', 'Prague', 'Vienna']));
    expect(await names('fr')).toEqual(expect.arrayContaining(['Munich', 'Prague', 'Vienne']));
  });

  it('capitals at low zoom, towns only when zoomed in; at most 160 labels a tile', async () => {
    const world = featureNames((await app.inject({ url: '/basemap/places/2/1/1.pbf' })).rawPayload);
    expect(world).toContain('London');
    expect(world).not.toContain('Slough');
    // z12 tile over Slough, Berkshire.
    const local = featureNames(
      (await app.inject({ url: '/basemap/places/12/2041/1361.pbf' })).rawPayload,
    );
    expect(local).toContain('Slough');
    expect(local.length).toBeLessThanOrEqual(160);
    expect(placeMinZoom(9_000_000, 3)).toBe(2);
    expect(placeMinZoom(600, 0)).toBe(12);
    expect(placeMinZoom(60_000, 2)).toBe(6);
  });

  it('districts of a city from z 9, by population, as kind "district"', async () => {
    // z11 tile over Battersea and Chelsea, London.
    const tile = layers((await app.inject({ url: '/basemap/places/11/1023/681.pbf' })).rawPayload);
    const places = tile.places;
    const kinds = new Map(
      Array.from({ length: places?.length ?? 0 }, (_, i) => {
        const f = places!.feature(i);
        return [String(f.properties.name), String(f.properties.kind)] as const;
      }),
    );
    expect(kinds.get('Battersea')).toBe('district');
    expect(districtMinZoom(150_000)).toBe(9);
    expect(districtMinZoom(75_000)).toBe(10);
    expect(districtMinZoom(20_000)).toBe(10);
    expect(districtMinZoom(10_000)).toBe(11);
    expect(districtMinZoom(0)).toBe(12);
  });

  it("Dubai's and Tokyo's districts at the zoom their stores fit to, Tokyo's wards where they are", async () => {
    const names = async (
      url: string,
    ): Promise<Map<string, { kind: string; x: number; y: number }>> => {
      const places = layers((await app.inject({ url })).rawPayload).places;
      return new Map(
        Array.from({ length: places?.length ?? 0 }, (_, i) => {
          const f = places!.feature(i);
          const [x = 0, y = 0] = [f.loadGeometry()[0]?.[0]?.x, f.loadGeometry()[0]?.[0]?.y];
          return [String(f.properties.name), { kind: String(f.properties.kind), x, y }] as const;
        }),
      );
    };
    // z10 tiles over Dubai: Deira, Bur Dubai and Jumeirah; Dubai Marina.
    const dubai = new Map([
      ...(await names('/basemap/places/10/669/437.pbf?lang=en')),
      ...(await names('/basemap/places/10/668/438.pbf?lang=en')),
    ]);
    for (const d of ['Dayrah', 'Bur Dubai', 'Jumayrā', 'Al Karama', 'Dubai Marina']) {
      expect(dubai.get(d)?.kind, d).toBe('district');
    }
    // z10 tile over central Tokyo, in Japanese: the 23 wards, each at its own office.
    const tokyo = await names('/basemap/places/10/909/403.pbf?lang=ja');
    const shibuya = tokyo.get('渋谷');
    const shinjuku = tokyo.get('新宿');
    expect(shibuya?.kind).toBe('district');
    expect(shinjuku?.kind).toBe('district');
    expect(shibuya?.y).toBeGreaterThan(shinjuku?.y ?? Infinity); // Shibuya lies south of Shinjuku
    expect(tokyo.get('港')?.kind).toBe('district');
  });
});

describe('configuration', () => {
  it('lists every problem in a ConfigError', () => {
    let error: unknown;
    try {
      loadBasemapConfig({ MAP_STYLE: 'pmtiles', MAP_STYLE_URL: 'ftp://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/MAP_STYLE_URL/);
    expect(() => loadBasemapConfig({ MAP_STYLE: 'pmtiles' })).toThrow(/MAP_PMTILES_PATH: required/);
    expect(() =>
      loadBasemapConfig({ MAP_STYLE: 'pmtiles', MAP_PMTILES_PATH: '/nope.pmtiles' }),
    ).toThrow(/no such file/);
    expect(() => loadBasemapConfig({ MAP_STYLE: 'vendor' })).toThrow(/MAP_STYLE_URL: required/);
    expect(() => loadBasemapConfig({ MAP_STYLE: 'satellite' })).toThrow(ConfigError);
  });
});

// ------------------------------------------------------------------ PMTiles

/** A PMTiles v3 archive with one uncompressed MVT tile at z0 and JSON metadata. */
function tinyArchive(): Buffer {
  const tile = encodeTile({
    water: [
      {
        type: 3,
        geometry: [
          [
            [0, 0],
            [4096, 0],
            [4096, 4096],
            [0, 0],
          ],
        ],
        tags: {},
      },
    ],
  });
  return pmtilesArchive(tile, {
    vector_layers: [{ id: 'water' }, { id: 'roads' }, { id: 'places' }],
    attribution: '© Test data',
  });
}

describe('PMTiles (MAP_STYLE=pmtiles)', () => {
  let pm: FastifyInstance;
  let archive: Buffer;

  beforeAll(async () => {
    archive = tinyArchive();
    const path = join(mkdtempSync(join(tmpdir(), 'basemap-')), 'tiny.pmtiles');
    writeFileSync(path, archive);
    pm = await appWith(loadBasemapConfig({ MAP_STYLE: 'pmtiles', MAP_PMTILES_PATH: path }));
  });
  afterAll(async () => {
    await pm.close();
  });

  it('style: the archive by pmtiles://, layers from its metadata, our place labels', async () => {
    const style = (await pm.inject({ url: '/basemap/style.json?lang=he' })).json();
    expect(style.sources.tiles).toMatchObject({
      type: 'vector',
      url: 'pmtiles:///basemap/tiles.pmtiles',
      attribution: '© Test data',
    });
    const ids = style.layers.map((l: { id: string }) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['water-fill', 'roads-line', 'place-labels']));
    expect(ids).not.toContain('places-line');
  });

  it('an archive of the Protomaps schema gets the Protomaps light cartography, our labels', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'basemap-')), 'protomaps.pmtiles');
    writeFileSync(
      path,
      pmtilesArchive(encodeTile({ earth: [] }), {
        vector_layers: ['earth', 'water', 'roads', 'boundaries', 'places'].map((id) => ({ id })),
      }),
    );
    const protomaps = await appWith(
      loadBasemapConfig({ MAP_STYLE: 'pmtiles', MAP_PMTILES_PATH: path }),
    );
    const style = (await protomaps.inject({ url: '/basemap/style.json?lang=ar' })).json();
    await protomaps.close();
    expect(style.metadata).toMatchObject({ 'locator:schema': 'protomaps', 'locator:lang': 'ar' });
    const layers = style.layers as { id: string; type: string; source?: string }[];
    expect(layers[0]?.type).toBe('background');
    expect(layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['earth', 'water', 'roads_major', 'place-labels']),
    );
    // No text or icons of theirs (no glyphs, no sprite): the place names are ours.
    expect(layers.filter((l) => l.type === 'symbol').map((l) => l.id)).toEqual(['place-labels']);
    expect(JSON.stringify(style)).not.toMatch(/glyphs|sprite|text-field/);
  });

  it('answers a range request with 206 and exactly those bytes', async () => {
    const res = await pm.inject({
      url: '/basemap/tiles.pmtiles',
      headers: { range: 'bytes=0-126' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(archive.subarray(0, 127))).toBe(true);
    const tail = await pm.inject({
      url: '/basemap/tiles.pmtiles',
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(archive.subarray(archive.length - 10))).toBe(true);
  });

  it('whole file without Range; 416 past the end; HEAD; 304 with the ETag', async () => {
    const all = await pm.inject({ url: '/basemap/tiles.pmtiles' });
    expect(all.statusCode).toBe(200);
    expect(all.rawPayload.equals(archive)).toBe(true);
    const past = await pm.inject({
      url: '/basemap/tiles.pmtiles',
      headers: { range: `bytes=${archive.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${archive.length}`);
    const head = await pm.inject({ method: 'HEAD', url: '/basemap/tiles.pmtiles' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(archive.length));
    const again = await pm.inject({
      url: '/basemap/tiles.pmtiles',
      headers: { 'if-none-match': String(all.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('parseRange', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=10-19', 100)).toEqual([10, 19]);
    expect(parseRange('bytes=90-200', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=-5', 100)).toEqual([95, 99]);
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=50-40', 100)).toBe('unsatisfiable');
  });

  it('is not served without an archive', async () => {
    expect((await app.inject({ url: '/basemap/tiles.pmtiles' })).statusCode).toBe(404);
  });
});
