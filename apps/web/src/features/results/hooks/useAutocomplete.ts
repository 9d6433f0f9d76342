import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Place } from '../../../lib/maps';
import { useMapsClient } from './mapsContext';

/**
 * Place suggestions for the location field (PRODUCT.md#search-form, #maps-service): debounced and cancelling (the maps
 * client), `loading` while a request is pending, limited to the search countries.
 */
export function useAutocomplete(countries: readonly string[], lang: string) {
  const maps = useMapsClient();
  const autocompleter = useMemo(() => maps.autocompleter(), [maps]);
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [loading, setLoading] = useState(false);
  const key = countries.join(',');

  useEffect(() => () => autocompleter.cancel(), [autocompleter]);

  /** Resolves with the new suggestions, or undefined when a later request superseded it. */
  const request = useCallback(
    async (text: string): Promise<Place[] | undefined> => {
      if (text.trim() === '') {
        autocompleter.cancel();
        setLoading(false);
        setSuggestions([]);
        return [];
      }
      setLoading(true);
      const places = await autocompleter.suggest({
        q: text,
        countries: key === '' ? [] : key.split(','),
        lang,
      });
      if (places === undefined) return undefined; // superseded by a later request
      setLoading(false);
      setSuggestions(places);
      return places;
    },
    [autocompleter, key, lang],
  );

  const clear = useCallback(() => {
    autocompleter.cancel();
    setLoading(false);
    setSuggestions([]);
  }, [autocompleter]);

  return { suggestions, loading, request, clear };
}
