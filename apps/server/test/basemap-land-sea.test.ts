/**
 * Land is land and sea is sea at every zoom of the embedded basemap: points on a world grid,
 * placed on land or at sea by Natural Earth 1:10m's unsimplified land, checked against the
 * tile MapLibre would draw there: the "land" layer up to z 5, OpenStreetMap's "sea" from z 6
 * (Natural Earth's land holds the lakes that the "water" layer draws). A point is only checked at zooms whose
 * simplification cannot move the coast as far as the point is from it.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { naturalEarthLand } from '../src/modules/basemap/borders.js';
import { GEO_MAX_ZOOM, GeoTiles, OSM_FROM_ZOOM } from '../src/modules/basemap/geo-tiles.js';
import { EXTENT } from '../src/modules/basemap/tiles.js';
import { TileCover } from './helpers/tile-cover.js';

/**
 * A ring's edges by the whole degree of latitude they cross, so that a point's ray only meets
 * the edges of its own band (a continent's ring has some 100,000 points).
 */
interface Ring {
  west: number;
  east: number;
  bands: Map<number, [number, number, number, number][]>;
}

function indexRing(points: Position[]): Ring {
  const bands = new Map<number, [number, number, number, number][]>();
  let west = Infinity;
  let east = -Infinity;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [ax = 0, ay = 0] = points[i]!;
    const [bx = 0, by = 0] = points[j]!;
    west = Math.min(west, ax);
    east = Math.max(east, ax);
    for (let band = Math.floor(Math.min(ay, by)); band <= Math.floor(Math.max(ay, by)); band++) {
      let edges = bands.get(band);
      if (!edges) bands.set(band, (edges = []));
      edges.push([ax, ay, bx, by]);
    }
  }
  return { west, east, bands };
}

/** Natural Earth's land, each polygon's outer ring and holes, unsimplified. */
const land: Ring[][] = naturalEarthLand().features.map((f) =>
  (f.geometry as { coordinates: Position[][] }).coordinates.map(indexRing),
);

function inRing(ring: Ring, lon: number, lat: number): boolean {
  if (lon < ring.west || lon > ring.east) return false;
  let odd = false;
  for (const [ax, ay, bx, by] of ring.bands.get(Math.floor(lat)) ?? []) {
    if (ay > lat !== by > lat && lon < ((bx - ax) * (lat - ay)) / (by - ay) + ax) odd = !odd;
  }
  return odd;
}

/** Whether Natural Earth has the point on land (rings may run past ±180°). */
function isLand(lon: number, lat: number): boolean {
  return [lon, lon - 360, lon + 360].some((x) =>
    land.some(
      ([outer, ...holes]) =>
        outer !== undefined && inRing(outer, x, lat) && !holes.some((h) => inRing(h, x, lat)),
    ),
  );
}

const CLEARANCES = [0.05, 0.1, 0.2, 0.5, 1, 2];

/** The largest of CLEARANCES (degrees) at which all 8 neighbours agree with the point. */
function clearance(lon: number, lat: number, onLand: boolean): number {
  let best = 0;
  for (const d of CLEARANCES) {
    const around = [-1, 0, 1].flatMap((i) => [-1, 0, 1].map((j) => [lon + i * d, lat + j * d]));
    if (!around.every(([x = 0, y = 0]) => isLand(x, y) === onLand)) break;
    best = d;
  }
  return best;
}

/** Twice the simplification tolerance at zoom z, in degrees of longitude (the wider way). */
function drift(z: number): number {
  const tolerance = z < OSM_FROM_ZOOM ? 8 : 3;
  return (2 * tolerance * 360) / (EXTENT * 2 ** z);
}

interface Sample {
  name: string;
  lon: number;
  lat: number;
  land: boolean;
  clear: number;
}

function sample(name: string, lon: number, lat: number): Sample {
  const onLand = isLand(lon, lat);
  return { name, lon, lat, land: onLand, clear: clearance(lon, lat, onLand) };
}

/**
 * The Caspian is water to Natural Earth and a lake to OpenStreetMap: drawn by the inland water
 * (z 6–9), not the sea.
 */
const caspian = (lon: number, lat: number) => lon > 46 && lon < 55 && lat > 36 && lat < 47.5;

const samples: Sample[] = [
  // The Nile valley and delta, and the sea off them (once drawn as sea from z 6).
  sample('Cairo', 31.24, 30.04),
  sample('the Nile delta', 31, 30.8),
  sample('Luxor', 32.64, 25.69),
  sample('the Mediterranean off Alexandria', 29.9, 32.3),
  sample('the Red Sea', 38, 21),
  // A world grid, offset from whole degrees, from 60° S to 80° N.
  ...Array.from({ length: 36 * 15 }, (_, i) => {
    const lon = -175.3 + 10 * (i % 36);
    const lat = -59.7 + 10 * Math.floor(i / 36);
    return sample(`${lon.toFixed(1)}, ${lat.toFixed(1)}`, lon, lat);
  }),
].filter((s) => s.clear > 0 && !caspian(s.lon, s.lat));

describe('land and sea at every zoom', () => {
  const cover = new TileCover(new GeoTiles());

  it('samples both sides of the coast, on every continent and ocean', () => {
    expect(samples.filter((s) => s.land).length).toBeGreaterThan(120);
    expect(samples.filter((s) => !s.land).length).toBeGreaterThan(250);
    expect(samples.slice(0, 5).map((s) => [s.name, s.land])).toEqual([
      ['Cairo', true],
      ['the Nile delta', true],
      ['Luxor', true],
      ['the Mediterranean off Alexandria', false],
      ['the Red Sea', false],
    ]);
  });

  for (let z = 0; z <= GEO_MAX_ZOOM; z += 1) {
    it(`z ${z}: each point drawn on land or at sea as Natural Earth has it`, () => {
      const wrong: string[] = [];
      let checked = 0;
      for (const s of samples) {
        if (s.clear < drift(z)) continue;
        checked += 1;
        const drawnLand =
          z < OSM_FROM_ZOOM
            ? cover.covers('land', z, s.lon, s.lat)
            : !cover.covers('sea', z, s.lon, s.lat);
        if (drawnLand !== s.land) wrong.push(`${s.name} (${s.land ? 'land' : 'sea'})`);
      }
      expect(wrong, `z ${z}`).toEqual([]);
      expect(checked).toBeGreaterThan(z < 2 ? 150 : 350);
    });
  }
});
