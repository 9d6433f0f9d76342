/**
 * Ring and line fixes shared by the basemap's geography sources, so that nothing draws across
 * the whole map: coordinates that jump across the antimeridian (179.9 → -179.9) are made
 * continuous (geojson-vt wraps what lies past ±180 onto the other side), and the coast leaves
 * out the edges that only close a polygon along the antimeridian or a pole.
 */
import type { Position } from 'geojson';
import type { TileFeature } from './tiles.js';

/** The line with each longitude within 180° of the one before (values may pass ±180). */
export function unwrapLine(line: readonly Position[]): Position[] {
  let shift = 0;
  let previous: number | undefined;
  return line.map((p) => {
    const [x = 0, y = 0] = p;
    if (previous !== undefined) {
      const dx = x + shift - previous;
      if (dx > 180) shift -= 360;
      else if (dx < -180) shift += 360;
    }
    previous = x + shift;
    return [x + shift, y];
  });
}

/**
 * A ring made continuous across the antimeridian. A ring that goes round a pole (one jump, or a
 * jump along the pole, as the sea closed along the top of the map) is returned as it is.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  for (let i = 1; i < ring.length; i++) {
    const [ax = 0, ay = 0] = ring[i - 1] as Position;
    const [bx = 0, by = 0] = ring[i] as Position;
    if (Math.abs(ax - bx) > 180 && Math.abs(ay) >= 89.9 && Math.abs(by) >= 89.9) return [...ring];
  }
  const out = unwrapLine(ring);
  const first = out[0];
  const last = out[out.length - 1];
  return first && last && first[0] === last[0] ? out : [...ring];
}

/**
 * A ring's westernmost longitude, by a loop: spreading a ring into `Math.min` would overflow the
 * argument list for a ring of a few hundred thousand points.
 */
function westernmost(ring: readonly Position[]): number {
  let min = Infinity;
  for (const [x = 0] of ring) if (x < min) min = x;
  return min;
}

/** The ring moved by whole turns so that its westernmost point lies in [west, west + 360). */
function shiftInto(ring: Position[], west: number): Position[] {
  const min = westernmost(ring);
  const turns = Math.floor((min - west) / 360);
  return turns === 0 ? ring : ring.map(([x = 0, y = 0]) => [x - turns * 360, y]);
}

/**
 * A polygon made continuous across the antimeridian, its holes kept where its outer ring is:
 * each ring is unwrapped from its own first point, which can leave an outer ring a whole turn
 * away from its holes (Eurasia, starting in Chukotka, ran from -378° to -180° while the
 * Caspian stayed at 47°–54°, and the Caspian drew as land). The outer ring is moved to start
 * within ±180°, and each hole to the outer ring's turn.
 */
export function unwrapPolygon(rings: readonly (readonly Position[])[]): Position[][] {
  const [first, ...holes] = rings.map(unwrapRing);
  if (!first) return [];
  const outer = shiftInto(first, -180);
  const west = westernmost(outer);
  return [outer, ...holes.map((h) => shiftInto(h, west))];
}

/** An edge along the antimeridian, along a pole, or across the whole map: not a coast. */
function artificial(a: Position, b: Position): boolean {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  return (
    (Math.abs(ax) === 180 && ax === bx) ||
    (Math.abs(ay) >= 89.9 && Math.abs(by) >= 89.9) ||
    Math.abs(ax - bx) > 180
  );
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

/** A ring in a tile's integer space, as geojson-vt gives it. */
export type TileRing = readonly (readonly [number, number])[];

/** Twice the ring's area by the surveyor's formula: positive when clockwise with y down. */
function doubleArea(ring: TileRing): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [ax, ay] = ring[j] as readonly [number, number];
    const [bx, by] = ring[i] as readonly [number, number];
    sum += ax * by - bx * ay;
  }
  return sum;
}

/**
 * One polygon's rings in a tile (outer ring first, then its holes) wound as a vector tile
 * requires: the outer ring clockwise (positive area), holes the other way; rings left without
 * area are dropped, and so is the polygon when its outer ring is. Simplification can turn a
 * small ring inside out, and MapLibre tells outer rings from holes by their winding alone, so a
 * ring drawn the wrong way would fill a hole or cut one.
 */
export function rewindPolygon(rings: readonly TileRing[]): TileRing[] {
  const out: TileRing[] = [];
  for (const [i, ring] of rings.entries()) {
    const area = doubleArea(ring);
    if (area === 0) {
      if (i === 0) return [];
      continue;
    }
    out.push(area > 0 === (i === 0) ? ring : [...ring].reverse());
  }
  return out;
}

/**
 * A tile's features as geojson-vt cut them, each polygon feature (one polygon: outer ring, then
 * holes) rewound by `rewindPolygon` and dropped when nothing is left of it. MapLibre starts a
 * new polygon at every ring wound like a feature's first one: in a multipolygon feature, one
 * islet turned inside out by simplification took the holes after it, and the land it should
 * have cut out of the sea (the Nile delta, and everything east of it, at z 6) drew as sea.
 */
export function polygonFeatures(
  features: readonly { type: 1 | 2 | 3; geometry: unknown; tags: Record<string, unknown> | null }[],
): TileFeature[] {
  const out: TileFeature[] = [];
  for (const f of features) {
    if (f.type !== 3) {
      out.push({ type: f.type, geometry: f.geometry, tags: f.tags });
      continue;
    }
    const geometry = rewindPolygon(f.geometry as TileRing[]);
    if (geometry.length > 0) out.push({ type: 3, geometry, tags: f.tags });
  }
  return out;
}
