/**
 * The unmet places on the locator's MapLibre map (loaded lazily by UnmetPlaces.tsx, with
 * maplibre-gl): the basemap our server serves (components/map/basemap.ts), the places as
 * clustered circles sized by their unmet searches. Clicking a place opens a popup with its name,
 * its unmet searches and the nearest store's distance; clicking a cluster zooms into it. The
 * table's "Show on map" selects a place the same way (`selected`), the popup taking the focus.
 */
import { useEffect, useRef, useState } from 'react';
import {
  LngLatBounds,
  Popup,
  type GeoJSONSource,
  type Map as MapLibreMap,
  type MapGeoJSONFeature,
} from 'maplibre-gl';
import type { Attribution } from '../../components/map/basemap';
import { prefersReducedMotion } from '../../components/map/hooks';
import { MapAttribution } from '../../components/map/MapAttribution';
import { createConsoleMap } from '../map/console-map';

export interface MapPlace {
  id: number;
  latitude: number;
  longitude: number;
  /** The circle's size (a hidden count counts as half its threshold). */
  size: number;
  /** The popup's lines, as shown. */
  title: string;
  lines: readonly string[];
}

export interface UnmetMapCanvasProps {
  places: readonly MapPlace[];
  /** The place whose popup is open (by id), and the request's number (to open it again). */
  selected: { id: number; seq: number } | undefined;
  onSelect: (id: number) => void;
  lang: string;
  dir: 'ltr' | 'rtl';
  labels: { map: string; zoomIn: string; zoomOut: string; attribution: string };
  onFail: () => void;
}

const SOURCE = 'unmet';
const WORLD = { center: [10, 30] as [number, number], zoom: 1 };

function collection(places: readonly MapPlace[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: places.map((p) => ({
      type: 'Feature',
      id: p.id,
      properties: { id: p.id, size: p.size },
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })),
  };
}

function popupContent(place: MapPlace): HTMLElement {
  const box = document.createElement('div');
  box.className = 'console-demand-popup';
  box.tabIndex = -1;
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', place.title);
  const title = document.createElement('p');
  title.className = 'console-demand-popup__title';
  title.textContent = place.title;
  box.append(title);
  for (const line of place.lines) {
    const p = document.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  return box;
}

export default function UnmetMapCanvas(props: UnmetMapCanvasProps) {
  const { places, selected, labels } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [attribution, setAttribution] = useState<Attribution[] | undefined>(undefined);
  const popup = useRef<Popup | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const abort = new AbortController();
    let created: MapLibreMap | undefined;
    (async () => {
      const made = await createConsoleMap(element, {
        lang: props.lang,
        dir: props.dir,
        labels,
        signal: abort.signal,
        view: () => WORLD,
      });
      if (!made) return;
      const m = made.map;
      created = m;
      m.on('load', () => {
        m.addSource(SOURCE, {
          type: 'geojson',
          data: collection(latest.current.places),
          cluster: true,
          clusterRadius: 40,
          clusterMaxZoom: 12,
          clusterProperties: { size: ['+', ['get', 'size']] },
        });
        const radius = ['interpolate', ['linear'], ['sqrt', ['get', 'size']], 1, 7, 10, 18, 40, 34];
        m.addLayer({
          id: 'unmet-clusters',
          type: 'circle',
          source: SOURCE,
          filter: ['has', 'point_count'],
          paint: {
            'circle-color': '#b3261e',
            'circle-opacity': 0.55,
            'circle-stroke-color': '#7a1712',
            'circle-stroke-width': 2,
            'circle-radius': radius as never,
          },
        });
        m.addLayer({
          id: 'unmet-places',
          type: 'circle',
          source: SOURCE,
          filter: ['!', ['has', 'point_count']],
          paint: {
            'circle-color': '#d93025',
            'circle-opacity': 0.75,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
            'circle-radius': radius as never,
          },
        });
        m.on('click', 'unmet-places', (e) => {
          const f = e.features?.[0] as MapGeoJSONFeature | undefined;
          const id = Number(f?.properties.id);
          if (Number.isFinite(id)) latest.current.onSelect(id);
        });
        m.on('click', 'unmet-clusters', (e) => {
          const f = e.features?.[0] as MapGeoJSONFeature | undefined;
          const source = m.getSource<GeoJSONSource>(SOURCE);
          if (!f || !source) return;
          void source.getClusterExpansionZoom(Number(f.properties.cluster_id)).then((zoom) => {
            const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
            m.easeTo({ center: [lng, lat], zoom, duration: prefersReducedMotion() ? 0 : 400 });
          });
        });
        for (const layer of ['unmet-places', 'unmet-clusters']) {
          m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
          m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
        }
        setMap(m);
      });
      setAttribution(made.attribution);
    })().catch((err: unknown) => {
      if (abort.signal.aborted) return;
      console.warn('map unavailable', err);
      latest.current.onFail();
    });
    return () => {
      abort.abort();
      popup.current?.remove();
      created?.remove();
      setMap(null);
    };
    // Created once; the props are followed by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The places, and a view that holds them all.
  useEffect(() => {
    if (!map) return;
    map.getSource<GeoJSONSource>(SOURCE)?.setData(collection(places));
    if (places.length > 0) {
      const bounds = new LngLatBounds();
      for (const p of places) bounds.extend([p.longitude, p.latitude]);
      map.fitBounds(bounds, { padding: 48, maxZoom: 9, duration: 0 });
    }
  }, [map, places]);

  // The selected place's popup, focused.
  useEffect(() => {
    popup.current?.remove();
    popup.current = null;
    if (!map || !selected) return;
    const place = latest.current.places.find((p) => p.id === selected.id);
    if (!place) return;
    const content = popupContent(place);
    const p = new Popup({ closeButton: true, focusAfterOpen: false, maxWidth: '18rem' })
      .setLngLat([place.longitude, place.latitude])
      .setDOMContent(content)
      .addTo(map);
    popup.current = p;
    map.easeTo({
      center: [place.longitude, place.latitude],
      zoom: Math.max(map.getZoom(), 8),
      duration: prefersReducedMotion() ? 0 : 400,
    });
    content.focus();
  }, [map, selected]);

  return (
    <div className="console-demand-map__wrap">
      <div
        ref={container}
        className="console-demand-map__canvas"
        data-testid="demand-map-canvas"
        data-places={map ? places.length : undefined}
      />
      <MapAttribution
        className="console-map__attribution"
        label={labels.attribution}
        {...(attribution ? { items: attribution } : {})}
      />
    </div>
  );
}
