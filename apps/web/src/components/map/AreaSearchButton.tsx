/**
 * "Search this area": offered once the visitor has panned or zoomed the map (a move with a
 * pointer, keyboard or control event behind it, not the map's own fits and re-centring); a click
 * hands the visible area and camera to the page and hides the button until the next move.
 */
import { useEffect, useState } from 'react';
import type { MapLibreEvent } from 'maplibre-gl';
import { useMap } from './context';
import { viewBounds } from './clusters';
import type { MapArea } from './types';

export function AreaSearchButton(props: { label: string; onSearch: (area: MapArea) => void }) {
  const map = useMap();
  const [offered, setOffered] = useState(false);

  useEffect(() => {
    let byVisitor = false;
    const start = (e: MapLibreEvent<unknown>) => {
      if (e.originalEvent) byVisitor = true;
    };
    const end = () => {
      if (byVisitor) setOffered(true);
      byVisitor = false;
    };
    map.on('movestart', start);
    map.on('moveend', end);
    return () => {
      map.off('movestart', start);
      map.off('moveend', end);
    };
  }, [map]);

  if (!offered) return null;
  return (
    <button
      type="button"
      className="store-map__area-search"
      data-testid="search-area"
      onClick={() => {
        const [west, south, east, north] = viewBounds(map.getBounds());
        const centre = map.getCenter().wrap();
        setOffered(false);
        props.onSearch({
          west,
          south: Math.max(-90, south),
          east,
          north: Math.min(90, north),
          latitude: centre.lat,
          longitude: centre.lng,
          zoom: map.getZoom(),
        });
      }}
    >
      {props.label}
    </button>
  );
}
