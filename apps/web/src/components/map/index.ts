/** The store map (shared UI): see README.md. */
export { StoreMap, SmallStoreMap, type SmallStoreMapProps } from './StoreMap';
export { MapAttribution, EMBEDDED_ATTRIBUTION, type MapAttributionProps } from './MapAttribution';
export {
  DEFAULT_LABELS,
  DEFAULT_ZOOM,
  FIT_DELAY_MS,
  FIT_PADDING,
  PIN_COLOUR,
  PIN_GLYPH_COLOUR,
  RECENTRE_DELAY_MS,
  type CalloutSize,
  type MapArea,
  type MapPin,
  type StoreMapLabels,
  type StoreMapProps,
} from './types';
