/**
 * `npm run bench:memory-breakdown`: where one worker's memory goes. One process builds what a
 * worker builds, in the order `apps/server/src/main.ts` does, and after each step collects
 * garbage twice and reads `process.memoryUsage()`: the runtime, the server's code, the maps
 * engine (gazetteer), the database connection and the store index, the other services, the app
 * (routes, host pages, the basemap's tile indexes), and what a mix of visitor requests leaves
 * behind (caches). The demo data (BENCH_MEMORY_STORES, default 50,000, SQLite) is written first
 * by a child process, so its garbage is not counted. Figures go to
 * bench/results/memory-breakdown.json with the machine's load; docs/ARCHITECTURE.md ("Where a
 * worker's memory goes") reads them.
 *
 *   BENCH_MEMORY_STORES=50000 npm run bench:memory-breakdown
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import v8 from 'node:v8';

const STORES = process.env.BENCH_MEMORY_STORES ?? '50000';
const log = (m: string): void => console.log(`[bench:memory-breakdown] ${m}`);
const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);
const MiB = (n: number): number => Math.round((n / 1048576) * 10) / 10;

interface Step {
  step: string;
  rssMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
  /** What this step added to the resident memory. */
  addedRssMiB: number;
  addedHeapMiB: number;
  addedOffHeapMiB: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const steps: Step[] = [];
let last = { rss: 0, heapUsed: 0, external: 0 };

