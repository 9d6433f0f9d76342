/**
 * Place names of the store data in a page's language: a store's city as its address writes it
 * ("Munich") is named as the gazetteer names that place in the page's language where it has a
 * name tagged with it (München on a German page, Wien for Vienna; @locator/geo nameInLanguage).
 * Without the embedded maps engine's gazetteer, names stay as the data writes them.
 */
import type { Gazetteer, MapsProvider } from '@locator/geo';

export interface PlaceNamer {
  /** The name of a country's place in a language (a BCP 47 tag). */
  name(countryCode: string, name: string, lang: string): string;
  /** True when two names (or path segments: "munich") name the same place of the country. */
  same(countryCode: string, a: string, b: string): boolean;
}

/** Names as the data writes them. */
export const dataNames: PlaceNamer = { name: (_country, name) => name, same: () => false };

/**
 * The namer of the maps engine's gazetteer (the embedded engine's own, else the built index,
 * loaded once); `dataNames` when there is none.
 */
export function gazetteerNamer(
  maps: MapsProvider | undefined,
  log: (msg: string) => void = () => {},
): () => Promise<PlaceNamer> {
  let loading: Promise<PlaceNamer> | undefined;
  const own = (maps as { gazetteer?: Gazetteer } | undefined)?.gazetteer;
  return () =>
    (loading ??= import('@locator/geo').then(async (geo) => {
      try {
        const g = own ?? (await geo.loadEmbeddedProvider({ build: false })).gazetteer;
        const cache = new Map<string, string>();
        return {
          name(country: string, name: string, lang: string): string {
            const key = `${country}|${lang}|${name}`;
            let out = cache.get(key);
            if (out === undefined) {
              out = geo.nameInLanguage(g, name, country, lang);
              cache.set(key, out);
            }
            return out;
          },
          same(country: string, a: string, b: string): boolean {
            const place = geo.placeNamed(g, a.replace(/-/g, ' '), country);
            return place !== undefined && place === geo.placeNamed(g, b, country);
          },
        };
      } catch (err) {
        log(`store pages: place names as the data writes them (${String(err)})`);
        return dataNames;
      }
    }));
}
