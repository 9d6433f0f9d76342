/**
 * The map of <store-locator>, loaded on first use (its own chunk with MapLibre): the locator's
 * basemap (components/map/basemap, map-setup), one numbered pin per store (a button: Enter or a
 * click opens the store's detail). MapLibre's stylesheet is adopted by the element's shadow
 * root; its worker is /embed/v1/maplibre-gl-worker.mjs, which MapLibre starts through a blob:
 * URL because it is on another origin than the page (hence `worker-src blob:`).
 */
import {
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import maplibreCss from 'maplibre-gl/dist/maplibre-gl.css?inline';
import type { Store } from '@locator/core';
import { loadBasemap, usesPmtiles } from '../components/map/basemap';
import { enablePmtiles, installPlaceLabels } from '../components/map/map-setup';
import { h } from './dom';
import { LOCATOR_ORIGIN } from './origin';
import type { Texts } from './texts';

export const WORKER_PATH = '/embed/v1/maplibre-gl-worker.mjs';

const PIN_STYLES = `
.pin {
  all: unset; box-sizing: border-box; cursor: pointer; min-width: 28px; height: 28px;
  padding: 0 6px; border-radius: 14px; display: grid; place-items: center;
  font: 600 13px/1 var(--locator-font, system-ui, sans-serif);
  background: var(--locator-accent, #0058b8); color: var(--locator-accent-text, #fff);
  border: 2px solid #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 40%);
}
.pin[aria-current='true'] { background: var(--locator-text, #1d1d1f); }
.pin:focus-visible { outline: 3px solid var(--locator-focus, #0071e3); outline-offset: 2px; }
`;

export interface StoreMapView {
  show(stores: Store[], onSelect: (store: Store) => void): void;
  select(storeId: string): void;
  remove(): void;
}

export async function createStoreMap(
  box: HTMLElement,
  root: ShadowRoot,
  lang: string,
  texts: Texts,
): Promise<StoreMapView> {
  setWorkerUrl(`${LOCATOR_ORIGIN}${WORKER_PATH}`);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${maplibreCss}\n${PIN_STYLES}`);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const basemap = await loadBasemap(lang, LOCATOR_ORIGIN);
  if (usesPmtiles(basemap.style)) await enablePmtiles();
  // Groups, not landmarks: several maps may share a page, and landmarks need unique names.
  const container = h('div', { role: 'group', 'aria-label': texts.t('map.label') });
  container.style.width = '100%';
  container.style.height = '100%';
  container.style.minHeight = '320px';
  box.replaceChildren(container);
  const map = new MapLibreMap({
    container,
    style: basemap.style,
    center: [0, 20],
    zoom: 1,
    attributionControl: { compact: true },
    locale: {
      'NavigationControl.ZoomIn': texts.t('map.zoomIn'),
      'NavigationControl.ZoomOut': texts.t('map.zoomOut'),
    },
  });
  map.getCanvas().setAttribute('role', 'group');
  installPlaceLabels(map);
  map.addControl(new NavigationControl({ showCompass: false }));
  let markers: { id: string; marker: Marker; pin: HTMLButtonElement }[] = [];

  return {
    show(stores, onSelect) {
      for (const m of markers) m.marker.remove();
      const bounds = new LngLatBounds();
      markers = stores.map((store) => {
        const pin = h(
          'button',
          {
            type: 'button',
            class: 'pin',
            'aria-label': texts.t('map.pin', { number: store.orderNumber, name: store.title }),
          },
          String(store.orderNumber),
        );
        pin.addEventListener('click', (e) => {
          e.stopPropagation();
          onSelect(store);
        });
        bounds.extend([store.longitude, store.latitude]);
        // MapLibre positions the marker element; the pin button inside keeps its own style.
        const marker = new Marker({ element: h('div', {}, pin) })
          .setLngLat([store.longitude, store.latitude])
          .addTo(map);
        return { id: store.id, marker, pin };
      });
      if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 40, maxZoom: 14, duration: 0 });
    },
    select(storeId) {
      for (const m of markers) m.pin.setAttribute('aria-current', String(m.id === storeId));
    },
    remove() {
      map.remove();
    },
  };
}
