/**
 * Qualifiers after the place's name ("Paris, TX", "Springfield, IL, US", "Bandra, Mumbai"):
 * the regions or countries they name, or the big city they are near.
 */
import { NO_REGION, type Gazetteer } from './gazetteer.js';
import { distanceMetres } from './geo-math.js';
import { foldText } from './normalise.js';
import type { CountryMask, PlaceRanker, QualifierFilter, SearchMode } from './ranking.js';

/**
 * A qualifier naming a city of `minPeople` looks for the place within `km` of it first; a place
 * of that name elsewhere in a region of the same name needs `minTown` people.
 */
export const CITY_QUALIFIER = { minPeople: 500_000, km: 30, minTown: 10_000 };

/**
 * A qualifier that names a city of CITY_QUALIFIER.minPeople (and no country): a filter for
 * places within CITY_QUALIFIER.km of it.
 */
export function cityQualifier(
  ranker: PlaceRanker,
  g: Gazetteer,
  text: string,
  mask: CountryMask | null,
): { near: QualifierFilter } | null {
  const key = foldText(text);
  if (!key || g.areasMatching(key, false).countries.size > 0) return null;
  const cities = ranker
    .rank(text, mask, null, 'geocode', 5, undefined)
    .filter((c) => c.exact && (g.placePop[c.place] ?? 0) >= CITY_QUALIFIER.minPeople);
  if (cities.length === 0) return null;
  return {
    near: (p) =>
      cities.some(
        (c) =>
          distanceMetres(
            g.placeLat[p] ?? 0,
            g.placeLon[p] ?? 0,
            g.placeLat[c.place] ?? 0,
            g.placeLon[c.place] ?? 0,
          ) /
            1000 <=
          CITY_QUALIFIER.km,
      ),
  };
}

/**
 * Which regions and countries the qualifiers name (all must match: "Springfield, IL, US").
 * In autocomplete the last qualifier may be incomplete, so it matches as a prefix.
 */
export function qualifierFilter(
  g: Gazetteer,
  qualifiers: string[],
  mode: SearchMode,
): QualifierFilter | null {
  const filters: { regions: Set<number>; countries: Set<number> }[] = [];
  qualifiers.forEach((raw, n) => {
    const key = foldText(raw);
    if (!key) return;
    const prefix = mode === 'autocomplete' && n === qualifiers.length - 1;
    filters.push(g.areasMatching(key, prefix));
  });
  if (filters.length === 0) return null;
  if (filters.some((f) => f.regions.size === 0 && f.countries.size === 0)) return null;
  return (place) => {
    const r = g.placeRegion[place] ?? NO_REGION;
    const c = g.placeCountry[place] ?? 0;
    return filters.every((f) => f.countries.has(c) || f.regions.has(r));
  };
}
