/**
 * What the load scripts send: real cities (population-weighted) of configured countries, and
 * search paths at them.
 */
import type { ConfigService } from '../../apps/server/src/config/service.js';
import { loadCities, type City } from '../../apps/server/src/demo/cities.js';
import { Rng } from '../../apps/server/src/demo/rng.js';

type Country = ReturnType<ConfigService['countries']>[number];

export interface CityPick {
  country: Country;
  city: City;
  rng: Rng;
}

/** `n` cities of configured countries (a country at random, then a city by population). */
export function cityPicks(config: ConfigService, n: number, seed: number): CityPick[] {
  const cities = loadCities();
  const rng = new Rng(seed);
  const countries = config.countries().filter((c) => !c.catchAll && cities.has(c.countryCode));
  return Array.from({ length: n }, () => {
    const country = countries[Math.floor(rng.next() * countries.length)]!;
    const list = cities.get(country.countryCode)!;
    return { country, city: list.cities[rng.weighted(list.cumulative)]!, rng };
  });
}

/** Search paths at real cities of configured countries. */
export function searchPaths(config: ConfigService, n: number, seed = 11): string[] {
  return cityPicks(config, n, seed).map(
    ({ country: c, city }) =>
      `/api/v1/grlui/${c.urlCode}/${c.langs[0]!.code}/sales?pt=all&lat=${city.latitude}` +
      `&lon=${city.longitude}&maxrad=100&maxResult=99`,
  );
}
