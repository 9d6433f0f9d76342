/**
 * MapLibre style documents (style spec v8) of the embedded and PMTiles basemaps. Every URL in
 * them is our own and relative ("/basemap/…"); the web app resolves them against the page's
 * origin. No text layer: place names are drawn by the browser (README.md "Labels"), so the style
 * needs no glyphs.
 */
import {
  ADMIN1_FROM_ZOOM,
  EMBEDDED_MAX_ZOOM,
  GEO_DATA_VERSION,
  GEO_MAX_ZOOM,
  OSM_FROM_ZOOM,
} from './geo-tiles.js';
import { PLACE_IMAGE_PREFIX, PLACE_LABELS_LAYER } from '@locator/core';
import { WATER_MAX_ZOOM } from './inland-water.js';
import { PLACES_MAX_ZOOM } from './places.js';
import { isProtomapsSchema, protomapsLayers } from './protomaps-style.js';
import type { PmtilesInfo } from './pmtiles-info.js';

export type { PmtilesInfo } from './pmtiles-info.js';

export const COLOURS = {
  water: '#aacbe4',
  coast: '#7fa6c4',
  land: '#f4f2ee',
  green: '#e3eddb',
  border: '#8e8a9c',
  road: '#ffffff',
  roadCase: '#d9d4cc',
  building: '#e6e1da',
} as const;

export interface Attribution {
  text: string;
  href: string;
}

export const NATURAL_EARTH: Attribution = {
  text: '© Natural Earth',
  href: 'https://www.naturalearthdata.com/',
};
export const GEONAMES: Attribution = {
  text: 'GeoNames (CC BY 4.0)',
  href: 'https://www.geonames.org/',
};
export const OPENSTREETMAP: Attribution = {
  text: '© OpenStreetMap contributors (ODbL)',
  href: 'https://www.openstreetmap.org/copyright',
};
export const MAPLIBRE: Attribution = { text: 'MapLibre', href: 'https://maplibre.org/' };

const html = (a: Attribution): string => `<a href="${a.href}">${a.text}</a>`;

type Json = Record<string, unknown>;

/** The layer drawing gazetteer place names as images made by the browser (id "place:{kind}:{name}"). */
function placeLayers(lang: string): { sources: Json; layers: Json[] } {
  const q = new URLSearchParams({ lang, v: GEO_DATA_VERSION });
  return {
    sources: {
      places: {
        type: 'vector',
        tiles: [`/basemap/places/{z}/{x}/{y}.pbf?${q.toString()}`],
        minzoom: 0,
        maxzoom: PLACES_MAX_ZOOM,
        attribution: html(GEONAMES),
      },
    },
    layers: [
      {
        id: PLACE_LABELS_LAYER,
        type: 'symbol',
        source: 'places',
        'source-layer': 'places',
        layout: {
          'icon-image': ['concat', PLACE_IMAGE_PREFIX, ['get', 'kind'], ':', ['get', 'name']],
          'symbol-sort-key': ['get', 'sort'],
          'icon-padding': 4,
          'icon-allow-overlap': false,
          'icon-ignore-placement': false,
        },
      },
    ],
  };
}

/**
 * The embedded basemap: Natural Earth land on water at small scales, OpenStreetMap sea and
 * coastline on land from z 6, Natural Earth country borders, gazetteer place labels. `locator:maxzoom` is where the offline data ends: the
 * web app does not zoom in further.
 */
export function embeddedStyle(lang: string): Json {
  const places = placeLayers(lang);
  return {
    version: 8,
    name: 'Locator embedded basemap',
    metadata: {
      'locator:mode': 'embedded',
      'locator:lang': lang,
      'locator:maxzoom': EMBEDDED_MAX_ZOOM,
    },
    sources: {
      geo: {
        type: 'vector',
        tiles: [`/basemap/geo/{z}/{x}/{y}.pbf?v=${GEO_DATA_VERSION}`],
        minzoom: 0,
        maxzoom: GEO_MAX_ZOOM,
        attribution: `${html(OPENSTREETMAP)} ${html(NATURAL_EARTH)}`,
      },
      ...places.sources,
    },
    layers: [
      // Water below Natural Earth's land (z 0–5), land below OpenStreetMap's sea (z 6+).
      {
        id: 'background',
        type: 'background',
        paint: {
          'background-color': ['step', ['zoom'], COLOURS.water, OSM_FROM_ZOOM, COLOURS.land],
        },
      },
      {
        id: 'land',
        type: 'fill',
        source: 'geo',
        'source-layer': 'land',
        maxzoom: OSM_FROM_ZOOM,
        paint: { 'fill-color': COLOURS.land, 'fill-antialias': false },
      },
      {
        id: 'sea',
        minzoom: OSM_FROM_ZOOM,
        type: 'fill',
        source: 'geo',
        'source-layer': 'sea',
        paint: { 'fill-color': COLOURS.water, 'fill-antialias': false },
      },
      {
        id: 'water',
        minzoom: OSM_FROM_ZOOM,
        maxzoom: WATER_MAX_ZOOM + 1,
        type: 'fill',
        source: 'geo',
        'source-layer': 'water',
        paint: { 'fill-color': COLOURS.water, 'fill-antialias': false },
      },
      {
        // From z 6 only: below, the land's edge against the sea is the coast (geo-tiles.ts).
        id: 'coast',
        minzoom: OSM_FROM_ZOOM,
        type: 'line',
        source: 'geo',
        'source-layer': 'coast',
        // The coast, state and country lines are at most 2 px wide, where a join's shape does
        // not show: MapLibre's default (miter) joins keep half the vertices of round ones, which
        // a software renderer pays on every frame of a pan (docs/ARCHITECTURE.md, "Map frames").
        paint: {
          'line-color': COLOURS.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.3, 8, 0.8, 13, 1.4],
        },
      },
      {
        id: 'admin1',
        type: 'line',
        source: 'geo',
        'source-layer': 'admin1',
        minzoom: ADMIN1_FROM_ZOOM,
        paint: {
          'line-color': COLOURS.border,
          'line-opacity': 0.6,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 12, 1.2],
          'line-dasharray': [2, 2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'geo',
        'source-layer': 'borders',
        paint: {
          'line-color': COLOURS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.5, 6, 1.2, 12, 2],
          'line-dasharray': [3, 2],
        },
      },
      ...places.layers,
    ],
  };
}

