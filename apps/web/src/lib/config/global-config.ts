/**
 * Global configuration (PRODUCT.md#home-page, #data-states, #product-api): the preloaded response embedded in the host page
 * when present, otherwise GET /api/v1/grlui/{country}/{lang}/globalmatrix (30 s time-out).
 * Held per country: loaded once and refetched only when the country changes.
 *
 * The web app reads a fetched answer with its one contract (./read-matrix.ts); the embeddable
 * elements pass a reader of their own (embed/data.ts says why).
 */
import {
  API_BASE,
  buildChannels,
  localeParts,
  selectCountryConfig,
  type Channel,
  type ChannelKey,
  type CountryConfig,
  type GlobalMatrixResponse,
} from '@locator/core';
import { readWithSchema, type MatrixReader } from './read-matrix';

export type { MatrixReader };

export const CONFIG_TIMEOUT_MS = 30_000;

export interface LoadedConfig {
  country: CountryConfig;
  channels: Partial<Record<ChannelKey, Channel>>;
}

export type ConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: LoadedConfig }
  | { status: 'error'; message: string };

export function globalMatrixPath(country: string, lang: string): string {
  return `${API_BASE}/${encodeURIComponent(country)}/${encodeURIComponent(lang)}/globalmatrix`;
}

/** Selects the country's configuration (catch-all for regions) and builds its channels. */
export function toLoadedConfig(
  locale: string,
  response: GlobalMatrixResponse,
): LoadedConfig | undefined {
  const { country, lang } = localeParts(locale);
  const selected = selectCountryConfig(country, response);
  if (!selected) return undefined;
  return { country: selected, channels: buildChannels(selected, { lang }) };
}

export async function fetchGlobalMatrix(
  country: string,
  lang: string,
  fetchImpl: typeof fetch,
  read: MatrixReader,
): Promise<GlobalMatrixResponse> {
  const res = await fetchImpl(globalMatrixPath(country, lang), {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`globalmatrix: HTTP ${res.status}`);
  return read(await res.json());
}

type Listener = () => void;

/**
 * The raw globalmatrix response per country, loaded once per country. Turning it into the
 * country configuration and channels happens while rendering (`useGlobalConfig`), so that a
 * malformed configuration is a render failure caught by the error boundary (PRODUCT.md#error-screen), while
 * a failed request is the error state of PRODUCT.md#errors.
 */
export type RawConfigState =
  | { status: 'loading' }
  | { status: 'ready'; response: GlobalMatrixResponse }
  | { status: 'error'; message: string };

const LOADING: RawConfigState = Object.freeze({ status: 'loading' });

export class ConfigStore {
  private states = new Map<string, RawConfigState>();
  private listeners = new Set<Listener>();

  constructor(private readonly fetchImpl: typeof fetch = (...a) => fetch(...a)) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(locale: string): RawConfigState {
    return this.states.get(localeParts(locale).country) ?? LOADING;
  }

  /** Seeds the state from the host page's preloaded response (PRODUCT.md#home-page). */
  preload(locale: string, response: GlobalMatrixResponse | undefined): void {
    if (response) this.set(localeParts(locale).country, { status: 'ready', response });
  }

  /** Loads the locale's country unless it is loaded or loading; `retry` reloads after an error. */
  ensure(locale: string, retry = false): void {
    const { country, lang } = localeParts(locale);
    const state = this.states.get(country);
    if (state && (state.status !== 'error' || !retry)) return;
    this.set(country, LOADING);
    fetchGlobalMatrix(country, lang, this.fetchImpl, readWithSchema).then(
      (response) => this.set(country, { status: 'ready', response }),
      (error: unknown) =>
        this.set(country, {
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  /**
   * A locale's configuration answer, for a look at another country (its site offered for a
   * place found there): the loaded one, else fetched without keeping it; undefined on failure.
   */
  async response(locale: string): Promise<GlobalMatrixResponse | undefined> {
    const { country, lang } = localeParts(locale);
    const state = this.states.get(country);
    if (state?.status === 'ready') return state.response;
    try {
      return await fetchGlobalMatrix(country, lang, this.fetchImpl, readWithSchema);
    } catch {
      return undefined;
    }
  }

  private set(country: string, state: RawConfigState): void {
    this.states.set(country, state);
    this.listeners.forEach((l) => l());
  }
}
