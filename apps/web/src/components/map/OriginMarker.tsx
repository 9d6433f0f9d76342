/**
 * The searched place on the map: a ringed dot with the place's name beside it, below the
 * stores' pins. A picture only (the results' heading names the place for assistive technology).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Marker } from 'maplibre-gl';
import { useMap } from './context';
import type { Origin } from './types';

export function OriginMarker({ origin, name }: { origin: Origin; name: string }) {
  const map = useMap();
  const [element] = useState(() => {
    const el = document.createElement('div');
    el.className = 'store-map__marker store-map__marker--origin';
    return el;
  });
  const [marker] = useState(() => new Marker({ element, anchor: 'center' }));

  useEffect(() => {
    marker.setLngLat([origin.longitude, origin.latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, marker, origin.longitude, origin.latitude]);

  return createPortal(
    <span className="store-map__origin" aria-hidden="true" data-testid="map-origin">
      <span className="store-map__origin-dot" />
      <span className="store-map__origin-name">{name}</span>
    </span>,
    element,
  );
}
