/**
 * A place's name in the data language, chosen from GeoNames' alternate names by the same rule
 * the maps use for their display names (`@locator/geo` pickDisplayName: by the language's
 * script), so store addresses name a city as the search box does. Latin-script languages keep
 * the GeoNames name.
 */
import { foldText, isNonLatin, langInfo, orderForDisplay, pickDisplayName } from '@locator/geo';

/** The place's name in the data language ("zh-Hant" for Traditional Chinese). */
export function localName(
  place: { name: string; alternates: string },
  country: string,
  lang: string,
): string {
  const info = langInfo(lang);
  const nonLatin: string[] = [];
  const latinKeys = new Set<string>([foldText(place.name).replace(/ /g, '')]);
  for (const name of place.alternates.split(',')) {
    // Vocalised spellings (Hebrew points, Arabic harakat) are not how places are written.
    if (name === '' || /[\u0591-\u05C7\u064B-\u065F]/u.test(name)) continue;
    if (isNonLatin(name)) {
      if (!nonLatin.includes(name)) nonLatin.push(name);
    } else latinKeys.add(foldText(name).replace(/ /g, ''));
  }
  if (nonLatin.length === 0) return place.name;
  return pickDisplayName(
    { name: place.name, nonLatin: orderForDisplay(nonLatin, latinKeys), countryCode: country },
    info,
  );
}
