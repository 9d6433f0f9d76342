/**
 * Benchmark data: 200,000 demo stores (the deterministic generator) in a SQLite file and in
 * the PostgreSQL database locator_bench (locator_bench_N for another store count N), prepared
 * once and reused; and search points
 * at real cities, weighted by population, each answering a full 99-store page.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { loadCities } from '../../apps/server/src/demo/cities.js';
import { Rng } from '../../apps/server/src/demo/rng.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import type { Database, NearestQuery, StoreRecord } from '../../apps/server/src/db/types.js';

export const STORES = Number(process.env.BENCH_STORES ?? 200_000);
export const BENCH_DIR = join(process.cwd(), 'data', 'bench');
export const SQLITE_FILE = join(BENCH_DIR, `stores-${STORES}.sqlite`);
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** One database per store count, so the sizes of `bench:scale` each keep their data. */
const PG_DB = STORES === 200_000 ? 'locator_bench' : `locator_bench_${STORES}`;
export const PG_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${PG_DB}`);
const MARK = `bench:${STORES}:4`;

let records: StoreRecord[] | undefined;
function stores(config: ConfigService): StoreRecord[] {
  records ??= generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand: 'Lumen',
    count: STORES,
  });
  return records;
}

/**
 * Seconds each database took to load the stores (one transaction), with the machine's load
 * average at the end of it; kept with the data, so a run on prepared data still reports them.
 */
export const loadSeconds: Partial<
  Record<Database['dialect'], { seconds: number; loadAverage?: number[] }>
> = {};

async function fill(db: Database, config: ConfigService, log: (m: string) => void): Promise<void> {
  if ((await db.meta.get('bench')) === MARK && (await db.stores.count()) === STORES) {
    const kept = Number(await db.meta.get('bench-load-seconds'));
    const keptLoad = await db.meta.get('bench-load-average');
    if (Number.isFinite(kept) && kept > 0) {
      loadSeconds[db.dialect] = {
        seconds: kept,
        ...(keptLoad ? { loadAverage: keptLoad.split(',').map(Number) } : {}),
      };
    }
    return;
  }
  const records = stores(config); // generated once, outside the timed load
  const t = Date.now();
  await db.stores.replaceAll(records);
  const seconds = Math.round((Date.now() - t) / 100) / 10;
  await db.meta.set('bench', MARK);
  const loadAverage = loadavg().map((x) => Math.round(x * 100) / 100);
  await db.meta.set('bench-load-seconds', String(seconds));
  await db.meta.set('bench-load-average', loadAverage.join(','));
  loadSeconds[db.dialect] = { seconds, loadAverage };
  log(`${db.dialect}: loaded ${STORES} stores in ${seconds} s`);
}

/** The SQLite data only (in-process benchmarks). */
export async function prepareSqliteData(log: (m: string) => void): Promise<ConfigService> {
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  mkdirSync(BENCH_DIR, { recursive: true });
  const sqlite = openSqlite(SQLITE_FILE);
  await fill(sqlite, config, log);
  await sqlite.close();
  return config;
}

export async function prepareData(log: (m: string) => void): Promise<ConfigService> {
  const config = await prepareSqliteData(log);
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DB]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${PG_DB}`);
  await admin.end();
  const pgdb = await openPostgres(PG_URL);
  await fill(pgdb, config, log);
  await pgdb.close();
  return config;
}

export interface Point {
  path: string;
  /** The same search as the index is asked it. */
  query: NearestQuery;
}

/** Random real city points (population-weighted) where a sales search fills 99 results. */
export async function searchPoints(config: ConfigService, n: number): Promise<Point[]> {
  const db = openSqlite(SQLITE_FILE);
  const cities = loadCities();
  const rng = new Rng(7);
  const countries = config.countries().filter((c) => !c.catchAll);
  const cum: number[] = [];
  let sum = 0;
  for (const c of countries) cum.push((sum += cities.get(c.countryCode)?.population ?? 0));
  const out: Point[] = [];
  for (let tries = 0; out.length < n && tries < n * 50; tries += 1) {
    const country = countries[rng.weighted(cum)]!;
    const list = cities.get(country.countryCode);
    if (!list) continue;
    const city = list.cities[rng.weighted(list.cumulative)]!;
    const query: NearestQuery = {
      latitude: city.latitude,
      longitude: city.longitude,
      radiusKm: 100,
      limit: 99,
      countries: [country.countryCode],
      channel: 'sales',
      dropOff: 'any',
    };
    const hits = await db.search.nearest(query);
    if (hits.length < 99) continue;
    const lang = country.langs[0]!.code;
    out.push({
      query,
      path: `/api/v1/grlui/${country.urlCode}/${lang}/sales?pt=all&lat=${city.latitude}&lon=${city.longitude}&carrier=&maxrad=100&maxResult=99&repairType=`,
    });
  }
  await db.close();
  return out;
}

export function sqliteReady(): boolean {
  return existsSync(SQLITE_FILE);
}

/**
 * Searches from device positions: each of `points` moved by up to ~1 km in a random direction,
 * `n` paths in all, no two alike (a geolocated visitor's coordinates never repeat, so no answer
 * is ever asked twice).
 */
export function geolocatedPaths(points: Point[], n: number): string[] {
  const rng = new Rng(11);
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const p = points[i % points.length]!;
    const lat = (p.query.latitude + (rng.next() - 0.5) * 0.018).toFixed(6);
    const lon = (p.query.longitude + (rng.next() - 0.5) * 0.018).toFixed(6);
    out.push(p.path.replace(/&lat=[^&]*&lon=[^&]*/, `&lat=${lat}&lon=${lon}`));
  }
  return out;
}
