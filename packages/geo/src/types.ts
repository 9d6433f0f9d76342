/** Public types of the maps engine (see README.md). */

export interface LatLon {
  lat: number;
  lon: number;
}

export type PlaceKind = 'place' | 'postcode' | 'coordinate';

/** One geocoding / autocomplete / reverse-geocoding result. */
export interface Place {
  /** Two display lines: [place, "region, country"], in the visitor's language where names exist. */
  lines: [string, string];
  /** The whole address on one line, in the visitor's language. */
  formattedAddress: string;
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2, upper case ("GB", never "UK"). */
  countryCode: string;
  /** First-level subdivision name in the visitor's language, when known. */
  region?: string;
  kind: PlaceKind;
}

/**
 * A place search with what the engine knows beyond its results: a postcode-shaped query in a
 * country without offline postcodes (or a code the data does not have), a street address
 * answered with the town it names, and for a query that matched nothing with certainty, the
 * place it probably meant, for the visitor to confirm.
 */
export interface PlaceAnswer {
  places: Place[];
  notice?: PlaceNotice;
  /** "Did you mean …?": offered, never answered, when `places` is empty. */
  suggestion?: Place;
}

export interface PlaceNotice {
  /**
   * `postcode-not-offline`: the countries write codes so but no offline postcode data exists for
   * them (a production geocoder knows them); `postcode-unknown`: the offline data lacks it
   * (both with no places); `street-not-found`: the street is not in the data, the places are
   * the town the address names (`town`).
   */
  code: 'postcode-not-offline' | 'postcode-unknown' | 'street-not-found';
  /** ISO alpha-2 codes of the countries concerned. */
  countries: string[];
  /** `street-not-found`: the name of the town shown instead. */
  town?: string;
}

export interface AutocompleteOptions {
  /** ISO 3166-1 alpha-2 codes, any case; "uk" is accepted for GB. Empty or absent: worldwide. */
  countries?: string[];
  /** BCP 47 language of the visitor, e.g. "de", "zh-HK", "zh-Hant", "pt-BR". */
  lang: string;
  /** Maximum number of results (default 8 for autocomplete, 5 for geocode; at most 50). */
  limit?: number;
  /** Bias towards places near this point (the visitor's location). */
  near?: LatLon;
}

export interface GeocodeOptions {
  countries?: string[];
  lang: string;
  limit?: number;
}

export interface ReverseOptions {
  lang: string;
}

export type TravelMode = 'automobile' | 'walking';

/** Travel time to one destination, in the order the destinations were given. */
export interface Eta {
  destination: LatLon;
  transportType: TravelMode;
  /** Seconds. */
  expectedTravelTime: number;
  /** Metres. */
  distance: number;
  /** True when computed from great-circle distance rather than by a routing engine. */
  estimate: boolean;
}

export interface EtaService {
  eta(
    origin: LatLon,
    destinations: LatLon[],
    mode: TravelMode,
    signal?: AbortSignal,
  ): Promise<Eta[]>;
}

export interface MapsProvider extends EtaService {
  autocomplete(q: string, o: AutocompleteOptions, signal?: AbortSignal): Promise<Place[]>;
  geocode(q: string, o: GeocodeOptions, signal?: AbortSignal): Promise<Place[]>;
  reverse(lat: number, lon: number, o: ReverseOptions, signal?: AbortSignal): Promise<Place | null>;
  /**
   * Autocomplete or geocode with a postcode notice or a "did you mean" suggestion (PlaceAnswer);
   * the embedded engine has it, remote geocoders may not.
   */
  answer?(
    q: string,
    o: AutocompleteOptions,
    mode: 'autocomplete' | 'geocode',
    signal?: AbortSignal,
  ): Promise<PlaceAnswer>;
  /**
   * Whether a search finds postcodes in the country (ISO 3166-1 alpha-2). The embedded engine
   * knows (its offline postcodes cover some countries); absent, as for remote geocoders: yes.
   */
  findsPostcodes?(countryCode: string): boolean;
}
