/**
 * The maps client the UI uses (PRODUCT.md#maps-service, #paging-and-timing): autocomplete debounced 500 ms where a new
 * request cancels the previous one, forward and reverse geocoding, and ETA requests that cancel
 * the pending one. Failures are logged and never thrown into the UI: a failed or cancelled
 * request resolves to "nothing" (an empty list, undefined).
 */
import {
  fetchAutocomplete,
  fetchEta,
  fetchGeocode,
  fetchGeocodeAnswer,
  fetchReverse,
  type EtaQuery,
  type FetchLike,
  type PlaceQuery,
} from './api';
import type { Eta, Place, PlaceAnswer } from './schemas';

/** Autocomplete debounce (PRODUCT.md#paging-and-timing). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
/** Most suggestions asked for. */
export const AUTOCOMPLETE_LIMIT = 8;

export type Logger = (message: string, error: unknown) => void;

const defaultLogger: Logger = (message, error) => console.warn(`[maps] ${message}`, error);

export interface MapsClientOptions {
  fetch?: FetchLike;
  debounceMs?: number;
  log?: Logger;
}

export { mapsLanguage } from './language';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Suggestions for typed text; each call supersedes the previous one. */
export interface Autocompleter {
  /**
   * Resolves with the suggestions after the debounce, or with undefined when a later call (or
   * `cancel`) superseded this one. Blank text resolves to [] at once. Never rejects.
   */
  suggest(query: PlaceQuery): Promise<Place[] | undefined>;
  cancel(): void;
}

/** A request that cancels the pending one; resolves undefined when superseded. */
export interface EtaRequester {
  request(query: EtaQuery): Promise<Eta[] | undefined>;
  cancel(): void;
}

export interface MapsClient {
  autocompleter(): Autocompleter;
  /** Forward geocoding; [] on failure (PRODUCT.md#validation: then "not found"). */
  geocode(query: PlaceQuery): Promise<Place[]>;
  /** Forward geocoding with a postcode notice or a suggestion; no places on failure. */
  geocodeAnswer?(query: PlaceQuery): Promise<PlaceAnswer>;
  /** Reverse geocoding; undefined on failure. */
  reverse(position: {
    latitude: number;
    longitude: number;
    lang: string;
  }): Promise<Place | undefined>;
  etaRequester(): EtaRequester;
}

export function createMapsClient(options: MapsClientOptions = {}): MapsClient {
  const fetchImpl = options.fetch;
  const delay = options.debounceMs ?? AUTOCOMPLETE_DEBOUNCE_MS;
  const log = options.log ?? defaultLogger;

  function autocompleter(): Autocompleter {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let settlePending: (() => void) | undefined;

    const cancel = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      controller = undefined;
      settlePending?.();
      settlePending = undefined;
    };

    return {
      cancel,
      suggest(query) {
        cancel();
        if (query.q.trim() === '') return Promise.resolve([]);
        return new Promise<Place[] | undefined>((resolve) => {
          settlePending = () => resolve(undefined);
          timer = setTimeout(() => {
            timer = undefined;
            const own = new AbortController();
            controller = own;
            fetchAutocomplete({ limit: AUTOCOMPLETE_LIMIT, ...query }, own.signal, fetchImpl).then(
              (places) => {
                if (own.signal.aborted) return;
                settlePending = undefined;
                controller = undefined;
                resolve(places);
              },
              (error: unknown) => {
                if (own.signal.aborted || isAbort(error)) return;
                log('autocomplete failed', error);
                settlePending = undefined;
                controller = undefined;
                resolve([]);
              },
            );
          }, delay);
        });
      },
    };
  }

  async function geocode(query: PlaceQuery): Promise<Place[]> {
    try {
      return await fetchGeocode(query, undefined, fetchImpl);
    } catch (error) {
      log('geocode failed', error);
      return [];
    }
  }

  async function geocodeAnswer(query: PlaceQuery): Promise<PlaceAnswer> {
    try {
      return await fetchGeocodeAnswer(query, undefined, fetchImpl);
    } catch (error) {
      log('geocode failed', error);
      return { places: [] };
    }
  }

  async function reverse(position: {
    latitude: number;
    longitude: number;
    lang: string;
  }): Promise<Place | undefined> {
    try {
      return await fetchReverse(position, undefined, fetchImpl);
    } catch (error) {
      log('reverse geocode failed', error);
      return undefined;
    }
  }

  function etaRequester(): EtaRequester {
    let controller: AbortController | undefined;
    return {
      cancel: () => controller?.abort(),
      async request(query) {
        controller?.abort();
        const own = new AbortController();
        controller = own;
        try {
          const etas = await fetchEta(query, own.signal, fetchImpl);
          return own.signal.aborted ? undefined : etas;
        } catch (error) {
          if (!own.signal.aborted && !isAbort(error)) log('ETA failed', error);
          return undefined;
        } finally {
          if (controller === own) controller = undefined;
        }
      },
    };
  }

  return { autocompleter, geocode, geocodeAnswer, reverse, etaRequester };
}

/** The app's client (real fetch, console logging). */
export const mapsClient: MapsClient = createMapsClient();
