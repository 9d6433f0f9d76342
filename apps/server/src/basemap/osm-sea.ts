/**
 * Seas and oceans from OpenStreetMap's coastline, simplified to 10 m (npm
 * `@geo-maps/earth-seas-10m`, data ODbL © OpenStreetMap contributors, package MIT): the sea as
 * polygons, and the coastline as lines, i.e. the polygons' rings without the edges that only
 * close them along the antimeridian and the poles (those would draw a seam across the map).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';

const require = createRequire(import.meta.url);
const PACKAGE = '@geo-maps/earth-seas-10m';

export const OSM_SEA_VERSION = (require(`${PACKAGE}/package.json`) as { version: string }).version;

/** An edge along the antimeridian or a pole: not a coast. */
function artificial(a: Position, b: Position): boolean {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  return (Math.abs(ax) === 180 && ax === bx) || (Math.abs(ay) >= 90 && ay === by);
}

/** A ring's coast: its runs of real edges as lines. */
export function coastLines(ring: readonly Position[]): Position[][] {
  const lines: Position[][] = [];
  let current: Position[] = [];
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as Position;
    const b = ring[i] as Position;
    if (artificial(a, b)) {
      if (current.length > 1) lines.push(current);
      current = [];
      continue;
    }
    if (current.length === 0) current.push(a);
    current.push(b);
  }
  if (current.length > 1) lines.push(current);
  return lines;
}

export interface OsmSea {
  sea: FeatureCollection;
  coast: FeatureCollection;
}

export function osmSeaGeoJson(): OsmSea {
  const file = require.resolve(`${PACKAGE}/map.geo.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { geometries: Geometry[] };
  const polygons = data.geometries.flatMap((g): Position[][][] =>
    g.type === 'MultiPolygon'
      ? (g as MultiPolygon).coordinates
      : g.type === 'Polygon'
        ? [(g as Polygon).coordinates]
        : [],
  );
  const coast = polygons.flatMap((rings) => rings.flatMap(coastLines));
  return {
    sea: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: polygons },
        },
      ],
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
