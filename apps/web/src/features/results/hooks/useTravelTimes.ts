import { useEffect, useMemo, useState } from 'react';
import type { Store, TravelMode } from '@locator/core';
import type { Eta } from '../../../lib/maps';
import { useMapsClient } from './mapsContext';

export type TravelTimes =
  | { status: 'loading' }
  | { status: 'ready'; mode: TravelMode; byStore: ReadonlyMap<string, Eta> }
  | { status: 'failed' };

/**
 * Travel times from the searched position to the shown stores (PRODUCT.md#results-page, #maps-service): one ETA
 * request per page and mode, cancelling the pending one; a failure is logged by the maps client
 * and ends the loading state.
 */
export function useTravelTimes(
  origin: { latitude: number; longitude: number },
  stores: readonly Store[],
  mode: TravelMode,
  enabled: boolean,
): TravelTimes {
  const maps = useMapsClient();
  const requester = useMemo(() => maps.etaRequester(), [maps]);
  const [state, setState] = useState<{ key: string; times: TravelTimes }>({
    key: '',
    times: { status: 'loading' },
  });
  const ids = stores.map((s) => s.id).join('|');
  const key = `${mode}|${origin.latitude},${origin.longitude}|${ids}`;

  useEffect(() => () => requester.cancel(), [requester]);
  useEffect(() => {
    if (!enabled || stores.length === 0) return;
    let current = true;
    void requester.request({ origin, destinations: stores, mode }).then((etas) => {
      if (!current) return;
      if (!etas) {
        setState({ key, times: { status: 'failed' } });
        return;
      }
      const byStore = new Map<string, Eta>();
      stores.forEach((s, i) => {
        const eta = etas[i];
        if (eta) byStore.set(s.id, eta);
      });
      setState({ key, times: { status: 'ready', mode, byStore } });
    });
    return () => {
      current = false;
    };
    // `key` covers origin, stores and mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, requester]);

  return state.key === key ? state.times : { status: 'loading' };
}
