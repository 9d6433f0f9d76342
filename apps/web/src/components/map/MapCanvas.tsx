/**
 * The MapLibre map (loaded lazily with maplibre-gl, see StoreMap.tsx): created once, then pins,
 * callout and camera follow the props. Basemap and place labels come from our own server only.
 */
import { createRoot } from 'react-dom/client';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import { keyedRequests, loadBasemap, usesPmtiles, type Attribution } from './basemap';
import { MapContext } from './context';
import { prefersReducedMotion, useDelayedOnChange } from './hooks';
import {
  cameraFor,
  fitMaxZoom,
  isValidPin,
  pinState,
  pinsKey,
  refitCamera,
  styleMaxZoom,
} from './logic';
import { MapAttribution } from './MapAttribution';
import { MapCallout } from './MapCallout';
import { calloutOffset } from './callout-room';
import { enablePmtiles, installPlaceLabels } from './map-setup';
import { adaptToRenderer } from './software-renderer';
import { syncPinSpace } from './pin-collision';
import { StorePin } from './StorePin';
import { ClusterLayer } from './ClusterLayer';
import { AreaSearchButton } from './AreaSearchButton';
import { OriginMarker } from './OriginMarker';
import {
  DEFAULT_LABELS,
  DEFAULT_ZOOM,
  FIT_DELAY_MS,
  FIT_PADDING,
  RECENTRE_DELAY_MS,
  SMALL_MAP_ZOOM,
  type MapPin,
  type StoreMapProps,
} from './types';

setWorkerUrl(workerUrl);

