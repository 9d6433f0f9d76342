/**
 * Production geocoders: the place-search half of a MapsProvider, backed by a
 * Photon or Nominatim HTTP service chosen by configuration. `withGeocoder` combines one with a
 * travel-time service into a whole MapsProvider.
 */
import type { EtaService, MapsProvider, Place } from '../types.js';

export type Geocoder = Pick<MapsProvider, 'autocomplete' | 'geocode' | 'reverse'>;

export function withGeocoder(geocoder: Geocoder, eta: EtaService): MapsProvider {
  return {
    autocomplete: (q, o, s) => geocoder.autocomplete(q, o, s),
    geocode: (q, o, s) => geocoder.geocode(q, o, s),
    reverse: (lat, lon, o, s) => geocoder.reverse(lat, lon, o, s),
    eta: (origin, destinations, mode, s) => eta.eta(origin, destinations, mode, s),
  };
}

/** Upper-case ISO codes, "UK" read as "GB"; undefined for "anywhere". */
export function countryFilter(countries: readonly string[] | undefined): Set<string> | undefined {
  if (!countries || countries.length === 0) return undefined;
  return new Set(countries.map((c) => (c.toUpperCase() === 'UK' ? 'GB' : c.toUpperCase())));
}

export interface AddressParts {
  name?: string | undefined;
  street?: string | undefined;
  housenumber?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  countryCode?: string | undefined;
  latitude: number;
  longitude: number;
}

/** Two display lines (place; region, country) and a one-line address from address parts. */
export function placeFromParts(p: AddressParts): Place | undefined {
  if (!Number.isFinite(p.latitude) || !Number.isFinite(p.longitude)) return undefined;
  const street = [p.housenumber, p.street].filter(Boolean).join(' ');
  const first = p.name || street || p.postcode || p.city || p.state || p.country || '';
  const rest = [p.city, p.state, p.country].filter(
    (v, i, all): v is string => !!v && v !== first && all.indexOf(v) === i,
  );
  const second = rest.join(', ');
  const place: Place = {
    lines: [first, second],
    formattedAddress: [first, second].filter(Boolean).join(', '),
    latitude: p.latitude,
    longitude: p.longitude,
    countryCode: (p.countryCode ?? '').toUpperCase(),
    kind: p.name || street ? 'place' : p.postcode ? 'postcode' : 'place',
  };
  if (p.state) place.region = p.state;
  return place;
}
