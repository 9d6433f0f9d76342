/**
 * Country borders from Natural Earth 1:10m (npm world-atlas): the lines shared by two countries
 * (topojson-client `mesh` with a !== b), as GeoJSON.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';

const require = createRequire(import.meta.url);

export const NATURAL_EARTH_VERSION = (require('world-atlas/package.json') as { version: string })
  .version;

export function countryBorders(): FeatureCollection {
  const file = require.resolve('world-atlas/countries-10m.json');
  const countries = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const lines = mesh(
    countries,
    countries.objects.countries as GeometryCollection,
    (a, b) => a !== b,
  );
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: lines }],
  };
}
