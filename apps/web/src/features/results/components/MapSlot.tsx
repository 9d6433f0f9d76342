import { calloutSize, languageTag, localeDirection, type Store } from '@locator/core';
import { StoreMap, type MapArea, type MapPin } from '../../../components/map';
import type { ResultsContext } from '../context';
import { useMapLabels } from '../hooks/useMapLabels';
import { StoreCallout } from './StoreCallout';
import type { StoreLinks } from './StoreParts';

/** A store as a map pin: labelled with its orderNumber (PRODUCT.md#results-page). */
export function storePin(store: Store): MapPin {
  return {
    id: store.id,
    label: store.orderNumber,
    latitude: store.latitude,
    longitude: store.longitude,
    name: store.title,
  };
}

export interface MapSlotProps {
  ctx: ResultsContext;
  stores: readonly Store[];
  links: StoreLinks;
  activeId: string | null;
  hoveredId: string | null;
  /** Changes when new results (or another page of them) are shown: the map fits its pins. */
  fitKey: string;
  /** The searched place, taken into the map's fit with the pins. */
  origin?: { latitude: number; longitude: number } | undefined;
  /** The searched place's name, marked on the map at the origin. */
  originName?: string | undefined;
  onSelect(id: string): void;
  onHover(id: string | null): void;
  onEscape(): void;
  /** Positions of every store of an area search (longitude, latitude), grouped on the map. */
  points?: readonly number[] | undefined;
  /** "Search this area" after the visitor moved the map. */
  onAreaSearch?: ((area: MapArea) => void) | undefined;
  /** The camera to start with (an area search's results keep the visitor's view). */
  view?: { center: [number, number]; zoom: number } | undefined;
}

/**
 * The map beside the list on wide screens (PRODUCT.md#results-page, #store-selection, #display): numbered pins of the
 * shown stores, the hovered store's pin highlighted, the active store's pin selected with its
 * callout card. The map code is a lazily loaded chunk (StoreMap).
 */
export function MapSlot(props: MapSlotProps) {
  const { ctx, stores, links } = props;
  const labels = useMapLabels();
  const pins = stores.map(storePin);
  const active = stores.find((s) => s.id === props.activeId);
  return (
    <div className="results__map" data-testid="map-slot">
      <StoreMap
        pins={pins}
        activeId={props.activeId}
        hoveredId={props.hoveredId}
        onSelect={props.onSelect}
        onHover={props.onHover}
        onEscape={props.onEscape}
        lang={ctx.mapsLang}
        dir={localeDirection(ctx.locale)}
        fitKey={props.fitKey}
        origin={props.origin}
        originName={props.originName}
        labels={labels}
        calloutSize={active ? calloutSize(active) : 'small'}
        renderCallout={(id) => {
          const store = stores.find((s) => s.id === id);
          return store ? <StoreCallout store={store} links={links} /> : null;
        }}
        className="results__store-map"
        numberLocale={languageTag(ctx.locale)}
        {...(props.points && props.points.length > 0 ? { points: props.points } : {})}
        {...(props.onAreaSearch ? { onAreaSearch: props.onAreaSearch } : {})}
        {...(props.view ? { view: props.view } : {})}
      />
    </div>
  );
}
