import { describe, expect, it } from 'vitest';
import { CLUSTER_MAX_ZOOM, clusterIndex, viewBounds } from '../../src/components/map/clusters';

// Three stores in London within a few km, one in Paris.
const POINTS = [-0.12, 51.5, -0.1, 51.52, -0.14, 51.49, 2.35, 48.85];
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('area search groups (supercluster)', () => {
  it('groups nearby stores with their count when zoomed out', () => {
    const index = clusterIndex(POINTS);
    const far = index.at(WORLD, 6);
    expect(far).toHaveLength(2);
    const london = far.find((i) => i.kind === 'cluster');
    expect(london).toMatchObject({ kind: 'cluster', count: 3 });
    const paris = far.find((i) => i.kind === 'point');
    expect(paris?.longitude).toBeCloseTo(2.35, 6);
    expect(paris?.latitude).toBeCloseTo(48.85, 6);
    // The zoom at which the group splits is further in.
    expect(london?.kind === 'cluster' && index.expansionZoom(london.id)).toBeGreaterThan(6);
  });

  it('shows every store on its own from the last grouping zoom on', () => {
    const near = clusterIndex(POINTS).at(WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(near.every((i) => i.kind === 'point')).toBe(true);
    expect(near).toHaveLength(4);
  });

  it('ignores a trailing half pair and answers nothing for no points', () => {
    expect(clusterIndex([...POINTS, 5]).at(WORLD, 20)).toHaveLength(4);
    expect(clusterIndex([]).at(WORLD, 3)).toEqual([]);
  });

  it('keeps the view within -180..180 (world copies), or the whole world', () => {
    const b = (west: number, east: number) => ({
      getWest: () => west,
      getEast: () => east,
      getSouth: () => -10,
      getNorth: () => 10,
    });
    expect(viewBounds(b(170, 190))).toEqual([170, -10, -170, 10]);
    expect(viewBounds(b(-200, -170))).toEqual([160, -10, -170, 10]);
    expect(viewBounds(b(-10, 10))).toEqual([-10, -10, 10, 10]);
    expect(viewBounds(b(-400, 100))).toEqual([-180, -10, 180, 10]);
  });
});
