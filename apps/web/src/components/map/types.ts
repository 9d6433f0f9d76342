/** Public types and constants of the store map (PRODUCT.md#results-page, #store-selection, #paging-and-timing, #display). */
import type { ReactNode } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** A searched place (the results' origin). */
export interface Origin {
  latitude: number;
  longitude: number;
}

/** Map fit delay after results arrive (PRODUCT.md#paging-and-timing). */
export const FIT_DELAY_MS = 1000;
/** Re-centre delay after a store is selected (PRODUCT.md#store-selection, #paging-and-timing). */
export const RECENTRE_DELAY_MS = 300;
/** Default zoom (PRODUCT.md#display): a single store, and the most a fit zooms in. */
export const DEFAULT_ZOOM = 14;
/** The small, non-interactive location map: enough around the store to tell where it is. */
export const SMALL_MAP_ZOOM = 11;
/** Fit padding in CSS pixels (PRODUCT.md#display). */
export const FIT_PADDING = 50;
/** Pin colours (PRODUCT.md#display); a hovered pin swaps them. */
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
  /** The button offered after the visitor moved the map ("Search this area"). */
  searchArea: string;
  /** Accessible name of a group of stores ("Group of locations: 25. Zoom in"). */
  cluster: (count: number) => string;
}

/** The map's visible area and camera, for an area search. */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
  /** The centre: the area search's stores come nearest it first. */
  latitude: number;
  longitude: number;
  zoom: number;
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
  searchArea: 'Search this area',
  cluster: (count) => `Group of locations: ${count}. Zoom in`,
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
  /** The searched place: the fit after new results takes it in with the pins (README). */
  origin?: Origin | undefined;
  /** The searched place's name: given, the place is marked on the map with it. */
  originName?: string | undefined;
  /** false: the small location map (no gestures, no controls, pins not focusable). */
  interactive?: boolean;
  labels?: Partial<StoreMapLabels>;
  /** Content of the callout card of the active store; nothing → no callout. */
  renderCallout?: (id: string) => ReactNode;
  /** Callout size of the active store (core calloutSize, PRODUCT.md#display). */
  calloutSize?: CalloutSize;
  className?: string;
  /**
   * Positions (longitude, latitude one after the other) of every store of an area search:
   * grouped with their counts when zoomed out, dots when zoomed in.
   */
  points?: ArrayLike<number>;
  /** Number format of the groups' counts (BCP 47; default `lang`). */
  numberLocale?: string;
  /** Given: after the visitor pans or zooms, a "Search this area" button calls it. */
  onAreaSearch?: (area: MapArea) => void;
  /** The camera to start with instead of fitting the pins (an area search's results). */
  view?: { center: [number, number]; zoom: number };
  /** The MapLibre map once created: an embedding page's own layers, the end-to-end tests' view. */
  onMapReady?: (map: MapLibreMap) => void;
}
