/** Search paths of the load scripts: real cities (population-weighted) of configured countries. */
import type { ConfigService } from '../../apps/server/src/config/service.js';
import { loadCities } from '../../apps/server/src/demo/cities.js';
import { Rng } from '../../apps/server/src/demo/rng.js';

export function searchPaths(config: ConfigService, n: number, seed = 11): string[] {
  const cities = loadCities();
  const rng = new Rng(seed);
  const countries = config.countries().filter((c) => !c.catchAll && cities.has(c.countryCode));
  const out: string[] = [];
  while (out.length < n) {
    const c = countries[Math.floor(rng.next() * countries.length)]!;
    const list = cities.get(c.countryCode)!;
    const city = list.cities[rng.weighted(list.cumulative)]!;
    out.push(
      `/api/v1/grlui/${c.urlCode}/${c.langs[0]!.code}/sales?pt=all&lat=${city.latitude}` +
        `&lon=${city.longitude}&maxrad=100&maxResult=99`,
    );
  }
  return out;
}
