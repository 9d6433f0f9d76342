/**
 * Composition root of the data layer: opens the database, loads and validates the country
 * configuration, loads the demo data into an empty database, and builds the API services.
 */
import { openDatabase } from './db/open.js';
import type { Database } from './db/types.js';
import { loadConfigFiles } from './config/load.js';
import { ConfigService } from './config/service.js';
import { isDemoDataset, seedDemoIfEmpty, type SeedResult } from './demo/seed.js';
import { SearchService } from './services/search.js';
import { StatisticsService } from './services/statistics.js';
import { LocalesService } from './services/locales.js';
import type { ApiDeps } from './api/index.js';
import type { Env } from './env.js';
import type { Settings } from './settings.js';

export interface Services {
  db: Database;
  config: ConfigService;
  api: ApiDeps;
  seed?: SeedResult;
  preloadConfig: (locale: string) => Promise<ReturnType<ConfigService['preload']>>;
  close(): Promise<void>;
}

export async function createServices(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'BRAND' | 'MAP_TOKEN'>,
  settings: Settings,
  options: { database?: Database; log?: (msg: string) => void } = {},
): Promise<Services> {
  const files = loadConfigFiles(settings.CONFIG_DIR);
  const config = new ConfigService(files);
  const log = options.log ?? (() => undefined);
  const db = options.database ?? (await openDatabase(env));
  log(`database: ${db.dialect}; ${files.countries.length} countries configured`);
  let seed: SeedResult | undefined;
  if (settings.DEMO_DATA === 'auto') {
    seed = await seedDemoIfEmpty(db, config, env.BRAND, settings.DEMO_STORES);
    if (seed.loaded) log(`demo data loaded: ${seed.stores} stores in ${seed.ms} ms`);
  }
  config.setDemoData(await isDemoDataset(db));
  const token = settings.MAPS_PROVIDER === 'embedded' ? '' : env.MAP_TOKEN;
  const api: ApiDeps = {
    config,
    search: new SearchService(config, db.stores),
    statistics: new StatisticsService(config, db.statistics),
    locales: new LocalesService(settings.LOCALES_DIR),
    mapToken: () => token,
    rateLimits: { search: settings.RATE_LIMIT_SEARCH, statistics: settings.RATE_LIMIT_STATS },
  };
  const services: Services = {
    db,
    config,
    api,
    preloadConfig: async (locale) => config.preload(locale),
    close: () => db.close(),
  };
  if (seed) services.seed = seed;
  return services;
}
