import { useSyncExternalStore } from 'react';

/** window.devicePixelRatio, updated when it changes (zoom, moving to another screen). */
export function useDevicePixelRatio(): number {
  return useSyncExternalStore(subscribe, read, () => 1);
}

function read(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  let query: MediaQueryList | undefined;
  const listen = () => {
    query?.removeEventListener('change', handle);
    query = window.matchMedia(`(resolution: ${read()}dppx)`);
    query.addEventListener('change', handle);
  };
  const handle = () => {
    listen();
    onChange();
  };
  listen();
  return () => query?.removeEventListener('change', handle);
}
