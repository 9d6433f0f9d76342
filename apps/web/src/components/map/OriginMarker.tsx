/**
 * The searched place on the map: a ringed dot with the place's name beside it, below the
 * stores' pins. A picture only (the results' heading names the place for assistive technology).
 * The basemap's own label of that name is hidden meanwhile: it would be drawn a second time
 * under the marker ("Paris" over "Paris").
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Marker, type FilterSpecification } from 'maplibre-gl';
import { useMap } from './context';
import { PLACE_LABELS_LAYER } from './place-labels';
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

  useEffect(() => {
    const filter: FilterSpecification = ['!=', ['get', 'name'], name];
    // Styledata comes with every label image drawn: set the filter only when the style lacks it.
    const hide = () => {
      if (!map.getLayer(PLACE_LABELS_LAYER)) return;
      const now = map.getFilter(PLACE_LABELS_LAYER);
      if (JSON.stringify(now) !== JSON.stringify(filter)) map.setFilter(PLACE_LABELS_LAYER, filter);
    };
    hide();
    map.on('styledata', hide);
    return () => {
      map.off('styledata', hide);
      if (map.getLayer(PLACE_LABELS_LAYER)) map.setFilter(PLACE_LABELS_LAYER, null);
    };
  }, [map, name]);

  return createPortal(
    <span className="store-map__origin" aria-hidden="true" data-testid="map-origin">
      <span className="store-map__origin-dot" />
      <span className="store-map__origin-name">{name}</span>
    </span>,
    element,
  );
}
