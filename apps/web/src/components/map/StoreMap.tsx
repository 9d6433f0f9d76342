/**
 * The store map (PRODUCT.md#results-page, #store-selection, #display), loaded lazily: maplibre-gl and the map code are a
 * separate chunk fetched when the map is first shown, so they do not weigh on the first paint.
 */
import { lazy, Suspense } from 'react';
import { DEFAULT_LABELS, type MapPin, type StoreMapProps } from './types';

const MapCanvas = lazy(() => import('./MapCanvas'));

function MapPlaceholder({ className }: { className?: string | undefined }) {
  return (
    <div
      className={['store-map', 'store-map--loading', className].filter(Boolean).join(' ')}
      style={{ inlineSize: '100%', blockSize: '100%', background: '#b9d3e6' }}
      aria-hidden="true"
    />
  );
}

export function StoreMap(props: StoreMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder className={props.className} />}>
      <MapCanvas {...props} />
    </Suspense>
  );
}

export interface SmallStoreMapProps {
  store: MapPin;
  lang: string;
  dir?: 'ltr' | 'rtl';
  /** Accessible name ("Map showing {name}"); default English. */
  label?: string;
  className?: string;
}

/** The narrow detail view's small location map: one pin, no gestures, no controls. */
export function SmallStoreMap({ store, lang, dir, label, className }: SmallStoreMapProps) {
  return (
    <StoreMap
      pins={[store]}
      activeId={store.id}
      lang={lang}
      interactive={false}
      className={['store-map--small', className].filter(Boolean).join(' ')}
      labels={{ smallMap: label ? () => label : DEFAULT_LABELS.smallMap }}
      {...(dir ? { dir } : {})}
    />
  );
}
