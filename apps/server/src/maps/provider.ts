/**
 * Chooses the maps provider from configuration: the embedded engine (default) with travel time
 * from the embedded estimate, OSRM or Valhalla (ROUTING, ROUTING_URL).
 */
import {
  createOsrmEta,
  createValhallaEta,
  loadEmbeddedProvider,
  type EtaService,
  type MapsProvider,
} from '@locator/geo';
import type { Env } from '../env.js';

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
): Promise<MapsProvider> {
  const eta = etaServiceFor(env);
  return loadEmbeddedProvider({ log, ...(eta ? { eta } : {}) });
}
