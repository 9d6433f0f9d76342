/**
 * Clusters of an area search's stores (supercluster): built once per answer from its positions,
 * then asked for the clusters in view at the map's zoom. Below CLUSTER_MAX_ZOOM nearby stores
 * are grouped with their count; from it on, every store is its own point.
 */
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';

/** Grouping radius in CSS pixels. */
export const CLUSTER_RADIUS = 60;
/** From this zoom on nothing is grouped (the embedded basemap ends at 13). */
export const CLUSTER_MAX_ZOOM = 12;

export interface ClusterIndex {
  /** Groups (count > 1) and single stores within [west, south, east, north] at the zoom. */
  at(bounds: [number, number, number, number], zoom: number): ClusterItem[];
  /** The zoom at which a group splits. */
  expansionZoom(id: number): number;
}

export type ClusterItem =
  | { kind: 'cluster'; id: number; count: number; longitude: number; latitude: number }
  | { kind: 'point'; longitude: number; latitude: number };

/** The index of positions given as longitude, latitude one after the other. */
export function clusterIndex(points: ArrayLike<number>): ClusterIndex {
  const features: PointFeature<Record<string, never>>[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [points[i]!, points[i + 1]!] },
    });
  }
  const index = new Supercluster<Record<string, never>>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
  }).load(features);
  return {
    at(bounds, zoom) {
      return index.getClusters(bounds, Math.floor(zoom)).map((f): ClusterItem => {
        const [longitude, latitude] = f.geometry.coordinates as [number, number];
        const p = f.properties as Partial<ClusterProperties>;
        return p.cluster && p.cluster_id !== undefined
          ? { kind: 'cluster', id: p.cluster_id, count: p.point_count ?? 0, longitude, latitude }
          : { kind: 'point', longitude, latitude };
      });
    },
    expansionZoom: (id) => index.getClusterExpansionZoom(id),
  };
}

/** The map's bounds for supercluster: longitudes kept within -180..180 (world copies). */
export function viewBounds(b: {
  getWest(): number;
  getSouth(): number;
  getEast(): number;
  getNorth(): number;
}): [number, number, number, number] {
  const west = b.getWest();
  const east = b.getEast();
  if (east - west >= 360) return [-180, b.getSouth(), 180, b.getNorth()];
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  return [wrap(west), b.getSouth(), wrap(east), b.getNorth()];
}
