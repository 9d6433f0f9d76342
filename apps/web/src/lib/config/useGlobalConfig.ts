import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { toLoadedConfig, type ConfigState, type ConfigStore } from './global-config';

export const ConfigStoreContext = createContext<ConfigStore | null>(null);

/**
 * The configuration of the locale's country (PRODUCT.md#home-page, #data-states): loads it when the country has
 * none yet and re-renders on change; `retry` reloads after a failure. A response that cannot
 * be turned into a configuration throws here, during rendering (the error screen of 2.7).
 */
export function useGlobalConfig(locale: string): ConfigState & { retry: () => void } {
  const store = useContext(ConfigStoreContext);
  if (!store) throw new Error('useGlobalConfig needs a ConfigStoreContext provider');
  const raw = useSyncExternalStore(
    store.subscribe,
    () => store.get(locale),
    () => store.get(locale),
  );
  useEffect(() => store.ensure(locale), [store, locale]);
  const retry = useCallback(() => store.ensure(locale, true), [store, locale]);
  const state = useMemo((): ConfigState => {
    if (raw.status !== 'ready') return raw;
    const config = toLoadedConfig(locale, raw.response);
    return config
      ? { status: 'ready', config }
      : { status: 'error', message: 'globalmatrix: no configuration for this country' };
  }, [raw, locale]);
  return { ...state, retry };
}
