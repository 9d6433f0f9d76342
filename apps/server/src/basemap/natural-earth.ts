/**
 * Land and country borders from Natural Earth 1:10m (npm world-atlas), converted once from
 * TopoJSON to GeoJSON (topojson-client) and sliced into vector tiles on demand (geojson-vt).
 * The index is built on the first tile request (~1 s on one core) and kept for the process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import GeoJSONVT from 'geojson-vt';
import { feature, mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { encodeTile, EXTENT, type TileFeature, type TileId } from './tiles.js';

const require = createRequire(import.meta.url);

/** Deepest zoom with its own geometry; the map over-zooms beyond (1:10m is exhausted there). */
export const GEO_MAX_ZOOM = 10;

/** The data version in tile URLs, so tiles can be cached as immutable. */
export const GEO_DATA_VERSION = `ne10m-${(require('world-atlas/package.json') as { version: string }).version}-1`;

function readTopology(file: string): Topology {
  return JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8')) as Topology;
}

export interface NaturalEarthGeoJson {
  land: FeatureCollection;
  borders: FeatureCollection;
}

/** TopoJSON → GeoJSON: land polygons and the borders shared by two countries. */
export function naturalEarthGeoJson(): NaturalEarthGeoJson {
  const land = readTopology('land-10m.json');
  const countries = readTopology('countries-10m.json');
  const landFc = feature(land, land.objects.land as GeometryCollection);
  const borderLines = mesh(
    countries,
    countries.objects.countries as GeometryCollection,
    (a, b) => a !== b,
  );
  const asCollection = (g: Feature | FeatureCollection): FeatureCollection =>
    g.type === 'FeatureCollection' ? g : { type: 'FeatureCollection', features: [g] };
  const borders: Feature<Geometry> = { type: 'Feature', properties: {}, geometry: borderLines };
  return { land: asCollection(landFc), borders: asCollection(borders) };
}

export class NaturalEarthTiles {
  private land: GeoJSONVT | undefined;
  private borders: GeoJSONVT | undefined;

  private ensure(): { land: GeoJSONVT; borders: GeoJSONVT } {
    if (!this.land || !this.borders) {
      const gj = naturalEarthGeoJson();
      const options = {
        maxZoom: GEO_MAX_ZOOM,
        indexMaxZoom: 4,
        indexMaxPoints: 100_000,
        tolerance: 3,
        extent: EXTENT,
        buffer: 64,
      };
      this.land = new GeoJSONVT(gj.land, options);
      this.borders = new GeoJSONVT(gj.borders, options);
    }
    return { land: this.land, borders: this.borders };
  }

  /** Builds the index now rather than on the first tile request. */
  warm(): void {
    this.ensure();
  }

  /** The tile's layers "land" and "borders" as an MVT protobuf (empty layers when no data). */
  tile(t: TileId): Buffer {
    const { land, borders } = this.ensure();
    const features = (index: GeoJSONVT): TileFeature[] =>
      (index.getTile(t.z, t.x, t.y)?.features ?? []).map((f) => ({
        type: f.type,
        geometry: f.geometry,
        tags: f.tags,
      }));
    return encodeTile({ land: features(land), borders: features(borders) });
  }
}
