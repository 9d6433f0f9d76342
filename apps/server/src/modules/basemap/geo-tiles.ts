/**
 * The embedded basemap's geography tiles, sliced into vector tiles on demand (geojson-vt):
 *
 * - z 0–5: Natural Earth 1:10m land (layer "land"): continents as polygons of their own, which
 *   simplify and triangulate cleanly at world scale. No coast line: at these zooms the land's
 *   edge against the sea is the coast, and a line along it would double the triangles a frame
 *   draws (`docs/ARCHITECTURE.md`, "Map frames");
 * - z 6–12: OpenStreetMap's sea and coast at 10 m (layers "sea", "coast", osm-sea.ts): 582 sea
 *   polygons with some 60,000 islands as holes, one feature each, only drawn once a tile holds
 *   a small part of them;
 * - z 6–9: OpenStreetMap's rivers and lakes (layer "water", inland-water.ts, packed at build
 *   time; its pieces are too coarse for city zooms);
 * - every zoom: Natural Earth country borders ("borders"); from z 3 first-level boundaries
 *   ("admin1") where Natural Earth 1:50m has them (Australia, Brazil, Canada, United States).
 *
 * The indexes are built once the server listens (~2.5 s and ~360 MB on an idle core) and kept.
 */
import GeoJSONVT from 'geojson-vt';
import {
  countryBorders,
  firstLevelBoundaries,
  NATURAL_EARTH_VERSION,
  naturalEarthLand,
  SUBUNITS_VERSION,
} from './borders.js';
import { InlandWater } from './inland-water.js';
import { osmSeaGeoJson, OSM_SEA_VERSION } from './osm-sea.js';
import { polygonFeatures } from './rings.js';
import { encodeTile, EXTENT, type TileFeature, type TileId } from './tiles.js';

/** Deepest zoom with its own geometry (the coast keeps ~10 m of detail down to here). */
export const GEO_MAX_ZOOM = 12;

/**
 * The embedded map's deepest zoom: one step of over-zoom past the data. Streets, buildings and
 * shops are not in the offline data; the list and the directions link take over from here.
 */
export const EMBEDDED_MAX_ZOOM = 13;

/** First zoom with first-level boundaries (states, provinces). */
export const ADMIN1_FROM_ZOOM = 3;

/** First zoom drawn from OpenStreetMap's sea rather than Natural Earth's land. */
export const OSM_FROM_ZOOM = 6;

/**
 * The data version in tile URLs, so tiles can be cached as immutable. The last number counts
 * changes of our own tiling and labelling rules (the place tiles use it too: raised when the
 * gazetteer's districts, their zooms or the places' names change).
 */
export const GEO_DATA_VERSION = `osm${OSM_SEA_VERSION}-ne${NATURAL_EARTH_VERSION}-st${SUBUNITS_VERSION}-13`;

type Small = Record<'land' | 'borders' | 'admin1', GeoJSONVT>;
interface Large {
  sea: GeoJSONVT;
  seaCoast: GeoJSONVT;
  water: InlandWater | undefined;
}

const OPTIONS = {
  maxZoom: GEO_MAX_ZOOM,
  indexMaxZoom: 4,
  indexMaxPoints: 100_000,
  // The OSM sea and the inland water keep geojson-vt's default. At 8 (1 px of a tile drawn
  // 512 px wide) their simplification flipped the winding of small rings: at z 6 a flipped
  // islet ahead of Great Britain's hole in the OSM sea took the hole, and Norfolk drew as sea.
  tolerance: 3,
  extent: EXTENT,
  buffer: 64,
};

/**
 * Simplified to 1 px (8 of the 4,096 units of a tile drawn 512 px wide): the coast, state and
 * country lines, which have no winding to flip, and the Natural Earth land, whose rings are
 * rewound per polygon after simplification (`rewindPolygon`). At world and continent zooms
 * their triangles are what a frame costs a renderer without a GPU (`docs/ARCHITECTURE.md`,
 * "Map frames").
 */
const SIMPLIFIED = { ...OPTIONS, tolerance: 8 };

export class GeoTiles {
  private small: Small | undefined;
  private large: Large | undefined;

  /** Natural Earth land and borders (~0.3 s on an idle core). */
  private ensureSmall(): Small {
    if (!this.small) {
      // The land is served up to z 5 but indexed to z 6: geojson-vt does not simplify an
      // index's deepest zoom at all, and z 5 would have every vertex of Natural Earth 1:10m.
      this.small = {
        land: new GeoJSONVT(naturalEarthLand(), { ...SIMPLIFIED, maxZoom: OSM_FROM_ZOOM }),
        borders: new GeoJSONVT(countryBorders(), SIMPLIFIED),
        admin1: new GeoJSONVT(firstLevelBoundaries(), SIMPLIFIED),
      };
    }
    return this.small;
  }

  /**
   * OpenStreetMap's sea and coast (~1 s and ~250 MB on an idle core): no tiles cut ahead
   * (indexMaxZoom 0), each is cut when first asked for and kept.
   */
  private ensureLarge(): Large {
    if (!this.large) {
      const osm = osmSeaGeoJson();
      const large = { ...OPTIONS, indexMaxZoom: 0 };
      this.large = {
        sea: new GeoJSONVT(osm.sea, large),
        seaCoast: new GeoJSONVT(osm.coast, { ...SIMPLIFIED, indexMaxZoom: 0 }),
        water: InlandWater.load(),
      };
    }
    return this.large;
  }

  /** Builds the indexes now rather than on first requests. */
  warm(): void {
    this.ensureSmall();
    this.ensureLarge();
  }

  /**
   * The tile's layers as geojson-vt features: "land", "admin1", "borders" below z 6; "sea",
   * "water", "coast", "admin1", "borders" from z 6.
   */
  layers(t: TileId): Record<string, TileFeature[]> {
    const small = this.ensureSmall();
    const features = (index: GeoJSONVT): TileFeature[] =>
      (index.getTile(t.z, t.x, t.y)?.features ?? []).map((f) => ({
        type: f.type,
        geometry: f.geometry,
        tags: f.tags,
      }));
    const borders = features(small.borders);
    const admin1 = t.z >= ADMIN1_FROM_ZOOM ? features(small.admin1) : [];
    if (t.z < OSM_FROM_ZOOM) {
      return { land: polygonFeatures(features(small.land)), admin1, borders };
    }
    const large = this.ensureLarge();
    return {
      sea: polygonFeatures(features(large.sea)),
      water: large.water?.features(t, OPTIONS) ?? [],
      coast: features(large.seaCoast),
      admin1,
      borders,
    };
  }

  /** The tile's layers as an MVT protobuf. */
  tile(t: TileId): Buffer {
    return encodeTile(this.layers(t));
  }
}
