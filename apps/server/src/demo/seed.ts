/**
 * Loads the demo data set into an empty database (start-up of the embedded database) and
 * records what is loaded in the meta table: dataset "demo", its version and seed.
 */
import type { Database } from '../db/types.js';
import { DATASET_DEMO, META_DATASET, META_DEMO_VERSION } from '../db/dataset.js';
import type { ConfigService } from '../config/service.js';
import { loadEmbeddedProvider, nameInLanguage, type Gazetteer } from '@locator/geo';
import { DEMO_SEED, DEMO_STORE_COUNT, DEMO_VERSION, generateDemoStores } from './generate.js';
import { gazetteerPostcodes } from './postcodes.js';
import { releaseCities } from './cities.js';

/** The embedded gazetteer; without it the generator's patterns and names stay. */
async function gazetteer(): Promise<Gazetteer | undefined> {
  try {
    return (await loadEmbeddedProvider()).gazetteer;
  } catch {
    return undefined;
  }
}

export interface SeedResult {
  loaded: boolean;
  stores: number;
  ms: number;
}

/** True when the database holds the demo data set. */
export async function isDemoDataset(db: Database): Promise<boolean> {
  return (await db.meta.get(META_DATASET)) === DATASET_DEMO;
}

/**
 * Loads the demo stores when the database has no stores, or when it holds another demo
 * version (brand, count); data a person wrote (an import, the admin API) is never replaced,
 * whatever the settings: the load checks in its own transaction that the data is demo-only.
 */
export async function seedDemoIfEmpty(
  db: Database,
  config: ConfigService,
  brand: string,
  count = DEMO_STORE_COUNT,
): Promise<SeedResult> {
  const started = Date.now();
  const existing = await db.stores.count();
  const dataset = await db.meta.get(META_DATASET);
  const version = await db.meta.get(META_DEMO_VERSION);
  const stale = dataset === DATASET_DEMO && version !== `${DEMO_VERSION}:${count}:${brand}`;
  if (existing > 0 && !stale) return { loaded: false, stores: existing, ms: Date.now() - started };
  const g = await gazetteer();
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand,
    count,
    seed: DEMO_SEED,
    ...(g
      ? {
          postcodes: gazetteerPostcodes(g),
          placeName: (cc: string, name: string, lang: string) => nameInLanguage(g, name, cc, lang),
        }
      : {}),
  });
  releaseCities();
  // Refused (nothing changed) unless the stored data is provably demo-only (db/dataset.ts).
  const loaded = await db.stores.replaceDemo(records, `${DEMO_VERSION}:${count}:${brand}`);
  if (!loaded) return { loaded: false, stores: existing, ms: Date.now() - started };
  return { loaded: true, stores: records.length, ms: Date.now() - started };
}
