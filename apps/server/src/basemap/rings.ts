/**
 * Ring and line fixes shared by the basemap's geography sources, so that nothing draws across
 * the whole map: coordinates that jump across the antimeridian (179.9 → -179.9) are made
 * continuous (geojson-vt wraps what lies past ±180 onto the other side), and the coast leaves
 * out the edges that only close a polygon along the antimeridian or a pole.
 */
import type { Position } from 'geojson';

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
