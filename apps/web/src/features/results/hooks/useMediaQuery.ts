import { useCallback, useSyncExternalStore } from 'react';

/** The narrow-screen breakpoint (PRODUCT.md#results-page, #display). */
export const NARROW_QUERY = '(max-width: 1068px)';

/** Whether a media query matches, updated on change; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
