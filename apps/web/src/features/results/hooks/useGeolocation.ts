import { useCallback, useEffect, useRef, useState } from 'react';

export const GEOLOCATION_TIMEOUT_MS = 15_000;

export type Located = { latitude: number; longitude: number };

/**
 * The device's position (PRODUCT.md#geolocation): `locating` while asking, `denied` once the visitor (or the
 * browser) refused, checked at start through the Permissions API where there is one.
 * Resolves undefined when no position could be had.
 */
export function useGeolocation() {
  const [locating, setLocating] = useState(false);
  const [denied, setDenied] = useState(false);
  const mounted = useRef(true);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  useEffect(() => {
    mounted.current = true;
    let status: PermissionStatus | undefined;
    const update = () => {
      if (status && mounted.current) setDenied(status.state === 'denied');
    };
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      mounted.current = false;
      status?.removeEventListener('change', update);
    };
  }, []);

  const locate = useCallback((): Promise<Located | undefined> => {
    if (!supported) return Promise.resolve(undefined);
    setLocating(true);
    return new Promise<Located | undefined>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (position) => {
          resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        },
        (error) => {
          if (error.code === error.PERMISSION_DENIED && mounted.current) setDenied(true);
          else console.warn('Geolocation failed', error.message);
          resolve(undefined);
        },
        { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
      );
    }).finally(() => {
      if (mounted.current) setLocating(false);
    });
  }, [supported]);

  return { supported, locating, denied, locate };
}
