/**
 * `npm run bench:api`: 200,000 stores (BENCH_STORES); 99-result sales searches at random real
 * city points; 50 connections on loopback (wrk, bench/lib/wrk.ts); searches/s, p50 and p99 for
 * SQLite and PostgreSQL, next to the same server answering a precomputed response of the same
 * size (the ceiling), then the searches again at a steady 80 % of their maximum (latency below
 * saturation). Every figure without Accept-Encoding and with a browser's; then search latency
 * with and without analytics events written meanwhile; and each worker's resident memory. The
 * server runs as `npm start` does with WORKERS=auto (BENCH_WORKERS). Figures go to
 * bench/results/api.json (api-N.json for another store count).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { STORES, geolocatedPaths, loadSeconds, prepareData, searchPoints } from './data.js';
import { cpuMsOfTree, memoryOfTree, postgresCpuMs, workerMemoryMiB } from '../lib/proc.js';
import { ensureWrk, runWrk } from '../lib/wrk.js';
import { API_AIMS, missedAims, searchToCeilingAim } from './aims.js';
import {
  EVENTS_PER_SECOND,
  PHASE_MS,
  WRITES_SECONDS,
  writesWhileSearching,
} from './writes-while-searching.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
/** BENCH_DATABASES=sqlite or postgres measures that one only (the report then holds only it). */
const DATABASES = (['sqlite', 'postgres'] as const).filter(
  (d) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(d),
);
const log = (m: string) => console.log(`[bench] ${m}`);

function startServer(
  db: (typeof DATABASES)[number],
  sample: string,
): Promise<{ child: ChildProcess; port: number; workers: number; indexBuildMs: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/server.ts'], {
      env: {
        ...process.env,
        BENCH_DB: db,
        BENCH_SAMPLE_PATH: sample,
        PORT: '0',
        RATE_LIMIT_EVENTS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) (\d+)/.exec(out);
      const indexBuildMs = [...out.matchAll(/INDEX \d+ (-?\d+)/g)].map((x) => Number(x[1]));
      if (m) resolve({ child, port: Number(m[1]), workers: Number(m[2]), indexBuildMs });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The server's processes' CPU time per request, µs (PostgreSQL's own not counted). */
  serverCpuUsPerRequest?: number;
  /** PostgreSQL's processes' CPU time per request, µs (whatever else they did meanwhile). */
  postgresCpuUsPerRequest?: number;
  /** The load generator's (wrk's) CPU time per request, µs (it shares the machine's 2 cores). */
  loadGeneratorCpuUsPerRequest: number | undefined;
}

async function load(
  port: number,
  paths: string[],
  pid?: number,
  rate?: number,
  options: { headers?: Record<string, string> } = {},
): Promise<Figures> {
  const cpuBefore = cpuMsOfTree(pid);
  const pgBefore = postgresCpuMs();
  const result = await runWrk({
    port,
    paths,
    connections: CONNECTIONS,
    seconds: DURATION,
    ...(rate ? { rate } : {}),
    ...options,
  });
  const cpuAfter = cpuMsOfTree(pid);
  const total = Math.max(1, result.requests);
  const figures: Figures = {
    requestsPerSecond: result.requestsPerSec,
    p50Ms: result.latencyMs.p50,
    p99Ms: result.latencyMs.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    loadGeneratorCpuUsPerRequest: result.cpuUsPerRequest,
  };
  // Server CPU per request: what the machine's other load changes least.
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    figures.serverCpuUsPerRequest = Math.round(((cpuAfter - cpuBefore) * 1000) / total);
  }
  const pg = postgresCpuMs() - pgBefore;
  if (pg > 0) figures.postgresCpuUsPerRequest = Math.round((pg * 1000) / total);
  return figures;
}

/** GET `path` on a connection of its own; resolves when the answer has been read. */
function getOnce(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      })
      .on('error', reject);
  });
}

/** What a browser sends (Chromium 156). */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/**
 * Distinct device-position searches: more than a run asks (wrk's threads start evenly spread
 * over them), so no position is asked twice, as no two visitors' devices give the same one.
 */
