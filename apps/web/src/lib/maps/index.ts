export {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_LIMIT,
  createMapsClient,
  mapsClient,
  mapsLanguage,
  type Autocompleter,
  type EtaRequester,
  type MapsClient,
} from './client';
export { MapsRequestError, type EtaQuery, type PlaceQuery } from './api';
export type { Eta, Place, PlaceAnswer } from './schemas';
