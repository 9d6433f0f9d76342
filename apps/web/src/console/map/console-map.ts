/**
 * A MapLibre map of the console (the store form's pin map, the demand dashboard's unmet map),
 * as the locator draws its own: the basemap our server serves (components/map/basemap.ts, a
 * PMTiles archive when configured), place labels, no rotation or tilt, zoom buttons on the
 * reading side's far end, MapLibre's own words in the console's language. Loaded only with the
 * map chunks that use it.
 */
import { Map as MapLibreMap, NavigationControl, setWorkerUrl, type MapOptions } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './console-map.css';
import type { StyleSpecification } from 'maplibre-gl';
import {
  keyedRequests,
  loadBasemap,
  usesPmtiles,
  type Attribution,
} from '../../components/map/basemap';
import { enablePmtiles, installPlaceLabels } from '../../components/map/map-setup';

setWorkerUrl(workerUrl);

export interface ConsoleMapOptions {
  lang: string;
  dir: 'ltr' | 'rtl';
  labels: { map: string; zoomIn: string; zoomOut: string };
  signal: AbortSignal;
  /** Where the map opens (centre, zoom, bounds, most zoom), knowing the basemap's style. */
  view: (style: StyleSpecification) => Partial<MapOptions>;
}

export interface ConsoleMap {
  map: MapLibreMap;
  attribution: Attribution[];
}

/** The map in `container`, or undefined when `signal` aborted while the basemap loaded. */
export async function createConsoleMap(
  container: HTMLElement,
  { lang, dir, labels, signal, view }: ConsoleMapOptions,
): Promise<ConsoleMap | undefined> {
  const basemap = await loadBasemap(lang, window.location.origin, signal);
  if (usesPmtiles(basemap.style)) await enablePmtiles();
  if (signal.aborted) return undefined;
  const map = new MapLibreMap({
    container,
    style: basemap.style,
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    maxPitch: 0,
    locale: {
      'Map.Title': labels.map,
      'NavigationControl.ZoomIn': labels.zoomIn,
      'NavigationControl.ZoomOut': labels.zoomOut,
    },
    ...view(basemap.style),
    ...keyedRequests(basemap.token),
  });
  map.touchZoomRotate.disableRotation();
  installPlaceLabels(map);
  map.addControl(
    new NavigationControl({ showCompass: false }),
    dir === 'rtl' ? 'top-left' : 'top-right',
  );
  map.on('error', (e) => console.warn('map:', e.error?.message ?? e));
  return { map, attribution: basemap.attribution };
}
