/** The embedded maps provider: gazetteer search and reverse geocoding, pluggable travel time. */
import { existsSync } from 'node:fs';
import { DEFAULT_INDEX_PATH, buildIndex } from './build/build-index.js';
import { createEstimateEta } from './eta.js';
import { Gazetteer } from './gazetteer.js';
import { langInfo } from './normalise.js';
import { Searcher } from './search.js';
import type { EtaService, MapsProvider } from './types.js';

export interface EmbeddedProviderOptions {
  /** Index file (default packages/geo/dist/gazetteer.v1.bin, or $LOCATOR_GEO_INDEX). */
  indexPath?: string;
  /**
   * Build the index first when it is missing (default true) — or also when it is stale
   * ("if-stale": hashes the inputs, ~50 ms; useful in development and tests).
   */
  build?: boolean | 'if-stale';
  /** Travel-time service (default: the embedded estimate); see createOsrmEta/createValhallaEta. */
  eta?: EtaService;
  log?: (msg: string) => void;
}

export interface EmbeddedProvider extends MapsProvider {
  /** The loaded gazetteer (for diagnostics and the benchmark). */
  readonly gazetteer: Gazetteer;
  answer: NonNullable<MapsProvider['answer']>;
}

export async function loadEmbeddedProvider(
  opts: EmbeddedProviderOptions = {},
): Promise<EmbeddedProvider> {
  const path = opts.indexPath ?? process.env.LOCATOR_GEO_INDEX ?? DEFAULT_INDEX_PATH;
  const build = opts.build ?? true;
  if (build === 'if-stale' || (build && !existsSync(path))) {
    await buildIndex({ path, ...(opts.log ? { log: opts.log } : {}) });
  }
  return createEmbeddedProvider(await Gazetteer.load(path), opts.eta);
}

export function createEmbeddedProvider(g: Gazetteer, eta: EtaService = createEstimateEta()) {
  const searcher = new Searcher(g);
  const provider: EmbeddedProvider = {
    gazetteer: g,
    autocomplete(q, o, signal) {
      return run(signal, () => searcher.autocomplete(q, o));
    },
    geocode(q, o, signal) {
      return run(signal, () => searcher.geocode(q, o));
    },
    answer(q, o, mode, signal) {
      return run(signal, () => searcher.answer(q, o, mode));
    },
    reverse(lat, lon, o, signal) {
      return run(signal, () => searcher.reverse(lat, lon, langInfo(o.lang)));
    },
    eta(origin, destinations, mode, signal) {
      return eta.eta(origin, destinations, mode, signal);
    },
    findsPostcodes(countryCode) {
      return g.hasPostcodes(countryCode);
    },
  };
  return provider;
}

function run<T>(signal: AbortSignal | undefined, f: () => T): Promise<T> {
  try {
    signal?.throwIfAborted();
    return Promise.resolve(f());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
