/**
 * One store pin: a real button (focusable, named, Enter/Space select, Escape), placed on the map
 * by a MapLibre Marker created once; later renders only update the button and the position.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Marker } from 'maplibre-gl';
import { useMap } from './context';
import type { PinState } from './logic';
import type { MapPin } from './types';

export interface StorePinProps {
  pin: MapPin;
  state: PinState;
  accessibleName: string;
  interactive: boolean;
  onSelect?: ((id: string) => void) | undefined;
  onEscape?: (() => void) | undefined;
  onHover?: ((id: string | null) => void) | undefined;
  /** Registers the marker's element (for keyboard order). */
  register?: ((id: string, el: HTMLElement | null) => void) | undefined;
}

/** The first focusable element of the map's callout, if one is open. */
function calloutFocusable(marker: HTMLElement): HTMLElement | null {
  const callout = marker.closest('.maplibregl-map')?.querySelector('.store-map__callout');
  return (
    callout?.querySelector<HTMLElement>(
      'a[href], button:not([disabled]), summary, input, select, [tabindex]:not([tabindex="-1"])',
    ) ?? null
  );
}

export function StorePin(props: StorePinProps) {
  const { pin, state, interactive, register } = props;
  const map = useMap();
  const [element] = useState(() => {
    const el = document.createElement('div');
    el.className = 'store-map__marker';
    return el;
  });
  const [marker] = useState(() => new Marker({ element, anchor: 'bottom' }));

  useEffect(() => {
    marker.setLngLat([pin.longitude, pin.latitude]).addTo(map);
    register?.(pin.id, element);
    return () => {
      register?.(pin.id, null);
      marker.remove();
    };
    // Created once per map; the position follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, marker]);

  useEffect(() => {
    marker.setLngLat([pin.longitude, pin.latitude]);
  }, [marker, pin.longitude, pin.latitude]);

  useEffect(() => {
    // The selected and hovered pins are drawn above the others.
    marker.getElement().style.zIndex = state === 'selected' ? '3' : state === 'hovered' ? '2' : '1';
  }, [marker, state]);

  const className = `store-map__pin store-map__pin--${state}`;
  const content = interactive ? (
    <button
      type="button"
      className={className}
      aria-label={props.accessibleName}
      aria-pressed={state === 'selected'}
      data-pin-id={pin.id}
      onClick={(e) => {
        e.stopPropagation();
        props.onSelect?.(pin.id);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onEscape?.();
        }
        // Tab from the selected pin enters its callout (which MapLibre places after the pins).
        if (e.key === 'Tab' && !e.shiftKey && state === 'selected') {
          const first = calloutFocusable(element);
          if (first) {
            e.preventDefault();
            first.focus();
          }
        }
      }}
      onMouseEnter={() => props.onHover?.(pin.id)}
      onMouseLeave={() => props.onHover?.(null)}
    >
      <span aria-hidden="true">{pin.label}</span>
    </button>
  ) : (
    <span className={className} aria-hidden="true" data-pin-id={pin.id}>
      {pin.label}
    </span>
  );
  return createPortal(content, element);
}
