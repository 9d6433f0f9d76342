/**
 * The admin API's point-in-country check, from the embedded maps engine's gazetteer, loaded on
 * the first write (as the basemap loads it). Without a built gazetteer the check is skipped,
 * and said so once in the log.
 */
import { countryCheck, type CountryCheck } from '../imports/placement.js';

export function lazyCountryCheck(
  log: (msg: string) => void,
): () => Promise<CountryCheck | undefined> {
  let loading: Promise<CountryCheck | undefined> | undefined;
  return () =>
    (loading ??= import('@locator/geo')
      .then(({ loadEmbeddedProvider }) => loadEmbeddedProvider({ build: false }))
      .then(countryCheck)
      .catch((err: unknown) => {
        log(`admin API: stores are not checked against country borders (${String(err)})`);
        return undefined;
      }));
}