const polygon = ['==', ['geometry-type'], 'Polygon'];
const line = ['==', ['geometry-type'], 'LineString'];

/** Layers for one vector layer of an archive, chosen by the usual schema names (OpenMapTiles, Protomaps, Shortbread). */
function layersFor(id: string): Json[] {
  const base = { source: 'tiles', 'source-layer': id };
  if (/water|ocean|lake/i.test(id)) {
    return [
      {
        id: `${id}-fill`,
        type: 'fill',
        ...base,
        filter: polygon,
        paint: { 'fill-color': COLOURS.water },
      },
      {
        id: `${id}-line`,
        type: 'line',
        ...base,
        filter: line,
        paint: { 'line-color': COLOURS.water, 'line-width': 1.2 },
      },
    ];
  }
  if (/^(earth|land)$/i.test(id)) {
    return [
      {
        id: `${id}-fill`,
        type: 'fill',
        ...base,
        filter: polygon,
        paint: { 'fill-color': COLOURS.land },
      },
    ];
  }
  if (/park|landcover|landuse|natural/i.test(id)) {
    return [
      {
        id: `${id}-fill`,
        type: 'fill',
        ...base,
        filter: polygon,
        paint: { 'fill-color': COLOURS.green, 'fill-opacity': 0.6 },
      },
    ];
  }
  if (/building/i.test(id)) {
    return [
      {
        id: `${id}-fill`,
        type: 'fill',
        ...base,
        minzoom: 14,
        filter: polygon,
        paint: { 'fill-color': COLOURS.building },
      },
    ];
  }
  if (/road|transport|street/i.test(id)) {
    return [
      {
        id: `${id}-line`,
        type: 'line',
        ...base,
        filter: line,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': COLOURS.roadCase,
          'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 5, 0.5, 16, 8],
        },
      },
    ];
  }
  if (/boundar|border/i.test(id)) {
    return [
      {
        id: `${id}-line`,
        type: 'line',
        ...base,
        filter: line,
        paint: { 'line-color': COLOURS.border, 'line-dasharray': [3, 2] },
      },
    ];
  }
  return []; // place names, POIs and the like: our own labels are drawn instead.
}

/**
 * A style for the archive at /basemap/tiles.pmtiles (read by the browser with range requests):
 * Protomaps' own cartography for an archive of their schema, otherwise layers by name.
 */
export function pmtilesStyle(lang: string, info: PmtilesInfo): Json {
  const places = placeLayers(lang);
  const source: Json = {
    type: info.tileType === 'mvt' ? 'vector' : 'raster',
    url: 'pmtiles:///basemap/tiles.pmtiles',
    attribution: info.attribution ?? '',
  };
  if (info.tileType !== 'mvt') source.tileSize = 256;
  if (isProtomapsSchema(info)) {
    return {
      version: 8,
      name: 'Locator PMTiles basemap (Protomaps schema)',
      metadata: { 'locator:mode': 'pmtiles', 'locator:lang': lang, 'locator:schema': 'protomaps' },
      sources: { tiles: source, ...places.sources },
      layers: [...protomapsLayers(lang), ...places.layers],
    };
  }
  const hasLand = info.vectorLayers.some((l) => /^(earth|land)$/i.test(l.id));
  const layers: Json[] = [
    {
      id: 'background',
      type: 'background',
      paint: { 'background-color': hasLand ? COLOURS.water : COLOURS.land },
    },
  ];
  if (info.tileType === 'mvt') layers.push(...info.vectorLayers.flatMap((l) => layersFor(l.id)));
  else layers.push({ id: 'raster', type: 'raster', source: 'tiles' });
  return {
    version: 8,
    name: 'Locator PMTiles basemap',
    metadata: { 'locator:mode': 'pmtiles', 'locator:lang': lang },
    sources: { tiles: source, ...places.sources },
    layers: [...layers, ...places.layers],
  };
}
