/**
 * The embedded basemap's geography tiles: sea and coastline from OpenStreetMap (osm-sea.ts) and
 * country borders from Natural Earth (borders.ts), sliced into vector tiles on demand
 * (geojson-vt). The index is built once (~2 s and ~200 MB on one core) and kept for the process.
 */
import GeoJSONVT from 'geojson-vt';
import { countryBorders, NATURAL_EARTH_VERSION } from './borders.js';
import { osmSeaGeoJson, OSM_SEA_VERSION } from './osm-sea.js';
import { encodeTile, EXTENT, type TileFeature, type TileId } from './tiles.js';

/** Deepest zoom with its own geometry (the coast keeps ~10 m of detail down to here). */
export const GEO_MAX_ZOOM = 12;

/**
 * The embedded map's deepest zoom: one step of over-zoom past the data. Streets, buildings and
 * shops are not in the offline data; the list and the directions link take over from here.
 */
export const EMBEDDED_MAX_ZOOM = 13;

/** The data version in tile URLs, so tiles can be cached as immutable. */
export const GEO_DATA_VERSION = `osm${OSM_SEA_VERSION}-ne${NATURAL_EARTH_VERSION}-2`;

type Indexes = Record<'sea' | 'coast' | 'borders', GeoJSONVT>;

export class GeoTiles {
  private indexes: Indexes | undefined;

  private ensure(): Indexes {
    if (!this.indexes) {
      const { sea, coast } = osmSeaGeoJson();
      const options = {
        maxZoom: GEO_MAX_ZOOM,
        indexMaxZoom: 4,
        indexMaxPoints: 100_000,
        tolerance: 3,
        extent: EXTENT,
        buffer: 64,
      };
      this.indexes = {
        sea: new GeoJSONVT(sea, options),
        coast: new GeoJSONVT(coast, options),
        borders: new GeoJSONVT(countryBorders(), options),
      };
    }
    return this.indexes;
  }

  /** Builds the index now rather than on the first tile request. */
  warm(): void {
    this.ensure();
  }

  /** The tile's layers "sea", "coast" and "borders" as an MVT protobuf. */
  tile(t: TileId): Buffer {
    const indexes = this.ensure();
    const features = (index: GeoJSONVT): TileFeature[] =>
      (index.getTile(t.z, t.x, t.y)?.features ?? []).map((f) => ({
        type: f.type,
        geometry: f.geometry,
        tags: f.tags,
      }));
    return encodeTile({
      sea: features(indexes.sea),
      coast: features(indexes.coast),
      borders: features(indexes.borders),
    });
  }
}
