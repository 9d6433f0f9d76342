/**
 * A bounded LRU cache of place answers (autocomplete and geocode, with their notice or
 * suggestion when the provider gives them) in front of a MapsProvider. Answers of the embedded
 * engine are pure functions of the query, so a cached answer is the answer; with a remote
 * geocoder it spares the service repeated lookups. Reverse geocoding and travel time pass
 * through (continuous coordinates rarely repeat). Cached answers are shared: callers must not
 * modify them.
 */
import type { AutocompleteOptions, GeocodeOptions, MapsProvider, PlaceAnswer } from '@locator/geo';
import { LRUCache } from 'lru-cache';

export interface AnswerCacheOptions {
  /** Most answers kept (least recently used dropped first); 0 disables the cache. */
  entries: number;
}

type Kind = 'autocomplete' | 'geocode' | 'answer:autocomplete' | 'answer:geocode';

function placeKey(kind: Kind, q: string, o: AutocompleteOptions | GeocodeOptions): string {
  const near = 'near' in o && o.near ? `${o.near.lat},${o.near.lon}` : '';
  return `${kind}\u0000${q}\u0000${o.lang}\u0000${o.countries?.join(',') ?? ''}\u0000${o.limit ?? ''}\u0000${near}`;
}

export interface CachedMapsProvider extends MapsProvider {
  readonly answers: LRUCache<string, PlaceAnswer>;
}

/** `provider` with its place answers cached (`entries` 0: `provider` itself, uncached). */
export function withAnswerCache(
  provider: MapsProvider,
  { entries }: AnswerCacheOptions,
): MapsProvider {
  if (entries <= 0) return provider;
  const answers = new LRUCache<string, PlaceAnswer>({ max: entries });
  const remembered = async (key: string, ask: () => Promise<PlaceAnswer>) => {
    const hit = answers.get(key);
    if (hit) return hit;
    const answer = await ask();
    answers.set(key, answer);
    return answer;
  };
  const cached =
    (kind: 'autocomplete' | 'geocode') =>
    async (q: string, o: AutocompleteOptions | GeocodeOptions, signal?: AbortSignal) =>
      (
        await remembered(placeKey(kind, q, o), async () => ({
          places: await provider[kind](q, o, signal),
        }))
      ).places;
  const out: CachedMapsProvider = {
    // Other properties stay visible (the basemap reads the embedded engine's `gazetteer`).
    ...provider,
    answers,
    autocomplete: cached('autocomplete'),
    geocode: cached('geocode'),
    reverse: (lat, lon, o, signal) => provider.reverse(lat, lon, o, signal),
    eta: (origin, destinations, mode, signal) => provider.eta(origin, destinations, mode, signal),
  };
  const { answer } = provider;
  if (answer) {
    out.answer = (q, o, mode, signal) =>
      remembered(placeKey(`answer:${mode}`, q, o), () => answer.call(provider, q, o, mode, signal));
  }
  return out;
}
