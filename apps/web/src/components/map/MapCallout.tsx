/**
 * The callout card of the active store (PRODUCT.md#results-page): a MapLibre Popup created once, its
 * content rendered by React into it; sized per PRODUCT.md#display. Escape inside it calls onEscape.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Popup } from 'maplibre-gl';
import { useMap } from './context';
import type { CalloutSize, MapPin } from './types';

export interface MapCalloutProps {
  pin: MapPin;
  size: CalloutSize;
  label: string;
  closeLabel: string;
  onClose?: (() => void) | undefined;
  children: ReactNode;
}

const MAX_WIDTH: Record<CalloutSize, string> = { small: '280px', medium: '320px', large: '380px' };

export function MapCallout({ pin, size, label, closeLabel, onClose, children }: MapCalloutProps) {
  const map = useMap();
  const [content] = useState(() => document.createElement('div'));
  const [popup] = useState(
    () =>
      new Popup({
        closeButton: false,
        closeOnClick: false,
        closeOnMove: false,
        focusAfterOpen: false,
        anchor: 'bottom',
        offset: 50, // above the selected pin (a 38 px teardrop scaled 1.25)
        className: 'store-map__popup',
      }),
  );

  useEffect(() => {
    popup.setDOMContent(content).setLngLat([pin.longitude, pin.latitude]).addTo(map);
    return () => {
      popup.remove();
    };
    // Created once; position and size follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, popup, content]);

  useEffect(() => {
    popup.setLngLat([pin.longitude, pin.latitude]);
  }, [popup, pin.longitude, pin.latitude]);

  // Escape anywhere in the callout closes it.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      closeRef.current?.();
    };
    content.addEventListener('keydown', onKeyDown);
    return () => content.removeEventListener('keydown', onKeyDown);
  }, [content]);

  useEffect(() => {
    popup.setMaxWidth(MAX_WIDTH[size]);
  }, [popup, size]);

  return createPortal(
    <section className={`store-map__callout store-map__callout--${size}`} aria-label={label}>
      {onClose ? (
        <button type="button" className="store-map__callout-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="store-map__visually-hidden">{closeLabel}</span>
        </button>
      ) : null}
      <div className="store-map__callout-body">{children}</div>
    </section>,
    content,
  );
}
