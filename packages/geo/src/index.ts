/**
 * @locator/geo — the embedded maps engine (README.md).
 *
 * - `loadEmbeddedProvider()` → `MapsProvider`: autocomplete, geocode, reverse, eta.
 * - `createOsrmEta()` / `createValhallaEta()`: routing services for `eta`, by configuration.
 * - `buildIndex()`: the gazetteer build (also `npm run build -w @locator/geo`).
 */
export type {
  AutocompleteOptions,
  Eta,
  EtaService,
  GeocodeOptions,
  LatLon,
  MapsProvider,
  Place,
  PlaceAnswer,
  PlaceKind,
  PlaceNotice,
  ReverseOptions,
  TravelMode,
} from './types.js';
export {
  loadEmbeddedProvider,
  createEmbeddedProvider,
  type EmbeddedProvider,
  type EmbeddedProviderOptions,
} from './provider.js';
export { Gazetteer } from './gazetteer.js';
export { nameInLanguage, placeNamed } from './named-place.js';
export { CountryLocator } from './shapes.js';
export { nearestPlace } from './reverse.js';
export {
  buildIndex,
  computeInputsHash,
  DEFAULT_INDEX_PATH,
  type BuildResult,
} from './build/build-index.js';
export { FORMAT_VERSION, INDEX_FILE_NAME, IndexFormatError } from './index-format.js';
export { createEstimateEta, estimateEta, estimateTravel, ETA_FIGURES } from './eta.js';
export { createOsrmEta, type OsrmOptions } from './adapters/osrm.js';
export { createValhallaEta, type ValhallaOptions } from './adapters/valhalla.js';
export { RoutingError, type RoutingErrorKind } from './adapters/http.js';
export { EARTH_RADIUS_M, distanceMetres, distanceBetween } from './geo-math.js';
export { normaliseCountryCode } from './countries.js';
export { POSTCODE_FORMATS, postcodeCountries, postcodeKey } from './postcodes.js';
export { langInfo, type LangInfo } from './normalise.js';
export { createPhotonGeocoder, type PhotonOptions } from './adapters/photon.js';
export { createNominatimGeocoder, type NominatimOptions } from './adapters/nominatim.js';
export { withGeocoder, type Geocoder } from './adapters/geocoder.js';
export { withRemotePostcodes } from './adapters/remote-postcodes.js';
// The display-name rule, for data that names places as the maps do (the demo data set).
export { foldText, isNonLatin } from './normalise.js';
export { orderForDisplay, pickDisplayName, type DisplayCandidates } from './display-names.js';
