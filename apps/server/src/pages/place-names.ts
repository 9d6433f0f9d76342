/**
 * Place names of the store data in a page's language: a store's city as its address writes it
 * ("Munich") is named as the gazetteer names that place in the page's language where it has a
 * name tagged with it (München on a German page, Wien for Vienna; @locator/geo nameInLanguage).
 * Without the embedded maps engine's gazetteer, names stay as the data writes them.
 */
import type { Gazetteer, MapsProvider } from '@locator/geo';

/** The name of a country's place in a language (a BCP 47 tag). */
export type PlaceNamer = (countryCode: string, name: string, lang: string) => string;

/** Names as the data writes them. */
export const dataNames: PlaceNamer = (_country, name) => name;

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
    (loading ??= import('@locator/geo').then(async ({ loadEmbeddedProvider, nameInLanguage }) => {
      try {
        const g = own ?? (await loadEmbeddedProvider({ build: false })).gazetteer;
        const cache = new Map<string, string>();
        return (country: string, name: string, lang: string): string => {
          const key = `${country}|${lang}|${name}`;
          let out = cache.get(key);
          if (out === undefined) {
            out = nameInLanguage(g, name, country, lang);
            cache.set(key, out);
          }
          return out;
        };
      } catch (err) {
        log(`store pages: place names as the data writes them (${String(err)})`);
        return dataNames;
      }
    }));
}
