/** Shared by the tests that need the real gazetteer: build it if stale (locked), load once. */
import { loadEmbeddedProvider, type EmbeddedProvider } from '../src/index.js';

let provider: Promise<EmbeddedProvider> | undefined;

export function embeddedProvider(): Promise<EmbeddedProvider> {
  provider ??= loadEmbeddedProvider({ build: 'if-stale' });
  return provider;
}

/** Index build (when stale) plus load can take a while on 2 cores. */
export const INDEX_TIMEOUT_MS = 120_000;
