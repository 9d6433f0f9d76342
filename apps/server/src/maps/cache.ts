/**
 * A bounded LRU cache of place answers (autocomplete and geocode) in front of a MapsProvider.
 * Answers of the embedded engine are pure functions of the query, so a cached answer is the
 * answer; with a remote geocoder it spares the service repeated lookups. Reverse geocoding and
 * travel time pass through (continuous coordinates rarely repeat). Cached answers are shared:
 * callers must not modify them.
 */
import type { AutocompleteOptions, GeocodeOptions, MapsProvider, Place } from '@locator/geo';

export interface AnswerCacheOptions {
  /** Most answers kept (least recently used dropped first); 0 disables the cache. */
  entries: number;
}

/** Map-based LRU: a hit moves the entry to the end (most recent); the first entry goes first. */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  set(key: string, v: V): void {
    if (this.capacity <= 0) return;
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
}

function placeKey(kind: string, q: string, o: AutocompleteOptions | GeocodeOptions): string {
  const near = 'near' in o && o.near ? `${o.near.lat},${o.near.lon}` : '';
  return `${kind}\u0000${q}\u0000${o.lang}\u0000${o.countries?.join(',') ?? ''}\u0000${o.limit ?? ''}\u0000${near}`;
}

export interface CachedMapsProvider extends MapsProvider {
  readonly answers: LruCache<Place[]>;
}

/** `provider` with its place answers cached (`entries` 0: `provider` itself, uncached). */
export function withAnswerCache(
  provider: MapsProvider,
  { entries }: AnswerCacheOptions,
): MapsProvider {
  if (entries <= 0) return provider;
  const answers = new LruCache<Place[]>(entries);
  const cached =
    (kind: 'autocomplete' | 'geocode') =>
    async (
      q: string,
      o: AutocompleteOptions | GeocodeOptions,
      signal?: AbortSignal,
    ): Promise<Place[]> => {
      const key = placeKey(kind, q, o);
      const hit = answers.get(key);
      if (hit) return hit;
      const places = await provider[kind](q, o, signal);
      answers.set(key, places);
      return places;
    };
  const out: CachedMapsProvider = {
    // Other properties stay visible (the basemap reads the embedded engine's `gazetteer`).
    ...provider,
    answers,
    autocomplete: cached('autocomplete'),
    geocode: cached('geocode'),
    reverse: (lat, lon, o, signal) => provider.reverse(lat, lon, o, signal),
    eta: (origin, destinations, mode, signal) => provider.eta(origin, destinations, mode, signal),
  };
  return out;
}
