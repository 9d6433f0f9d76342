/**
 * The basemap, served by our own server so that the map makes no request elsewhere:
 *
 *   GET /basemap/config.json?lang=     which style the web app loads (embedded, pmtiles, vendor)
 *   GET /basemap/style.json?lang=      MapLibre style v8 (embedded or PMTiles)
 *   GET /basemap/geo/{z}/{x}/{y}.pbf   sea and coast (OpenStreetMap), country borders (vector tiles)
 *   GET /basemap/places/{z}/{x}/{y}.pbf?lang=   gazetteer place labels in the visitor's language
 *   GET|HEAD /basemap/tiles.pmtiles    the PMTiles archive, with HTTP Range support
 *   GET /basemap/static.svg?lat&lon&z&w&h&lang   a small map as one SVG image (store pages)
 *
 * See README.md beside this file.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadEmbeddedProvider, type Gazetteer, type MapsProvider } from '@locator/geo';
import { validatorCompiler } from '../../openapi/validation.js';
import { loadBasemapConfig, type BasemapConfig } from './config.js';
import { encode, encodedCache, sendEncoded } from './http.js';
import { GeoTiles } from './geo-tiles.js';
import { PlaceTiles } from './places.js';
import { archiveAttributions, readPmtilesInfo, sendArchive } from './pmtiles.js';
import {
  geoTileParamsSchema,
  geoTileQuerySchema,
  langQuerySchema,
  placesTileParamsSchema,
  placesTileQuerySchema,
  staticMapQuerySchema,
} from './schemas.js';
import { StaticMaps } from './static-map.js';
import {
  embeddedStyle,
  GEONAMES,
  MAPLIBRE,
  NATURAL_EARTH,
  OPENSTREETMAP,
  pmtilesStyle,
  type Attribution,
  type PmtilesInfo,
} from './style.js';

export interface BasemapOptions {
  /** Default: read from the environment (ConfigError listing the problems). */
  config?: BasemapConfig;
  /** The embedded maps engine, whose gazetteer names the places; loaded when needed otherwise. */
  maps?: MapsProvider;
  gazetteer?: () => Promise<Gazetteer>;
  /** Build the tile indexes when the app gets ready (before it listens); else on first use. */
  warm?: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';
/**
 * Each worker's caches of encoded answers, bounded by their bytes (all encodings of an answer
 * counted), not by a number of entries: a tile near the coast or a static map is tens of
 * kilobytes in three encodings. bench:memory measures the worker's memory with them full
 * (docs/DEPLOYMENT.md).
 */
const TILE_CACHE_BYTES = 32 * 1024 * 1024;
const STATIC_CACHE_BYTES = 16 * 1024 * 1024;
const STYLE_CACHE_BYTES = 8 * 1024 * 1024;

export interface BasemapClientConfig {
  mode: BasemapConfig['MAP_STYLE'];
  /** Style URL: ours (relative) or the vendor's, with "{key}" for the token of /mapKitToken. */
  style: string;
  /** The vendor style needs the /mapKitToken token. */
  token: boolean;
  /** Our own style, used when a vendor style cannot be had (no token). */
  fallbackStyle: string;
  attribution: Attribution[];
}

function gazetteerOf(options: BasemapOptions): () => Promise<Gazetteer> {
  if (options.gazetteer) return options.gazetteer;
  const own = (options.maps as { gazetteer?: Gazetteer } | undefined)?.gazetteer;
  if (own) return () => Promise.resolve(own);
  let loading: Promise<Gazetteer> | undefined;
  return () => (loading ??= loadEmbeddedProvider().then((p) => p.gazetteer));
}

