/**
 * An area search's stores on the map: groups of nearby stores as buttons showing their count
 * (a click, Enter or Space zooms in until the group splits), single stores as dots drawn by
 * MapLibre (a layer, not elements: there may be thousands). Recomputed when the map stops moving,
 * only for what is in view, so panning moves a few hundred markers at most.
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Marker, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from './context';
import { prefersReducedMotion } from './hooks';
import { clusterIndex, viewBounds, type ClusterIndex, type ClusterItem } from './clusters';

const SOURCE = 'locator-area-points';

export interface ClusterLayerProps {
  /** Longitude, latitude of each store, one after the other. */
  points: ArrayLike<number>;
  /** Accessible name of a group ("Group of locations: 25. Zoom in"). */
  label: (count: number) => string;
  /** Number format of the counts. */
  locale: string;
}

type Cluster = Extract<ClusterItem, { kind: 'cluster' }>;

export function ClusterLayer({ points, label, locale }: ClusterLayerProps) {
  const map = useMap();
  const index = useMemo(() => clusterIndex(points), [points]);
  const [clusters, setClusters] = useState<Cluster[]>([]);

  useEffect(() => {
    const update = () => {
      const items = index.at(viewBounds(map.getBounds()), map.getZoom());
      setClusters(items.filter((i): i is Cluster => i.kind === 'cluster'));
      showPoints(map, items);
    };
    const start = () => update();
    if (map.isStyleLoaded()) start();
    else map.once('load', start);
    map.on('moveend', update);
    return () => {
      map.off('load', start);
      map.off('moveend', update);
      if (map.getStyle()) showPoints(map, []);
    };
  }, [map, index]);

  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  return (
    <>
      {clusters.map((c) => (
        <ClusterMarker
          key={c.id}
          cluster={c}
          text={number.format(c.count)}
          label={label(c.count)}
          index={index}
        />
      ))}
    </>
  );
}

/** The single stores in view as a GeoJSON source and circle layer (added once). */
function showPoints(map: MapLibreMap, items: readonly ClusterItem[]): void {
  const data: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: items
      .filter((i) => i.kind === 'point')
      .map((i) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [i.longitude, i.latitude] },
      })),
  };
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  if (data.features.length === 0) return;
  map.addSource(SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: SOURCE,
    type: 'circle',
    source: SOURCE,
    paint: {
      'circle-radius': 5,
      'circle-color': '#0066cc',
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
}

function ClusterMarker(props: {
  cluster: Cluster;
  text: string;
  label: string;
  index: ClusterIndex;
}) {
  const { cluster, index } = props;
  const map = useMap();
  const [element] = useState(() => {
    const el = document.createElement('div');
    el.className = 'store-map__marker store-map__marker--cluster';
    return el;
  });
  const [marker] = useState(() => new Marker({ element, anchor: 'center' }));

  useEffect(() => {
    marker.setLngLat([cluster.longitude, cluster.latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, marker, cluster.longitude, cluster.latitude]);

  // Wider discs for larger groups: 34 px up to 54 px.
  const size = Math.round(34 + Math.min(20, 4 * Math.log10(cluster.count) * 2));
  return createPortal(
    <button
      type="button"
      className="store-map__cluster"
      aria-label={props.label}
      data-cluster-count={cluster.count}
      style={{ inlineSize: size, blockSize: size }}
      onClick={(e) => {
        e.stopPropagation();
        const zoom = Math.min(index.expansionZoom(cluster.id), map.getMaxZoom());
        const focusMap = () => map.getCanvas().focus({ preventScroll: true });
        map.once('moveend', focusMap);
        // The visitor's own zoom (originalEvent): "Search this area" is offered after it.
        map.easeTo(
          {
            center: [cluster.longitude, cluster.latitude],
            zoom,
            duration: prefersReducedMotion() ? 0 : 500,
          },
          { originalEvent: e.nativeEvent },
        );
      }}
    >
      <span aria-hidden="true">{props.text}</span>
    </button>,
    element,
  );
}
