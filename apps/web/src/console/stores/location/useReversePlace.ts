/**
 * The place at the pin, from the maps engine's reverse geocoding (`GET /api/v1/maps/reverse`,
 * lib/maps/api.ts): looked up once the pin has rested `delayMs`, a newer position cancelling
 * the lookup of the last.
 */
import { useEffect, useState } from 'react';
import { fetchReverse, type FetchLike } from '../../../lib/maps/api';
import type { PlaceLookup } from './pin-position';

/** How long the pin rests before its place is looked up (a drag or held arrow key moves it often). */
export const REVERSE_DELAY_MS = 400;

export function useReversePlace(
  lat: number | null,
  lon: number | null,
  lang: string,
  options: { delayMs?: number; fetchImpl?: FetchLike } = {},
): PlaceLookup {
  const { delayMs = REVERSE_DELAY_MS, fetchImpl } = options;
  const [lookup, setLookup] = useState<{ key: string; result: PlaceLookup }>({
    key: '',
    result: { kind: 'none' },
  });
  const key = lat === null || lon === null ? '' : `${lat},${lon},${lang}`;

  useEffect(() => {
    if (lat === null || lon === null) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchReverse({ latitude: lat, longitude: lon, lang }, abort.signal, fetchImpl).then(
        (place) =>
          setLookup({
            key: `${lat},${lon},${lang}`,
            result: place
              ? { kind: 'found', name: place.formattedAddress, countryCode: place.countryCode }
              : { kind: 'nothing' },
          }),
        () => {
          if (!abort.signal.aborted)
            setLookup({ key: `${lat},${lon},${lang}`, result: { kind: 'failed' } });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [lat, lon, lang, delayMs, fetchImpl]);

  if (key === '') return { kind: 'none' };
  return lookup.key === key ? lookup.result : { kind: 'loading' };
}