const GEOLOCATED_PATHS = 100_000;
async function measure(
  port: number,
  pid: number | undefined,
  paths: string[],
  headers?: Record<string, string>,
) {
  const opts = headers ? { headers } : {};
  const search = await load(port, paths, pid, undefined, opts);
  const ceiling = await load(port, ['/bench/ceiling'], pid, undefined, opts);
  // Latency below saturation: a steady 80 % of the measured maximum (as bench:soak runs).
  const steadyRate = Math.round((search.requestsPerSecond * 0.8) / 10) * 10;
  const steady = await load(port, paths, pid, steadyRate, opts);
  return {
    search,
    ceiling,
    searchAt80PercentOfMax: { offeredPerSecond: steadyRate, ...steady },
    ratioToCeiling: Math.round((search.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100,
  };
}

async function main(): Promise<void> {
  ensureWrk(log);
  // The machine is shared: its load average goes into the report, before and after.
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = await prepareData(log);
  if (process.env.BENCH_PREPARE_ONLY) return log('data prepared (BENCH_PREPARE_ONLY)');
  const points = await searchPoints(config, 2000);
  log(`${points.length} search points (99 results each)`);
  const paths = points.map((p) => p.path);
  const geolocated = geolocatedPaths(points, GEOLOCATED_PATHS);
  const results: Record<string, unknown> = {};
  const ratios: Record<string, ReturnType<typeof ratiosOf>> = {};
  for (const db of DATABASES) {
    const { child, port, workers, indexBuildMs } = await startServer(db, paths[0]!);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/bench/ceiling`);
      const size = (await res.arrayBuffer()).byteLength;
      const encoded = await fetch(`http://127.0.0.1:${port}/bench/ceiling`, { headers: BROWSER });
      const encodedSize = Number(encoded.headers.get('content-length') ?? 0) || undefined;
      await encoded.arrayBuffer();
      // Warm-up: every search point once (the first answer of a store places its hours in its
      // document, a cost each store pays once per worker, not per search: at a loaded machine's
      // few hundred searches a second, a run would otherwise measure mostly first answers),
      // then the JIT.
      // A connection each (the primary hands connections to the workers in turn), each point as
      // many times as there are workers.
      for (const p of paths) for (let i = 0; i < workers; i += 1) await getOnce(port, p);
      await runWrk({ port, paths: paths.slice(0, 200), connections: CONNECTIONS, seconds: 3 });
      const withoutEncoding = await measure(port, child.pid, paths);
      const browser = await measure(port, child.pid, paths, BROWSER);
      // Device positions: every URL new, so every browser answer is compressed afresh.
      const geoPlain = await load(port, geolocated, child.pid);
      const geoBrowser = await load(port, geolocated, child.pid, undefined, { headers: BROWSER });
      // Writes while searching: browser searches with and without analytics events written.
      const writes = await writesWhileSearching(
        port,
        paths,
        browser.search.requestsPerSecond,
        BROWSER,
      );
      ratios[db] = ratiosOf(withoutEncoding, browser, geoPlain, geoBrowser, writes.p99Ratio);
      results[db] = {
        workers,
        indexBuildMsPerWorker: indexBuildMs,
        dataLoad: loadSeconds[db],
        responseBytes: size,
        ...(encodedSize ? { responseBytesBrowserEncoded: encodedSize } : {}),
        withoutAcceptEncoding: withoutEncoding,
        browserAcceptEncoding: { headers: BROWSER, ...browser },
        browserToUncompressedSearchRatio:
          Math.round(
            (browser.search.requestsPerSecond / withoutEncoding.search.requestsPerSecond) * 100,
          ) / 100,
        geolocatedSearches: {
          paths: geolocated.length,
          withoutAcceptEncoding: geoPlain,
          browserAcceptEncoding: geoBrowser,
          browserToUncompressedSearchRatio:
            Math.round((geoBrowser.requestsPerSecond / geoPlain.requestsPerSecond) * 100) / 100,
        },
        writesWhileSearching: writes,
        residentMemoryPerWorkerMiB: child.pid ? workerMemoryMiB(child.pid) : [],
        residentMemoryOfServerMiB: child.pid ? memoryOfTree(child.pid)?.rssMiB : undefined,
      };
      log(`${db}: ${JSON.stringify(results[db])}`);
    } finally {
      child.kill('SIGTERM');
    }
  }
  // The ratios and the aims first: what a reader of the report looks for.
  const missed = Object.entries(ratios).flatMap(([db, r]) => missedAims(db, r, STORES));
  const report = {
    benchmark: 'api search',
    date: new Date().toISOString(),
    ratios,
    aims: { ...API_AIMS, searchToCeilingAtTheseStores: searchToCeilingAim(STORES) },
    aimsMissed: missed,
    machine: {
      cpus: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    stores: STORES,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    query:
      'sales, pt=all, maxrad=100, maxResult=99 at random population-weighted real city points with 99 results',
    notes: [
      'Every figure twice: withoutAcceptEncoding (as wrk sends by default) and browserAcceptEncoding (the Accept-Encoding a browser sends); browserToUncompressedSearchRatio compares the two searches of the same run.',
      `The search points are places as typed (gazetteer positions, which every visitor typing the place shares), so a browser answer is compressed once per content and then served from the compressed-answer cache; geolocatedSearches: ${GEOLOCATED_PATHS.toLocaleString('en')} device positions (each point moved up to ~1 km), more than a run asks, so every URL is new and every answer compressed afresh.`,
      `writesWhileSearching: browser searches at a steady third of the browser maximum for ${WRITES_SECONDS} s, with ${EVENTS_PER_SECOND} analytics events a second written during every other ${PHASE_MS} ms; each request's latency counts for the phase it started in (bench/lib/paced.ts), so the machine's own hiccups fall on both; p99Ratio is with / without (aim at most 1.5).`,
      'residentMemoryPerWorkerMiB: each worker process after the runs (store index, documents, V8 heap); residentMemoryOfServerMiB: the whole server on the machine (primary and workers).',
      'indexBuildMsPerWorker: each worker reading every store from the database and building its index at start-up; dataLoad: seconds loading the stores into the empty benchmark database in one transaction, when the data was prepared, with the load average at its end.',
      'search and ceiling: wrk as fast as it goes (closed loop, 50 connections): throughput; their latency is queueing at saturation on 2 cores shared with wrk.',
      'searchAt80PercentOfMax: the same searches at a steady 80 % of the measured maximum (wrk paced per connection): latency below saturation.',
      'Both databases are searched by the same in-memory store index; they differ in how it is loaded and followed.',
      'Warm-up before the runs: every search point asked once of each worker (the first answer of a store in a worker places its hours in its document, once), then 3 s of wrk.',
    ],
    ...results,
  };
  mkdirSync('bench/results', { recursive: true });
  const name = STORES === 200_000 ? 'api.json' : `api-${STORES}.json`;
  writeFileSync(join('bench/results', name), `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote bench/results/${name}`);
  for (const [db, r] of Object.entries(ratios)) log(`${db}: ${JSON.stringify(r)}`);
  if (missed.length > 0) {
    for (const m of missed) log(`aim missed: ${m}`);
    process.exitCode = 1;
  } else log('every aim met');
}

/** The figures the aims judge, of one database's run. */
function ratiosOf(
  plain: Awaited<ReturnType<typeof measure>>,
  browser: Awaited<ReturnType<typeof measure>>,
  geoPlain: Figures,
  geoBrowser: Figures,
  writesP99Ratio: number,
) {
  const r = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 100) / 100;
  return {
    searchToCeiling: plain.ratioToCeiling,
    browserSearchToCeiling: browser.ratioToCeiling,
    typedPlacesBrowserToUncompressed: r(
      browser.search.requestsPerSecond,
      plain.search.requestsPerSecond,
    ),
    geolocatedBrowserToUncompressed: r(geoBrowser.requestsPerSecond, geoPlain.requestsPerSecond),
    searchCpuUsAboveCeiling:
      plain.search.serverCpuUsPerRequest !== undefined &&
      plain.ceiling.serverCpuUsPerRequest !== undefined
        ? plain.search.serverCpuUsPerRequest - plain.ceiling.serverCpuUsPerRequest
        : undefined,
    writesWhileSearchingP99Ratio: writesP99Ratio,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
