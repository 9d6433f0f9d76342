/**
 * Where a row's store is, from the offline maps engine (@locator/geo): the point-in-country
 * check of given coordinates, and the geocoding of rows that have an address only.
 */
import { CountryLocator, nearestPlace, type EmbeddedProvider } from '@locator/geo';

/** True when the point is inside the country (ISO alpha-2, upper case), coast tolerance included. */
export type CountryCheck = (latitude: number, longitude: number, country: string) => boolean;

/** How far (km) outside the land polygons a store may be: harbours, piers, small islands. */
export const COAST_TOLERANCE_KM = 10;

/**
 * How near (km) a gazetteer place of the country must be when the polygons disagree: islands
 * the 1:10m polygons lack or count as their sovereign's (Guadeloupe, Bonaire), and borders
 * drawn differently from the gazetteer's.
 */
export const PLACE_TOLERANCE_KM = 25;

const RINGS_KM = [2, 5, COAST_TOLERANCE_KM];
const BEARINGS = 12;

export function countryCheck(maps: EmbeddedProvider): CountryCheck {
  const g = maps.gazetteer;
  const locator = new CountryLocator(g);
  const at = (lat: number, lon: number) => {
    const c = locator.countryAt(lat, lon);
    return c === undefined ? undefined : g.countryCode(c);
  };
  return (lat, lon, country) => {
    const here = at(lat, lon);
    if (here === country) return true;
    const index = g.countryIndex(country);
    const place = index === undefined ? null : nearestPlace(g, lat, lon, PLACE_TOLERANCE_KM, index);
    if (place && place.distanceMetres <= PLACE_TOLERANCE_KM * 1000) return true;
    // At sea, or across a border drawn at 1:10m: any point within the tolerance in the country.
    for (const km of RINGS_KM) {
      const dLat = km / 111.2;
      const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
      for (let b = 0; b < BEARINGS; b++) {
        const a = (2 * Math.PI * b) / BEARINGS;
        if (at(lat + dLat * Math.sin(a), lon + dLon * Math.cos(a)) === country) return true;
      }
    }
    return false;
  };
}

/** The address parts of a row to place. */
export interface AddressParts {
  street: string;
  postalCode: string;
  city: string;
  state: string;
}

/** A placed address: where, and how precisely ("postcode" or "town"). */
export interface GeocodeHit {
  latitude: number;
  longitude: number;
  quality: string;
  /** What matched, as the geocoder names it. */
  matched: string;
}

/** Places an address in a country; undefined when it cannot be placed without guessing. */
export type Geocoder = (
  address: string,
  country: string,
  parts?: AddressParts,
) => Promise<GeocodeHit | { latitude: number; longitude: number } | undefined>;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The embedded gazetteer as the import's geocoder. It knows postcodes and towns, not streets:
 * the row's postcode is placed when the gazetteer has it, else its town; a match counts only
 * when it is that postcode or that town in the row's country — never the nearest look-alike.
 */
export function embeddedGeocoder(maps: EmbeddedProvider): Geocoder {
  return async (address, country, parts) => {
    const tries: {
      query: string;
      quality: 'postcode' | 'town';
      accept: (name: string) => boolean;
    }[] = [];
    if (parts?.postalCode) {
      const want = fold(parts.postalCode).replace(/ /g, '');
      tries.push({
        query: `${parts.postalCode} ${parts.city}`.trim(),
        quality: 'postcode',
        accept: (name) => fold(name).replace(/ /g, '').startsWith(want),
      });
    }
    if (parts?.city) {
      const want = fold(parts.city);
      tries.push({ query: parts.city, quality: 'town', accept: (name) => fold(name) === want });
    }
    if (!parts) tries.push({ query: address, quality: 'town', accept: () => true });
    for (const t of tries) {
      const places = await maps.geocode(t.query, { countries: [country], lang: 'en', limit: 5 });
      const hit = places.find(
        (p) =>
          p.countryCode === country &&
          (t.quality === 'postcode' ? p.kind === 'postcode' : p.kind === 'place') &&
          t.accept(p.lines[0]),
      );
      if (hit) {
        return {
          latitude: hit.latitude,
          longitude: hit.longitude,
          quality: t.quality,
          matched: hit.formattedAddress,
        };
      }
    }
    return undefined;
  };
}
