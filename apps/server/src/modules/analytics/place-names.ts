/**
 * Names of the rounded positions of analytics events ("Inverness, Scotland, United Kingdom"),
 * by reverse geocoding with the maps engine — the embedded gazetteer (@locator/geo), loaded once
 * when no engine is given. The report and the console's demand dashboard name places with it.
 * Without a gazetteer (not built), undefined: the places are shown as their coordinates.
 */
import type { MapsProvider } from '@locator/geo';

export type PlaceNamer = (lat: number, lon: number) => Promise<string | undefined>;

export function placeNamer(
  maps: Pick<MapsProvider, 'reverse'> | undefined,
  log: (msg: string) => void = () => {},
): PlaceNamer {
  let engine: Promise<Pick<MapsProvider, 'reverse'> | undefined> | undefined;
  return async (lat, lon) => {
    engine ??= maps
      ? Promise.resolve(maps)
      : import('@locator/geo')
          .then((geo) => geo.loadEmbeddedProvider({ build: false }))
          .catch((err: unknown) => {
            log(`places are shown as coordinates: ${(err as Error).message}`);
            return undefined;
          });
    const p = await (await engine)?.reverse(lat, lon, { lang: 'en' });
    return p ? p.lines.filter(Boolean).join(', ') : undefined;
  };
}
