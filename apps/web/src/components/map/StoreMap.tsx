/**
 * The store map (PRODUCT.md#results-page, #store-selection, #display), loaded lazily: maplibre-gl and the map code are a
 * separate chunk fetched after the map's place is first painted, so they do not weigh on it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
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

/**
 * False until the frame after the first one this map's place was painted in. The map's chunk,
 * and MapLibre's setup after it, start only then: after a search the list comes first, and
 * mounting the map with it cost the list's first frame ~8 ms at 1440 px
 * (docs/ARCHITECTURE.md "In the browser").
 */
function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}

export function StoreMap(props: StoreMapProps) {
  const after = useAfterFirstFrame();
  if (!after) return <MapPlaceholder className={props.className} />;
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
