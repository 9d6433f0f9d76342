/**
 * The embedded basemap's geography tiles, sliced into vector tiles on demand (geojson-vt):
 *
 * - z 0–5: Natural Earth 1:10m land and its coast (layers "land", "coast"): continents as
 *   polygons of their own, which simplify and triangulate cleanly at world scale;
 * - z 6–12: OpenStreetMap's sea and coast at 10 m (layers "sea", "coast", osm-sea.ts): one ocean
 *   with some 60,000 islands as holes is only drawn once a tile holds a small part of it;
 * - every zoom: Natural Earth country borders ("borders").
 *
 * The index is built once (~2.5 s and ~250 MB on one core) and kept for the process.
 */
import GeoJSONVT from 'geojson-vt';
import { countryBorders, NATURAL_EARTH_VERSION, naturalEarthLand } from './borders.js';
import { osmSeaGeoJson, OSM_SEA_VERSION } from './osm-sea.js';
import { encodeTile, EXTENT, type TileFeature, type TileId } from './tiles.js';

/** Deepest zoom with its own geometry (the coast keeps ~10 m of detail down to here). */
export const GEO_MAX_ZOOM = 12;

/**
 * The embedded map's deepest zoom: one step of over-zoom past the data. Streets, buildings and
 * shops are not in the offline data; the list and the directions link take over from here.
 */
export const EMBEDDED_MAX_ZOOM = 13;

/** First zoom drawn from OpenStreetMap's sea rather than Natural Earth's land. */
export const OSM_FROM_ZOOM = 6;

/** The data version in tile URLs, so tiles can be cached as immutable. */
export const GEO_DATA_VERSION = `osm${OSM_SEA_VERSION}-ne${NATURAL_EARTH_VERSION}-4`;

type Indexes = Record<'land' | 'landCoast' | 'sea' | 'seaCoast' | 'borders', GeoJSONVT>;

export class GeoTiles {
  private indexes: Indexes | undefined;

  private ensure(): Indexes {
    if (!this.indexes) {
      const osm = osmSeaGeoJson();
      const ne = naturalEarthLand();
      const options = {
        maxZoom: GEO_MAX_ZOOM,
        indexMaxZoom: 4,
        indexMaxPoints: 100_000,
        tolerance: 3,
        extent: EXTENT,
        buffer: 64,
      };
      const small = { ...options, maxZoom: OSM_FROM_ZOOM - 1 };
      this.indexes = {
        land: new GeoJSONVT(ne.land, small),
        landCoast: new GeoJSONVT(ne.coast, small),
        sea: new GeoJSONVT(osm.sea, options),
        seaCoast: new GeoJSONVT(osm.coast, options),
        borders: new GeoJSONVT(countryBorders(), options),
      };
    }
    return this.indexes;
  }

  /** Builds the index now rather than on the first tile request. */
  warm(): void {
    this.ensure();
  }

  /** The tile's layers ("land" or "sea", "coast", "borders") as an MVT protobuf. */
  tile(t: TileId): Buffer {
    const indexes = this.ensure();
    const features = (index: GeoJSONVT): TileFeature[] =>
      (index.getTile(t.z, t.x, t.y)?.features ?? []).map((f) => ({
        type: f.type,
        geometry: f.geometry,
        tags: f.tags,
      }));
    const borders = features(indexes.borders);
    if (t.z < OSM_FROM_ZOOM) {
      return encodeTile({
        land: features(indexes.land),
        coast: features(indexes.landCoast),
        borders,
      });
    }
    return encodeTile({ sea: features(indexes.sea), coast: features(indexes.seaCoast), borders });
  }
}
