/**
 * The embedded engine for every place search, and a production geocoder (Photon, Nominatim)
 * only for what the engine cannot answer offline: a postcode of a country without offline
 * postcodes (the engine's `postcode-not-offline` notice). Server: GEOCODER_SCOPE=postcodes.
 */
import type { EmbeddedProvider } from '../provider.js';
import type { PlaceAnswer } from '../types.js';
import type { Geocoder } from './geocoder.js';

export function withRemotePostcodes(
  embedded: EmbeddedProvider,
  remote: Geocoder,
  log: (msg: string) => void = () => {},
): EmbeddedProvider {
  const answer: EmbeddedProvider['answer'] = async (q, o, mode, signal) => {
    const local = await embedded.answer(q, o, mode, signal);
    if (local.notice?.code !== 'postcode-not-offline') return local;
    const limited = { ...o, countries: local.notice.countries };
    try {
      const places =
        mode === 'geocode'
          ? await remote.geocode(q, limited, signal)
          : await remote.autocomplete(q, limited, signal);
      return places.length > 0 ? { places } : local;
    } catch (err) {
      if (signal?.aborted) throw err;
      // The service is down or answers nonsense: the visitor still gets the notice.
      log(`postcode geocoder failed: ${err instanceof Error ? err.message : String(err)}`);
      return local;
    }
  };
  const places = async (p: Promise<PlaceAnswer>) => (await p).places;
  return {
    ...embedded,
    answer,
    autocomplete: (q, o, signal) => places(answer(q, o, 'autocomplete', signal)),
    geocode: (q, o, signal) => places(answer(q, o, 'geocode', signal)),
    // The remote geocoder finds the postcodes the embedded engine lacks.
    findsPostcodes: () => true,
  };
}
