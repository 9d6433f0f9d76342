/**
 * The pin map's MapLibre map (loaded lazily by PinMap.tsx, with maplibre-gl): the basemap our
 * server serves (components/map/basemap.ts), one pin, a button, that can be dragged, moved by
 * the arrow keys while focused (Shift: ten times further), or put where the map is clicked.
 */
import { useEffect, useRef, useState } from 'react';
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { Attribution } from '../../../components/map/basemap';
import { prefersReducedMotion } from '../../../components/map/hooks';
import { fitMaxZoom, styleMaxZoom } from '../../../components/map/logic';
import { MapAttribution } from '../../../components/map/MapAttribution';
import { createConsoleMap } from '../../map/console-map';
import { movedByKey, roundCoordinate, wrapLongitude, type Position } from './pin-position';

export interface PinMapCanvasProps {
  lat: number | null;
  lon: number | null;
  onMove: (position: Position) => void;
  disabled: boolean;
  lang: string;
  dir: 'ltr' | 'rtl';
  labels: { map: string; pin: string; zoomIn: string; zoomOut: string; attribution: string };
  onFail: () => void;
}

/** A world view when there is no position yet; a store's district when there is. */
const WORLD = { center: [10, 30] as [number, number], zoom: 1 };
const STORE_ZOOM = 14;

export default function PinMapCanvas(props: PinMapCanvasProps) {
  const { lat, lon, disabled, labels } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [attribution, setAttribution] = useState<Attribution[] | undefined>(undefined);
  const [pin] = useState(() => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = 'pin-map__pin';
    return { element, marker: new Marker({ element, anchor: 'bottom', draggable: true }) };
  });
  // The latest props, for MapLibre's event handlers registered once.
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
      const { lat: la, lon: lo } = latest.current;
      const made = await createConsoleMap(element, {
        lang: props.lang,
        dir: props.dir,
        labels,
        signal: abort.signal,
        view: (style) => {
          const maxZoom = styleMaxZoom(style);
          return {
            maxZoom: maxZoom ?? 22,
            ...(la !== null && lo !== null
              ? {
                  center: [lo, la] as [number, number],
                  zoom: Math.min(STORE_ZOOM, fitMaxZoom(maxZoom)),
                }
              : WORLD),
          };
        },
      });
      if (!made) return;
      const m = made.map;
      created = m;
      m.on('click', (e) => {
        if (latest.current.disabled || pin.element.contains(e.originalEvent.target as Node)) return;
        latest.current.onMove({
          lat: roundCoordinate(e.lngLat.lat),
          lon: roundCoordinate(wrapLongitude(e.lngLat.lng)),
        });
      });
      setAttribution(made.attribution);
      setMap(m);
    })().catch((err: unknown) => {
      if (abort.signal.aborted) return;
      console.warn('map unavailable', err);
      latest.current.onFail();
    });
    return () => {
      abort.abort();
      created?.remove();
      setMap(null);
    };
    // Created once; the props are followed by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Dragging and the arrow keys.
  useEffect(() => {
    const { element, marker } = pin;
    const onDragEnd = () => {
      const at = marker.getLngLat();
      latest.current.onMove({
        lat: roundCoordinate(at.lat),
        lon: roundCoordinate(wrapLongitude(at.lng)),
      });
    };
    const onKey = (e: KeyboardEvent) => {
      const { lat: la, lon: lo, disabled: off } = latest.current;
      if (!map || off || la === null || lo === null) return;
      const next = movedByKey({ lat: la, lon: lo }, e.key, map.getZoom(), e.shiftKey);
      if (!next) return;
      // The map would pan on the same keys.
      e.preventDefault();
      e.stopPropagation();
      latest.current.onMove(next);
    };
    marker.on('dragend', onDragEnd);
    element.addEventListener('keydown', onKey);
    return () => {
      marker.off('dragend', onDragEnd);
      element.removeEventListener('keydown', onKey);
    };
  }, [map, pin]);

  // The pin follows the position (from the inputs, a drag, a key, a click), kept in view.
  useEffect(() => {
    if (!map) return;
    if (lat === null || lon === null) {
      pin.marker.remove();
      return;
    }
    pin.marker.setLngLat([lon, lat]);
    // Added once: adding again would take the pin out of the page and lose its focus.
    if (!pin.element.isConnected) pin.marker.addTo(map);
    if (!map.getBounds().contains([lon, lat])) {
      map.easeTo({ center: [lon, lat], duration: prefersReducedMotion() ? 0 : 400 });
    }
  }, [map, pin, lat, lon]);

  useEffect(() => {
    pin.marker.setDraggable(!disabled);
    pin.element.toggleAttribute('disabled', disabled);
    pin.element.setAttribute('aria-label', labels.pin);
  }, [pin, disabled, labels.pin]);

  useEffect(() => () => void pin.marker.remove(), [pin]);

  return (
    <div className="pin-map__canvas-wrap">
      <div ref={container} className="pin-map__canvas" data-testid="pin-map-canvas" />
      <MapAttribution
        className="console-map__attribution"
        label={labels.attribution}
        {...(attribution ? { items: attribution } : {})}
      />
    </div>
  );
}
