/**
 * `npm run bench:memory`: each worker's resident memory under 5 minutes of mixed load, the
 * figure docs/DEPLOYMENT.md sizes machines with. The real server, compiled (`npm run build`
 * first: `apps/server/dist/main.js`, as `npm start` runs it) with WORKERS=2, SQLite and the demo data (BENCH_MEMORY_STORES, default
 * 50,000), sent what visitors and the maker's team send, as a browser does
 * (`Accept-Encoding: br, gzip`): searches at real cities, store and directory pages, sitemaps,
 * basemap tiles of every zoom around those cities, static maps, autocomplete and geocoding, and
 * admin reads. Every 30 s: each process's resident memory (VmRSS) and its peak (VmHWM).
 * Figures go to bench/results/memory.json with the machine's load; exit code 1 when any answer
 * is not a 2xx (the mix must be what a visitor's browser really sends).
 *
 *   BENCH_MEMORY_SECONDS=300 BENCH_MEMORY_STORES=50000 BENCH_MEMORY_LOOPS=8 npm run bench:memory
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { adminKey } from '../lib/admin-key.js';
import { Rng } from '../../apps/server/src/demo/rng.js';
import { processTree } from '../lib/proc.js';
import { sleep, startLocator } from '../lib/locator.js';
import { searchPaths } from '../lib/search-paths.js';
import { mapPaths } from '../lib/map-paths.js';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 300);
const STORES = process.env.BENCH_MEMORY_STORES ?? '50000';
const LOOPS = Number(process.env.BENCH_MEMORY_LOOPS ?? 8);
const SAMPLE_SECONDS = 30;
const log = (m: string): void => console.log(`[bench:memory] ${m}`);
const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

interface Sent {
  path: string;
  headers?: Record<string, string>;
}

/** One GET as a browser sends it; resolves with the status (0 on a transport error). */
function get(port: number, { path, headers }: Sent): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        timeout: 30_000,
        headers: { 'Accept-Encoding': 'br, gzip', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

async function text(port: number, path: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return res.text();
}

/** Store and directory page paths from the sitemaps (the first `files` of them). */
async function pagePaths(port: number, files: number): Promise<string[]> {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const sitemaps = locs(await text(port, '/sitemap.xml')).slice(0, files);
  const out: string[] = [...sitemaps];
  for (const s of sitemaps) out.push(...locs(await text(port, s)));
  return out;
}

/** Resident memory (MiB) of each process of the server's tree: now and peak. */
function processMemory(pid: number): { pid: number; rssMiB: number; peakMiB: number }[] {
  return processTree(pid).flatMap((p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kib = (field: string) =>
        Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return [
        {
          pid: p,
          rssMiB: Math.round(kib('VmRSS') / 1024),
          peakMiB: Math.round(kib('VmHWM') / 1024),
        },
      ];
    } catch {
      return [];
    }
  });
}

async function main(): Promise<void> {
  const loadBefore = load();
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const dataDir = mkdtempSync(join(tmpdir(), 'locator-memory-'));
  const key = await adminKey({ DATA_DIR: dataDir }, 'memory', 'read');
  log(`starting the compiled server (WORKERS=2, ${STORES} demo stores, SQLite)`);
  const server = await startLocator(
    {
      WORKERS: '2',
      DEMO_STORES: STORES,
      DATA_DIR: dataDir,
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_STATS: '0',
      RATE_LIMIT_MAPS: '0',
      RATE_LIMIT_ADMIN: '0',
    },
    600_000,
    // As production runs it: node on the build's output, no tsx in any process.
    { compiled: true },
  );
  const pid = server.child.pid!;
  const atStart = processMemory(pid);
  try {
    const pages = await pagePaths(server.port, 6);
    const searches = searchPaths(config, 3000, 31);
    const maps = mapPaths(config, 300);
    const auth = { Authorization: `Bearer ${key}` };
    const admin: Sent[] = Array.from({ length: 200 }, (_, i) => ({
      path: `/api/v1/admin/stores?limit=100${i > 0 ? `&after=DEMO-${i}` : ''}`,
      headers: auth,
    }));
    // Weights: searches 40 %, pages 25 %, maps 30 %, admin 5 %.
    const mix: Sent[] = [];
    const rng = new Rng(5);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rng.next() * list.length)]!;
    for (let i = 0; i < 20_000; i += 1) {
      const r = rng.next();
      if (r < 0.4) mix.push({ path: pick(searches) });
      else if (r < 0.65) mix.push({ path: pick(pages) });
      else if (r < 0.95) mix.push({ path: pick(maps) });
      else mix.push(pick(admin));
    }
    log(`${pages.length} page paths, ${mix.length} requests in the mix; ${SECONDS} s of load`);
    const statuses = new Map<number, number>();
    let sent = 0;
    let running = true;
    const loops = Array.from({ length: LOOPS }, async () => {
      while (running) {
        const status = await get(server.port, mix[sent++ % mix.length]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    const samples: {
      second: number;
      processes: ReturnType<typeof processMemory>;
      load: number[];
    }[] = [];
    const started = Date.now();
    for (let s = SAMPLE_SECONDS; s <= SECONDS; s += SAMPLE_SECONDS) {
      await sleep(Math.max(0, started + s * 1000 - Date.now()));
      const processes = processMemory(pid);
      samples.push({ second: s, processes, load: load() });
      log(
        `${s} s: ${sent} requests; rss ${processes.map((p) => `${p.pid}:${p.rssMiB}`).join(' ')} MiB; load ${load()[0]}`,
      );
    }
    running = false;
    await Promise.all(loops);
    const last = samples.at(-1)!.processes;
    // The primary is the process started; the workers are its children of any size.
    const workers = last.filter((p) => p.pid !== pid && p.rssMiB > 50);
    const report = {
      benchmark: 'memory',
      date: new Date().toISOString(),
      stores: Number(STORES),
      workers: 2,
      database: 'sqlite',
      seconds: SECONDS,
      loops: LOOPS,
      requests: sent,
      statuses: Object.fromEntries(statuses),
      mix: { searches: 0.4, pages: 0.25, maps: 0.3, admin: 0.05, acceptEncoding: 'br, gzip' },
      atStartMiB: atStart.map((p) => p.rssMiB),
      afterLoad: {
        primaryMiB: last.find((p) => p.pid === pid)?.rssMiB,
        workerMiB: workers.map((p) => p.rssMiB),
        workerPeakMiB: workers.map((p) => p.peakMiB),
        totalMiB: last.reduce((n, p) => n + p.rssMiB, 0),
      },
      loadBefore,
      loadAfter: load(),
      samples,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/memory.json', `${JSON.stringify(report, null, 2)}\n`);
    const failed = [...statuses].filter(([status]) => status < 200 || status >= 300);
    if (failed.length > 0) {
      log(`FAILED: answers other than 2xx: ${failed.map(([st, n]) => `${n}× ${st}`).join(', ')}`);
      process.exitCode = 1;
    }
    log(
      `wrote bench/results/memory.json: workers ${report.afterLoad.workerMiB.join(' and ')} MiB ` +
        `(peaks ${report.afterLoad.workerPeakMiB.join(' and ')}), total ${report.afterLoad.totalMiB} MiB`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
