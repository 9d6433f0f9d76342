/**
 * Seas and oceans from OpenStreetMap's coastline, simplified to 10 m (npm
 * `@geo-maps/earth-seas-10m`, data ODbL © OpenStreetMap contributors, package MIT): the sea as
 * polygons, one feature each (so that a tile knows each polygon's outer ring from its holes:
 * `rewindPolygon`), and the coastline as lines (rings.ts: without the edges that only close
 * the sea along the antimeridian and the poles, which would draw a seam across the map).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { coastLines, unwrapRing } from './rings.js';

const require = createRequire(import.meta.url);
const PACKAGE = '@geo-maps/earth-seas-10m';

export const OSM_SEA_VERSION = (require(`${PACKAGE}/package.json`) as { version: string }).version;

export interface OsmSea {
  sea: FeatureCollection;
  coast: FeatureCollection;
}

export function osmSeaGeoJson(): OsmSea {
  const file = require.resolve(`${PACKAGE}/map.geo.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { geometries: Geometry[] };
  const polygons = data.geometries
    .flatMap((g): Position[][][] =>
      g.type === 'MultiPolygon'
        ? (g as MultiPolygon).coordinates
        : g.type === 'Polygon'
          ? [(g as Polygon).coordinates]
          : [],
    )
    .map((rings) => rings.map(unwrapRing));
  const coast = polygons.flatMap((rings) => rings.flatMap(coastLines));
  return {
    sea: {
      type: 'FeatureCollection',
      features: polygons.map((coordinates) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates },
      })),
    },
    coast: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'MultiLineString', coordinates: coast },
        },
      ],
    },
  };
}