export const basemapRoutes: FastifyPluginAsync<BasemapOptions> = async (
  app: FastifyInstance,
  options,
) => {
  const config = options.config ?? loadBasemapConfig();
  const pmtilesPath = config.MAP_PMTILES_PATH;
  const pmtiles: PmtilesInfo | undefined =
    config.MAP_STYLE === 'pmtiles' && pmtilesPath ? await readPmtilesInfo(pmtilesPath) : undefined;
  const loadGazetteer = gazetteerOf(options);
  const geoTiles = new GeoTiles();
  let placeTiles: Promise<PlaceTiles> | undefined;
  const tileCache = encodedCache(TILE_CACHE_BYTES);
  // The sea, coast, inland water and border indexes hold the event loop for a few seconds while
  // they are built: before the server listens (no request waits behind them), not on the first
  // map view.
  if (options.warm) {
    app.addHook('onReady', async () => {
      geoTiles.warm();
    });
  }
  const styleCache = encodedCache(STYLE_CACHE_BYTES);

  /** Tiles asked for with the current data version are immutable; others are revalidated. */
  const tileCaching = (current: boolean) => (current ? IMMUTABLE : HOUR);

  // The routes' params and queries: schemas.ts, validated as the APIs' are.
  app.setValidatorCompiler(validatorCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const langQuery = { schema: { querystring: langQuerySchema } };

  routes.get('/basemap/config.json', langQuery, async (request, reply) => {
    const { lang } = request.query;
    const ours = `/basemap/style.json?lang=${encodeURIComponent(lang)}`;
    const body: BasemapClientConfig =
      config.MAP_STYLE === 'vendor'
        ? {
            mode: 'vendor',
            style: config.MAP_STYLE_URL ?? ours,
            token: config.MAP_STYLE_URL?.includes('{key}') ?? false,
            fallbackStyle: ours,
            attribution: [MAPLIBRE],
          }
        : {
            mode: config.MAP_STYLE,
            style: ours,
            token: false,
            fallbackStyle: ours,
            attribution:
              config.MAP_STYLE === 'embedded'
                ? [OPENSTREETMAP, NATURAL_EARTH, GEONAMES, MAPLIBRE]
                : [...archiveAttributions(pmtiles?.attribution), GEONAMES, MAPLIBRE],
          };
    return reply.header('Cache-Control', 'public, max-age=300').send(body);
  });

  routes.get('/basemap/style.json', langQuery, async (request, reply) => {
    const { lang } = request.query;
    const key = `${lang}`;
    let body = styleCache.get(key);
    if (!body) {
      const style = pmtiles ? pmtilesStyle(lang, pmtiles) : embeddedStyle(lang);
      body = encode(Buffer.from(JSON.stringify(style)));
      styleCache.set(key, body);
    }
    return sendEncoded(request, reply, body, 'application/json; charset=utf-8', HOUR);
  });

  const geoTile = { schema: { params: geoTileParamsSchema, querystring: geoTileQuerySchema } };
  routes.get('/basemap/geo/:z/:x/:y', geoTile, async (request, reply) => {
    const t = request.params;
    const key = `geo/${t.z}/${t.x}/${t.y}`;
    let body = tileCache.get(key);
    if (!body) {
      body = encode(geoTiles.tile(t));
      tileCache.set(key, body);
    }
    return sendEncoded(
      request,
      reply,
      body,
      'application/vnd.mapbox-vector-tile',
      tileCaching(request.query.v),
    );
  });

  const placesTile = {
    schema: { params: placesTileParamsSchema, querystring: placesTileQuerySchema },
  };
  routes.get('/basemap/places/:z/:x/:y', placesTile, async (request, reply) => {
    const t = request.params;
    const { lang } = request.query;
    const key = `places/${lang}/${t.z}/${t.x}/${t.y}`;
    let body = tileCache.get(key);
    if (!body) {
      placeTiles ??= loadGazetteer().then((g) => new PlaceTiles(g));
      body = encode((await placeTiles).tile(t, lang));
      tileCache.set(key, body);
    }
    return sendEncoded(
      request,
      reply,
      body,
      'application/vnd.mapbox-vector-tile',
      tileCaching(request.query.v),
    );
  });

  const staticMaps = new StaticMaps(geoTiles, async () => {
    placeTiles ??= loadGazetteer().then((g) => new PlaceTiles(g));
    return { tiles: await placeTiles, gazetteer: await loadGazetteer() };
  });
  const staticCache = encodedCache(STATIC_CACHE_BYTES);
  const staticMap = { schema: { querystring: staticMapQuerySchema } };
  routes.get('/basemap/static.svg', staticMap, async (request, reply) => {
    const q = request.query;
    const key = `static/${q.lang}/${q.zoom}/${q.width}x${q.height}/${q.latitude},${q.longitude}`;
    let body = staticCache.get(key);
    if (!body) {
      body = encode(Buffer.from(await staticMaps.svg(q)));
      staticCache.set(key, body);
    }
    return sendEncoded(request, reply, body, 'image/svg+xml', tileCaching(q.v));
  });

  if (pmtilesPath) {
    // GET answers HEAD too (Fastify's exposeHeadRoutes).
    app.get('/basemap/tiles.pmtiles', (request, reply) => sendArchive(pmtilesPath, request, reply));
  }
};