function measure(step: string): void {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  steps.push({
    step,
    rssMiB: MiB(m.rss),
    heapUsedMiB: MiB(m.heapUsed),
    externalMiB: MiB(m.external),
    arrayBuffersMiB: MiB(m.arrayBuffers),
    addedRssMiB: MiB(m.rss - last.rss),
    addedHeapMiB: MiB(m.heapUsed - last.heapUsed),
    addedOffHeapMiB: MiB(m.external - last.external),
  });
  log(`${step}: RSS ${MiB(m.rss)} MiB (+${MiB(m.rss - last.rss)}), heap ${MiB(m.heapUsed)} MiB`);
  last = { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/**
 * Which code allocated what is still alive: V8's sampling heap profile, each sample charged to
 * the innermost frame of the locator's own code (apps/, packages/) on its stack.
 */
function ownersOf(root: ProfileNode, top: number): { owner: string; MiB: number }[] {
  const sizes = new Map<string, number>();
  const ours = (url: string) => /\/(apps|packages)\//.test(url) && !url.includes('node_modules');
  const walk = (node: ProfileNode, owner: string) => {
    const f = node.callFrame;
    const here = ours(f.url)
      ? `${f.url.replace(/^.*?\/(apps|packages)\//, '$1/')} ${f.functionName || '(anonymous)'}`
      : owner;
    if (node.selfSize > 0) sizes.set(here, (sizes.get(here) ?? 0) + node.selfSize);
    for (const c of node.children) walk(c, here);
  };
  walk(root, '(outside the locator: runtime and libraries)');
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([owner, bytes]) => ({ owner, MiB: MiB(bytes) }));
}

/** Writes the demo data into DATA_DIR in a process of its own, as the cluster's primary does. */
async function prepare(): Promise<void> {
  const { loadConfiguration } = await import('../../apps/server/src/settings.js');
  const { prepareDatabase } = await import('../../apps/server/src/compose.js');
  const { ConfigService } = await import('../../apps/server/src/config/service.js');
  const { loadConfigFiles } = await import('../../apps/server/src/config/load.js');
  const { searchPaths } = await import('../lib/search-paths.js');
  const { mapPaths } = await import('../lib/map-paths.js');
  const { env, settings } = loadConfiguration();
  await prepareDatabase(env, settings, log);
  // The request paths too: the cities they are drawn from would otherwise stay in the measured
  // process's memory.
  const config = new ConfigService(loadConfigFiles(settings.CONFIG_DIR));
  const paths = { searches: searchPaths(config, 600), maps: mapPaths(config, 300) };
  writeFileSync(join(env.DATA_DIR, 'paths.json'), JSON.stringify(paths));
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory-breakdown does)');
  const loadBefore = load();
  const dataDir = mkdtempSync(join(tmpdir(), 'locator-memory-breakdown-'));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DEMO_STORES: STORES,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
    RATE_LIMIT_MAPS: '0',
  });
  log(`writing ${STORES} demo stores (SQLite) in a child process`);
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/memory/breakdown.ts', '--prepare'], {
    env: process.env,
    stdio: 'inherit',
  });
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16384 });
  try {
    measure('Node.js runtime');
    const { loadConfiguration } = await import('../../apps/server/src/settings.js');
    const { createMapsProvider } = await import('../../apps/server/src/modules/maps/provider.js');
    const { openDatabase } = await import('../../apps/server/src/db/open.js');
    const { createServices } = await import('../../apps/server/src/compose.js');
    const { buildApp } = await import('../../apps/server/src/app.js');
    measure('the server code (modules loaded)');
    const { env, settings, analytics, basemap, security, webhooks, sso } = loadConfiguration();
    const maps = await createMapsProvider(env);
    measure('maps engine (gazetteer index)');
    const db = await openDatabase(env);
    measure('database connection');
    await db.search.ready();
    measure(`store index (${STORES} stores)`);
    const services = await createServices(env, settings, {
      analytics,
      webhooks,
      sso,
      maps,
      database: db,
    });
    measure('configuration and the other services');
    const app = await buildApp({
      env,
      maps,
      basemap,
      warmBasemap: true,
      security,
      modules: services.modules,
      preloadConfig: services.preloadConfig,
      pages: services.pages,
      logger: false,
    });
    await app.ready();
    measure('app: routes, host pages, basemap tile indexes');

    const paths = JSON.parse(readFileSync(join(dataDir, 'paths.json'), 'utf8')) as {
      searches: string[];
      maps: string[];
    };
    const inject = async (url: string): Promise<number> =>
      (await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).statusCode;
    const statuses: Record<number, number> = {};
    const count = (s: number) => (statuses[s] = (statuses[s] ?? 0) + 1);
    for (const path of paths.searches) count(await inject(path));
    measure('after 600 searches at real cities');
    for (const path of paths.maps) count(await inject(path));
    measure('after 1,500 map requests (tiles of every zoom, static maps, place search)');
    const sitemaps = [...(await app.inject('/sitemap.xml')).body.matchAll(/<loc>([^<]+)</g)]
      .map((m) => new URL(m[1]!).pathname)
      .slice(0, 6);
    const pages: string[] = [];
    for (const s of sitemaps) {
      const xml = (await app.inject(s)).body;
      pages.push(...[...xml.matchAll(/<loc>([^<]+)</g)].map((m) => new URL(m[1]!).pathname));
    }
    for (const path of pages.slice(0, 2000)) count(await inject(path));
    measure(`after ${Math.min(2000, pages.length)} store and directory pages`);

    gc!();
    const { profile } = (await session.post('HeapProfiler.getSamplingProfile')) as unknown as {
      profile: { head: ProfileNode };
    };
    await session.post('HeapProfiler.stopSampling');
    const owners = ownersOf(profile.head, 25);
    for (const o of owners.slice(0, 12)) log(`  ${o.MiB} MiB  ${o.owner}`);
    const heap = v8.getHeapSpaceStatistics().map((s) => ({
      space: s.space_name,
      usedMiB: MiB(s.space_used_size),
    }));
    await app.close();
    await services.close();
    const result = {
      benchmark: 'memory-breakdown',
      date: new Date().toISOString(),
      stores: Number(STORES),
      database: 'sqlite',
      note:
        'One process builds what a worker builds, step by step; after each step two full ' +
        'garbage collections, then process.memoryUsage(). "added" is the step\'s share.',
      statuses,
      steps,
      heapSpaces: heap,
      liveHeapByAllocatingCode: owners,
      loadBefore,
      loadAfter: load(),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/memory-breakdown.json', JSON.stringify(result, null, 2) + '\n');
    log('written to bench/results/memory-breakdown.json');
    const bad = Object.keys(statuses).filter((s) => !s.startsWith('2') && s !== '304');
    if (bad.length > 0) {
      log(`answers that are not 2xx: ${bad.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--prepare')) {
  prepare().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
