/**
 * What a visitor's map asks for around real cities of the configured countries: basemap tiles of
 * every zoom, static maps, autocomplete and geocoding (bench:memory and its breakdown).
 */
import type { ConfigService } from '../../apps/server/src/config/service.js';
import { cityPicks } from './search-paths.js';

/** Web Mercator tile of a position. */
export function tileOf(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

/** Tiles, static maps and place look-ups around `n` real cities (five paths each). */
export function mapPaths(config: ConfigService, n: number): string[] {
  return cityPicks(config, n, 23).flatMap(({ country: c, city, rng }) => {
    const z = 2 + Math.floor(rng.next() * 11);
    const [x, y] = tileOf(city.latitude, city.longitude, z);
    const lang = c.langs[0]!.code;
    const q = encodeURIComponent(city.name.slice(0, 3 + Math.floor(rng.next() * 4)));
    return [
      `/basemap/geo/${z}/${x}/${y}.pbf`,
      `/basemap/places/${z}/${x}/${y}.pbf?lang=${lang}`,
      `/basemap/static.svg?lat=${city.latitude.toFixed(5)}&lon=${city.longitude.toFixed(5)}` +
        `&z=12&w=640&h=320&lang=${lang}`,
      `/api/v1/maps/autocomplete?q=${q}&countries=${c.countryCode}&lang=${lang}`,
      `/api/v1/maps/geocode?q=${encodeURIComponent(city.name)}&countries=${c.countryCode}` +
        `&lang=${lang}`,
    ];
  });
}
