/**
 * A store's IANA time zone from its position (OpenStreetMap-based time-zone boundaries through
 * @photostructure/tz-lookup, about 100 KB, no I/O), for hours given without one.
 */
import tzlookup from '@photostructure/tz-lookup';

export function timeZoneAt(latitude: number, longitude: number): string {
  return tzlookup(latitude, longitude);
}
