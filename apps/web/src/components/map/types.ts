/** Public types and constants of the store map (spec 2.5 item 8, 4.3, 9.4, 9.5). */
import type { ReactNode } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** Map fit delay after results arrive (spec 9.4). */
export const FIT_DELAY_MS = 1000;
/** Re-centre delay after a store is selected (spec 4.3, 9.4). */
export const RECENTRE_DELAY_MS = 300;
/** Default zoom (spec 9.5): a single store, and the most a fit zooms in. */
export const DEFAULT_ZOOM = 14;
/** The small, non-interactive location map: enough around the store to tell where it is. */
export const SMALL_MAP_ZOOM = 11;
/** Fit padding in CSS pixels (spec 9.5). */
export const FIT_PADDING = 50;
/** Pin colours (spec 9.5); a hovered pin swaps them. */
export const PIN_COLOUR = '#0066CC';
export const PIN_GLYPH_COLOUR = '#FFFFFF';

export type CalloutSize = 'small' | 'medium' | 'large';

export interface MapPin {
  id: string;
  /** Shown in the pin: the store's orderNumber. */
  label: string | number;
  latitude: number;
  longitude: number;
  /** The store's name, for the pin's accessible name. */
  name: string;
}

/** Texts of the map, already translated by the caller (English defaults). */
export interface StoreMapLabels {
  /** Accessible name of the map ("Map of locations"). */
  map: string;
  /** Accessible name of a pin ("1. Store name"). */
  pin: (pin: MapPin) => string;
  /** Accessible name of the callout ("Details for Store name"). */
  callout: (pin: MapPin) => string;
  /** The callout's close button. */
  close: string;
  /** Accessible name of the small, non-interactive map ("Map showing Store name"). */
  smallMap: (pin: MapPin) => string;
  zoomIn: string;
  zoomOut: string;
  /** Heading of the attribution list, for assistive technology ("Map data"). */
  attribution: string;
}

export const DEFAULT_LABELS: StoreMapLabels = {
  map: 'Map of locations',
  pin: (p) => `${p.label}. ${p.name}`,
  callout: (p) => `Details for ${p.name}`,
  close: 'Close',
  smallMap: (p) => `Map showing ${p.name}`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  attribution: 'Map data',
};

export interface StoreMapProps {
  /** The pins, in list order (their keyboard order). */
  pins: readonly MapPin[];
  /** The selected store: its pin is marked and the map re-centres on it after 300 ms. */
  activeId?: string | null;
  /** The store hovered in the list: its pin swaps colours. */
  hoveredId?: string | null;
  /** A pin was clicked, or activated with Enter or Space. */
  onSelect?: (id: string) => void;
  /** Escape on a pin or in the callout (close the callout, return focus to the list). */
  onEscape?: () => void;
  /** The pointer entered (id) or left (null) a pin. */
  onHover?: (id: string | null) => void;
  /** Language of the place names (BCP 47: "en", "ar", "zh-Hant"). */
  lang: string;
  dir?: 'ltr' | 'rtl';
  /** Changes when new results arrive: the map fits its pins 1 s later. */
  fitKey?: string | number;
  /** false: the small location map (no gestures, no controls, pins not focusable). */
  interactive?: boolean;
  labels?: Partial<StoreMapLabels>;
  /** Content of the callout card of the active store; nothing → no callout. */
  renderCallout?: (id: string) => ReactNode;
  /** Callout size of the active store (core calloutSize, spec 9.5). */
  calloutSize?: CalloutSize;
  className?: string;
  /** The MapLibre map once created: an embedding page's own layers, the end-to-end tests' view. */
  onMapReady?: (map: MapLibreMap) => void;
}
