/**
 * `npm run bench:console`: the console's store table (GET /api/v1/admin/store-search) at
 * 200,000 demo stores (BENCH_STORES) on SQLite and PostgreSQL. The stores are generated once
 * and loaded into this benchmark's own SQLite file and PostgreSQL database
 * (locator_bench_console), each kept for the next run; the real app answers in this process
 * (buildApp + services) with an API key of scope "read". Each typical query of the table is
 * asked BENCH_CONSOLE_RUNS times (default 40, after 3 unmeasured), one at a time; its time is
 * the request's whole answer (app.inject). Figures with the machine's load average to
 * bench/results/console-stores.json; exit code 1 when a query's p95 is over 100 ms.
 */
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { loadAverage, onKeptDatabases, writeBudgetReport } from '../lib/kept-databases.js';
import { createKey } from '../../apps/server/src/modules/admin/keys.js';
import type { Database, StoreRecord } from '../../apps/server/src/db/types.js';

const STORES = Number(process.env.BENCH_STORES ?? 200_000);
const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 40);
const WARM = 3;
const BUDGET_P95_MS = 100;
const DIR = join(process.cwd(), 'data', 'bench');
const SQLITE_FILE = join(DIR, `console-stores-${STORES}.sqlite`);
const PG_DB = STORES === 200_000 ? 'locator_bench_console' : `locator_bench_console_${STORES}`;
/** Changes when the stored data or its columns would differ. */
const MARK = `bench-console:${STORES}:11`;
const PATH = '/api/v1/admin/store-search';

const log = (m: string): void => console.log(`[bench:console] ${m}`);
const round = (ms: number): number => Math.round(ms * 100) / 100;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

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

/** Loads the stores unless this database holds them already; the load's seconds. */
async function fill(db: Database, config: ConfigService): Promise<number | undefined> {
  if ((await db.meta.get('bench-console')) === MARK && (await db.stores.count()) === STORES) {
    const kept = Number(await db.meta.get('bench-console-load-seconds'));
    return Number.isFinite(kept) ? kept : undefined;
  }
  const all = stores(config);
  const t = Date.now();
  await db.stores.replaceAll(all);
  const seconds = Math.round((Date.now() - t) / 100) / 10;
  await db.meta.set('bench-console', MARK);
  await db.meta.set('bench-console-load-seconds', String(seconds));
  log(`${db.dialect}: loaded ${STORES} stores in ${seconds} s`);
  return seconds;
}

/** The table's typical queries; `sample` is a stored store the searches look for. */
function queries(sample: { storeId: string; name: string; city: string }) {
  const word = sample.name.split(/\s+/).find((w) => w.length >= 5) ?? sample.name;
  return {
    firstPage: '',
    searchById: `q=${encodeURIComponent(sample.storeId)}`,
    searchByCityPrefix: `q=${encodeURIComponent(sample.city.slice(0, 4))}`,
    searchByNameWord: `q=${encodeURIComponent(word)}`,
    countryAndChannel: 'country=DE&channel=service',
    sortedByName: 'sort=name',
    sortedByCityDescending: 'sort=city&dir=desc',
    deepPage: `offset=${Math.floor(STORES * 0.75)}`,
    deepPageSortedByName: `sort=name&offset=${Math.floor(STORES * 0.75)}`,
  };
}

async function measure(db: Database, config: ConfigService) {
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const settings = loadSettings({ DEMO_DATA: 'off', RATE_LIMIT_SEARCH: '0' });
  const services = await createServices(env, settings, { database: db });
  const app = await buildApp({
    env,
    modules: services.modules,
    pages: services.pages,
    logger: false,
  });
  await app.ready();
  const { key } = await createKey(db.admin, 'bench:console', ['read']);
  const headers = { authorization: `Bearer ${key}` };
  const ask = async (query: string) => {
    const res = await app.inject({ url: `${PATH}?${query}&limit=50`, headers });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return res.json<{ total: number; stores: { storeId: string; name: string; city: string }[] }>();
  };
  const sample = (await ask(`country=DE&offset=${Math.floor(STORES / 200)}`)).stores[0]!;
  const out: Record<string, unknown> = {};
  try {
    for (const [name, query] of Object.entries(queries(sample))) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARM + RUNS; i += 1) {
        const t0 = process.hrtime.bigint();
        total = (await ask(query)).total;
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (i >= WARM) times.push(ms);
      }
      out[name] = {
        query,
        matches: total,
        n: times.length,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(Math.max(...times)),
      };
      log(`${db.dialect} ${name}: ${JSON.stringify(out[name])}`);
    }
  } finally {
    await app.close();
    void config;
  }
  return out;
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const results = await onKeptDatabases(SQLITE_FILE, PG_DB, async (db) => {
    const seconds = await fill(db, config);
    return { loadSeconds: seconds, queries: await measure(db, config) };
  });
  writeBudgetReport(
    STORES === 200_000 ? 'console-stores.json' : `console-stores-${STORES}.json`,
    { stores: STORES, runsPerQuery: RUNS },
    results,
    BUDGET_P95_MS,
    loadBefore,
    log,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
