import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeDirection, type Store, type TravelMode } from '@locator/core';
import { Chevron } from '../../../components/Chevron';
import { MapAttribution, StoreMap } from '../../../components/map';
import { useMapLabels } from '../hooks/useMapLabels';
import { useTimedMessage } from '../hooks/useTimedMessage';
import { storeUrls } from '../store-links';
import { storePin } from './MapSlot';
import { StoreFacts, StoreHead, StoreLinkList, type StoreLinks } from './StoreParts';
import { TravelModeChoice } from './TravelTime';

/** How long the "link copied" status stays. */
export const COPIED_MESSAGE_MS = 4000;

export interface StoreDetailProps {
  store: Store;
  links: StoreLinks;
  /** Whether to show the small location map (not when the country disables the map). */
  showMap: boolean;
  travelMode?: { mode: TravelMode; estimated: boolean; onChange(mode: TravelMode): void };
  onBack(): void;
}

/**
 * The narrow-screen store detail that replaces the list (PRODUCT.md#results-page): "Back to stores", a small
 * location map, the store's detail and links, and Share (Web Share API, else the link copied).
 * Focus moves to its heading when it opens; Escape closes it.
 */
export function StoreDetail({ store, links, showMap, travelMode, onBack }: StoreDetailProps) {
  const { t } = useTranslation('result');
  const mapLabels = useMapLabels();
  const { ctx } = links;
  const heading = useRef<HTMLHeadingElement>(null);
  const urls = storeUrls(store, links);
  const [status, announce] = useTimedMessage(COPIED_MESSAGE_MS);

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [store.id]);

  // Escape closes the detail as "Back to stores" does, but not in a field or a dialog.
  const backRef = useRef(onBack);
  useEffect(() => {
    backRef.current = onBack;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, select, textarea, [role="dialog"]')) return;
      backRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <article
      className="store store--detail"
      aria-labelledby={`store-${store.id}-detail`}
      data-testid="store-detail"
      data-store-id={store.id}
    >
      <p className="store-detail__back">
        <button type="button" className="store-detail__back-button" onClick={onBack}>
          <span className="store-detail__back-chevron">
            <Chevron />
          </span>
          {t('store.backToStores')}
        </button>
      </p>
      <StoreHead
        store={store}
        ctx={ctx}
        headingId={`store-${store.id}-detail`}
        headingRef={heading}
      />
      {showMap ? (
        <div className="store-detail__map">
          {/* The small location map, with all its texts in the page language. */}
          <StoreMap
            pins={[storePin(store)]}
            activeId={store.id}
            interactive={false}
            className="store-map--small"
            lang={ctx.mapsLang}
            dir={localeDirection(ctx.locale)}
            labels={mapLabels}
          />
          {/* The small map is an image (role="img"): its credits, being links, go below it. */}
          <MapAttribution className="store-detail__credits" label={t('map.attribution')} />
        </div>
      ) : null}
      {travelMode ? (
        <TravelModeChoice
          mode={travelMode.mode}
          onChange={travelMode.onChange}
          estimated={travelMode.estimated}
        />
      ) : null}
      <StoreFacts store={store} links={links} />
      <StoreLinkList store={store} urls={urls} links={{ ...links, announce }} />
      <p className="store-detail__status" role="status" aria-live="polite">
        {status}
      </p>
    </article>
  );
}
