/**
 * Chooses the maps provider from configuration: place search from the embedded engine
 * (default), Photon or Nominatim (GEOCODER, GEOCODER_URL; with GEOCODER_SCOPE=postcodes only for
 * postcodes the embedded engine lacks offline); travel time from the embedded
 * estimate (default), OSRM or Valhalla (ROUTING, ROUTING_URL). Place answers go through a
 * bounded LRU cache (cache.ts).
 */
import {
  createEstimateEta,
  createNominatimGeocoder,
  createPhotonGeocoder,
  withGeocoder,
  withRemotePostcodes,
  createOsrmEta,
  createValhallaEta,
  loadEmbeddedProvider,
  type EtaService,
  type MapsProvider,
} from '@locator/geo';
import type { Env } from '../../env.js';
import { withAnswerCache } from './cache.js';

/** Place answers kept by the server's LRU (about 2 KB each, so ~20 MB at most). */
export const ANSWER_CACHE_ENTRIES = 10_000;

export function etaServiceFor(env: Env): EtaService | undefined {
  switch (env.ROUTING) {
    case 'osrm':
      return createOsrmEta({ baseUrl: env.ROUTING_URL ?? '' });
    case 'valhalla':
      return createValhallaEta({ baseUrl: env.ROUTING_URL ?? '' });
    default:
      return undefined;
  }
}

export async function createMapsProvider(
  env: Env,
  log: (msg: string) => void = () => {},
  { cacheEntries = ANSWER_CACHE_ENTRIES }: { cacheEntries?: number } = {},
): Promise<MapsProvider> {
  return withAnswerCache(await createUncachedProvider(env, log), { entries: cacheEntries });
}

async function createUncachedProvider(env: Env, log: (msg: string) => void): Promise<MapsProvider> {
  const eta = etaServiceFor(env);
  if (env.GEOCODER !== 'embedded' && env.GEOCODER_SCOPE === 'postcodes') {
    const url = env.GEOCODER_URL ?? '';
    const remote =
      env.GEOCODER === 'photon' ? createPhotonGeocoder(url) : createNominatimGeocoder(url);
    const embedded = await loadEmbeddedProvider({ log, ...(eta ? { eta } : {}) });
    return withRemotePostcodes(embedded, remote, log);
  }
  switch (env.GEOCODER) {
    case 'photon':
      return withGeocoder(createPhotonGeocoder(env.GEOCODER_URL ?? ''), eta ?? createEstimateEta());
    case 'nominatim':
      return withGeocoder(
        createNominatimGeocoder(env.GEOCODER_URL ?? ''),
        eta ?? createEstimateEta(),
      );
    default:
      return loadEmbeddedProvider({ log, ...(eta ? { eta } : {}) });
  }
}