export default function MapCanvas(props: StoreMapProps) {
  const {
    pins,
    activeId = null,
    hoveredId = null,
    lang,
    dir = 'ltr',
    fitKey,
    interactive = true,
    calloutSize = 'small',
  } = props;
  const labels = useMemo(() => ({ ...DEFAULT_LABELS, ...props.labels }), [props.labels]);
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [attribution, setAttribution] = useState<Attribution[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const validPins = useMemo(() => pins.filter(isValidPin), [pins]);
  const pinsRef = useRef(validPins);
  const originRef = useRef(props.origin);
  const keepView = useRef(props.view !== undefined);
  const fitZoomRef = useRef(DEFAULT_ZOOM);
  useEffect(() => {
    pinsRef.current = validPins;
    originRef.current = props.origin;
  });

  // The map: created once (per language; a new language is a new page load anyway).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const abort = new AbortController();
    let created: MapLibreMap | undefined;
    (async () => {
      const basemap = await loadBasemap(lang, window.location.origin, abort.signal);
      if (usesPmtiles(basemap.style)) await enablePmtiles();
      if (abort.signal.aborted) return;
      const camera = props.view
        ? { kind: 'point' as const, center: props.view.center, zoom: props.view.zoom }
        : cameraFor(pinsRef.current, originRef.current);
      const fitZoom = fitMaxZoom(styleMaxZoom(basemap.style));
      fitZoomRef.current = fitZoom;
      const m = new MapLibreMap({
        container,
        style: basemap.style,
        interactive,
        attributionControl: false,
        cooperativeGestures: false,
        dragRotate: false,
        pitchWithRotate: false,
        maxPitch: 0,
        renderWorldCopies: true,
        // Our basemaps end where their data ends: no zooming into emptiness.
        maxZoom: styleMaxZoom(basemap.style) ?? 22,
        locale: {
          'Map.Title': labels.map,
          'NavigationControl.ZoomIn': labels.zoomIn,
          'NavigationControl.ZoomOut': labels.zoomOut,
        },
        ...(camera.kind === 'bounds'
          ? {
              bounds: camera.bounds,
              fitBoundsOptions: { padding: FIT_PADDING, maxZoom: fitZoom },
            }
          : {
              center: camera.center,
              // The small map shows where the store is: the district and town around it. An
              // area search's view is the visitor's own: kept as it was.
              zoom: props.view
                ? camera.zoom
                : Math.min(camera.zoom, interactive ? fitZoom : SMALL_MAP_ZOOM),
            }),
        ...keyedRequests(basemap.token),
      });
      created = m;
      m.touchZoomRotate.disableRotation();
      installPlaceLabels(m);
      if (interactive) {
        m.addControl(
          new NavigationControl({ showCompass: false }),
          dir === 'rtl' ? 'top-left' : 'top-right',
        );
      }
      m.on('error', (e) => console.warn('map:', e.error?.message ?? e));
      // Whether the camera is moving, on the canvas element (end-to-end tests and bench:web
      // wait for a zoom to end before the next).
      m.on('movestart', () => container.setAttribute('data-map-moving', 'true'));
      m.on('moveend', () => container.setAttribute('data-map-moving', 'false'));
      if (interactive) {
        const adapted = adaptToRenderer(m);
        if (adapted.motionResolution) container.setAttribute('data-motion-resolution', 'true');
        if (adapted.labelFadesOff) container.setAttribute('data-label-fade', 'off');
      }
      setAttribution(basemap.attribution);
      setMap(m);
      props.onMapReady?.(m);
    })().catch((err: unknown) => {
      if (!abort.signal.aborted) {
        console.warn('map unavailable', err);
        setFailed(true);
      }
    });
    return () => {
      abort.abort();
      created?.remove();
      setMap(null);
    };
    // Created once; the props below are followed by their own effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  const duration = () => (prefersReducedMotion() ? 0 : 600);

  // After new results, fit the pins 1 s later (PRODUCT.md#page-states, #paging-and-timing, #display).
  useDelayedOnChange(map ? fitKey : undefined, FIT_DELAY_MS, () => {
    // An area search's results keep the visitor's view.
    if (!map || keepView.current) return;
    // No pins (a filter that matches nothing): the map keeps its view.
    const camera = refitCamera(pinsRef.current, originRef.current);
    if (!camera) return;
    if (camera.kind === 'bounds') {
      map.fitBounds(camera.bounds, {
        padding: FIT_PADDING,
        maxZoom: fitZoomRef.current,
        duration: duration(),
      });
    } else {
      map.easeTo({
        center: camera.center,
        zoom: Math.min(camera.zoom, fitZoomRef.current),
        duration: duration(),
      });
    }
  });

  // A selected store: re-centre on it 300 ms later (PRODUCT.md#store-selection, #paging-and-timing), its callout in view.
  useDelayedOnChange(map ? activeId : undefined, RECENTRE_DELAY_MS, (id) => {
    const pin = pinsRef.current.find((p) => p.id === id);
    if (!map || !pin) return;
    map.easeTo({
      center: [pin.longitude, pin.latitude],
      offset: calloutOffset(map.getContainer()),
      duration: duration(),
    });
  });

  // Keyboard order of the pins = list order.
  const elements = useRef(new Map<string, HTMLElement>());
  const register = useCallback((id: string, el: HTMLElement | null) => {
    if (el) elements.current.set(id, el);
    else elements.current.delete(id);
  }, []);
  const key = pinsKey(validPins);
  useLayoutEffect(() => {
    let previous: HTMLElement | undefined;
    for (const p of pinsRef.current) {
      const el = elements.current.get(p.id);
      if (!el?.parentElement) continue;
      if (previous && previous.nextElementSibling !== el) previous.after(el);
      previous = el;
    }
  }, [key, map]);

  // Place labels make room for the pins.
  useEffect(() => {
    if (!map) return undefined;
    const sync = () => syncPinSpace(map, pinsRef.current);
    if (map.isStyleLoaded()) sync();
    else map.once('load', sync);
    return () => {
      map.off('load', sync);
    };
  }, [map, key]);

  const activePin: MapPin | undefined = validPins.find((p) => p.id === activeId);
  const callout = activePin && props.renderCallout ? props.renderCallout(activePin.id) : null;
  const single = validPins[0];

  return (
    <div
      className={['store-map', interactive ? '' : 'store-map--static', props.className]
        .filter(Boolean)
        .join(' ')}
      dir={dir}
      {...(interactive
        ? {}
        : { role: 'img', 'aria-label': single ? labels.smallMap(single) : labels.map })}
    >
      <div
        ref={containerRef}
        className="store-map__canvas"
        data-testid="store-map"
        data-map-ready={map ? 'true' : 'false'}
        {...(interactive ? {} : { 'aria-hidden': true })}
      />
      {failed ? <div className="store-map__failed" aria-hidden="true" /> : null}
      {map ? (
        <MapContext.Provider value={map}>
          {props.origin && props.originName ? (
            <OriginMarker origin={props.origin} name={props.originName} />
          ) : null}
          {validPins.map((pin) => (
            <StorePin
              key={pin.id}
              pin={pin}
              state={pinState(pin.id, activeId, hoveredId)}
              accessibleName={labels.pin(pin)}
              interactive={interactive}
              onSelect={props.onSelect}
              onEscape={props.onEscape}
              onHover={props.onHover}
              register={register}
            />
          ))}
          {props.points && props.points.length > 0 ? (
            <ClusterLayer
              points={props.points}
              label={labels.cluster}
              locale={props.numberLocale ?? lang}
            />
          ) : null}
          {props.onAreaSearch ? (
            <AreaSearchButton label={labels.searchArea} onSearch={props.onAreaSearch} />
          ) : null}
          {activePin && callout ? (
            <MapCallout
              key={activePin.id}
              pin={activePin}
              size={calloutSize}
              label={labels.callout(activePin)}
              closeLabel={labels.close}
              onClose={props.onEscape}
            >
              {callout}
            </MapCallout>
          ) : null}
        </MapContext.Provider>
      ) : null}
      <MapAttribution
        className="store-map__attribution"
        label={labels.attribution}
        {...(attribution ? { items: attribution } : {})}
      />
    </div>
  );
}

/**
 * Mounts a store map outside a React tree (an embedding page, and the end-to-end tests, which
 * load this chunk on a blank page of our origin): returns update and unmount.
 */
export function mountStoreMap(
  element: HTMLElement,
  props: StoreMapProps,
): { update(next: StoreMapProps): void; unmount(): void } {
  const root = createRoot(element);
  root.render(<MapCanvas {...props} />);
  return {
    update: (next) => root.render(<MapCanvas {...next} />),
    unmount: () => root.unmount(),
  };
}
