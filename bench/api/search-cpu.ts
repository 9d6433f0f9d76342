/**
 * `npm run bench:search-cpu`: the server CPU time of one search, judged by CPU rather than
 * throughput (the machine is shared, so requests a second say little). bench:api's SQLite data
 * (200,000 stores, BENCH_STORES) and its 99-result searches:
 * - in process, µs of CPU (process.cpuUsage) per call, the best of a few rounds: the store
 *   index's nearest page; the copy of its stores' documents alone (the floor of writing an
 *   answer); the search service without its body (nearest + hours status + ETag:
 *   what a 304 or a kept compressed answer costs); the search service with its body written;
 * - the real server (bench/api/server.ts, one worker: the app, sockets and all) driven by wrk
 *   with a few connections for a few seconds a case: µs of the server process's CPU (/proc) per
 *   request, for the search (typed places: the same URLs asked again), its ceiling (a
 *   precomputed answer of the same size through the same app, ./ceiling.ts), and with a
 *   browser's Accept-Encoding device positions (every URL new, so every answer compressed
 *   afresh) and the ceiling.
 * SEARCH_CPU_PROFILE=search (or geolocated, or ceiling) runs only that case, with the server
 * under `node --cpu-prof`, and prints the functions with the most samples (their own, and with
 * what they call); the .cpuprofile stays in bench/results/profiles/ (not kept in git).
 * Figures go to bench/results/search-cpu.json with the machine's load (not when profiling).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { searchQuerySchema } from '@locator/core';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import type { NearestPage } from '../../apps/server/src/db/types.js';
import { cpuMsOfTree } from '../lib/proc.js';
import { ensureWrk, runWrk } from '../lib/wrk.js';
import {
  BENCH_DIR,
  STORES,
  SQLITE_FILE,
  geolocatedPaths,
  prepareSqliteData,
  searchPoints,
} from './data.js';
import { topTime, type CpuProfile } from './profile-summary.js';

const N = Number(process.env.BENCH_POINTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 8;
const PROFILE = process.env.SEARCH_CPU_PROFILE;
const PROFILE_DIR = 'bench/results/profiles';
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const log = (m: string) => console.log(`[search-cpu] ${m}`);

/** µs of this process's CPU per call of `fn`, the best of ROUNDS rounds of `n` calls. */
async function cpuPerCall(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r += 1) {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i += 1) await fn(i);
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / n);
  }
  return Math.round(best);
}

/** The search's layers, in this process. */
async function layers(paths: string[], points: Awaited<ReturnType<typeof searchPoints>>) {
  const db = openSqlite(SQLITE_FILE);
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
  });
  const services = await createServices(env, settings, { database: db });
  const parsed = paths.map((p) => {
    const [path = '', qs = ''] = p.split('?');
    const [, , , , countryCode = '', lang = '', channel = ''] = path.split('/');
    const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    return { path: { countryCode, lang, channel }, query };
  });
  const search = services.modules.search.search;
  const ask = (i: number) => search.search(parsed[i]!.path, parsed[i]!.query);
  for (let i = 0; i < N; i += 1) (await ask(i)).body(); // warm: the hours' places, the JIT
  // The answers' documents as byte ranges of the index, for the copy floor below.
  const pages: NearestPage[] = [];
  for (let i = 0; i < N; i += 1) pages.push(await db.search.nearestPage(points[i]!.query));
  const out = {
    nearestPage: await cpuPerCall(N, (i) => db.search.nearestPage(points[i]!.query)),
    documentsCopied: await cpuPerCall(N, async (i) => copyDocuments(pages[i]!)),
    searchServiceWithoutBody: await cpuPerCall(N, ask),
    searchService: await cpuPerCall(N, (i) => ask(i).then((r) => r.body())),
  };
  await services.close();
  return { ...out, nearestPageDocumentsFromFile: await nearestFromFile(points) };
}

/**
 * The index's nearest page as production serves it: the documents read from the machine's
 * documents file (modules/search/store-documents.ts) instead of the process's memory.
 */
async function nearestFromFile(points: Awaited<ReturnType<typeof searchPoints>>) {
  const folder = join(BENCH_DIR, 'store-documents-search-cpu');
  const db = openSqlite(SQLITE_FILE, { storeDocuments: { folder, fromBytes: 0 } });
  try {
    for (let i = 0; i < N; i += 1) await db.search.nearestPage(points[i]!.query);
    return await cpuPerCall(N, (i) => db.search.nearestPage(points[i]!.query));
  } finally {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What no search that writes its answer can avoid: its stores' document bytes copied from the
 * index into a new buffer of the answer's size, one copy a store and nothing else (the
 * ceiling sends bytes it already holds).
 */
function copyDocuments(page: NearestPage): Buffer {
  let size = 0;
  for (const s of page.stores) size += s.end - s.start;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const s of page.stores) at += s.bytes.copy(out, at, s.start, s.end);
  return out;
}

/** The benchmark's server with one worker (in its own process), and its port. */
function startServer(sample: string, profile: boolean) {
  return new Promise<{ pid: number; port: number; stop: () => Promise<void> }>(
    (resolve, reject) => {
      const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
      const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/api/server.ts'], {
        env: {
          ...process.env,
          BENCH_DB: 'sqlite',
          BENCH_WORKERS: '1',
          BENCH_SAMPLE_PATH: sample,
          PORT: '0',
          RATE_LIMIT_EVENTS: '0',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<void>((done) => child.on('exit', () => done()));
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString();
        const m = /READY (\d+)/.exec(text);
        if (m && child.pid) {
          const stop = async () => {
            child.kill('SIGTERM');
            await exited;
          };
          resolve({ pid: child.pid, port: Number(m[1]), stop });
        }
      });
      child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    },
  );
}

/** µs of the server's CPU per request over one wrk run, and the run's requests a second. */
async function serverCpu(
  server: { pid: number; port: number },
  paths: readonly string[],
  headers?: Record<string, string>,
) {
  const before = cpuMsOfTree(server.pid) ?? 0;
  const r = await runWrk({
    port: server.port,
    paths,
    connections: CONNECTIONS,
    seconds: SECONDS,
    threads: 1,
    ...(headers ? { headers } : {}),
  });
  const ms = (cpuMsOfTree(server.pid) ?? 0) - before;
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return {
    cpuUsPerRequest: Math.round((ms * 1000) / Math.max(1, r.requests)),
    requestsPerSecond: r.requestsPerSec,
  };
}

async function main(): Promise<void> {
  ensureWrk(log);
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = await prepareSqliteData(log);
  const points = await searchPoints(config, N);
  const paths = points.map((p) => p.path);
  // More device positions than a run asks: none is asked twice.
  const geolocated = geolocatedPaths(points, 100_000);
  const cases = {
    search: () => [paths] as const,
    ceiling: () => [['/bench/ceiling']] as const,
    geolocated: () => [geolocated, BROWSER] as const,
  };
  if (PROFILE) {
    const which = cases[PROFILE as keyof typeof cases];
    if (!which) throw new Error(`SEARCH_CPU_PROFILE: one of ${Object.keys(cases).join(', ')}`);
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
    const server = await startServer(paths[0]!, true);
    for (const p of paths) await (await fetch(`http://127.0.0.1:${server.port}${p}`)).arrayBuffer();
    await runWrk({ port: server.port, paths, connections: CONNECTIONS, seconds: 3, threads: 1 });
    const [p, h] = which();
    log(`${PROFILE}: ${JSON.stringify(await serverCpu(server, p, h))}`);
    await server.stop();
    const file = readdirSync(PROFILE_DIR).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    const profile = JSON.parse(readFileSync(join(PROFILE_DIR, file), 'utf8')) as CpuProfile;
    console.log(`Self time (% of samples, the whole run; ${PROFILE_DIR}/${file}):`);
    for (const line of topTime(profile, 30)) console.log(line);
    console.log('With what they call:');
    for (const line of topTime(profile, 45, true)) console.log(line);
    return;
  }

  const inProcess = await layers(paths, points);
  log(`in process: ${JSON.stringify(inProcess)}`);
  const server = await startServer(paths[0]!, false);
  let http;
  try {
    // Warm up: every search once (the hours' places of its stores), then the JIT.
    for (const p of paths) await (await fetch(`http://127.0.0.1:${server.port}${p}`)).arrayBuffer();
    await runWrk({ port: server.port, paths, connections: CONNECTIONS, seconds: 3, threads: 1 });
    http = {
      search: await serverCpu(server, paths),
      ceiling: await serverCpu(server, ['/bench/ceiling']),
      geolocatedBrowser: await serverCpu(server, geolocated, BROWSER),
      ceilingBrowser: await serverCpu(server, ['/bench/ceiling'], BROWSER),
    };
  } finally {
    await server.stop();
  }
  const report = {
    benchmark: 'search CPU per request',
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    stores: STORES,
    searchPoints: N,
    microsecondsOfCpu: {
      inProcess,
      server: http,
      searchAboveCeiling: http.search.cpuUsPerRequest - http.ceiling.cpuUsPerRequest,
      geolocatedBrowserAboveCeilingBrowser:
        http.geolocatedBrowser.cpuUsPerRequest - http.ceilingBrowser.cpuUsPerRequest,
    },
    notes: [
      "inProcess: µs of CPU per call, the best of ROUNDS rounds over the search points; nearestPage is the store index (documents in memory; nearestPageDocumentsFromFile: read from the machine's documents file, as the server does), searchServiceWithoutBody adds the hours status and the ETag, searchService the body; documentsCopied is only the copy of the answer's store documents from the index into a new buffer (one copy a store), what no written answer avoids and the ceiling does not pay.",
      `server: one worker process (sockets, routing, validation, hooks, compression), wrk with ${CONNECTIONS} connections for ${SECONDS} s a case; cpuUsPerRequest is the server process's CPU time (/proc, 10 ms ticks) over the requests answered; requestsPerSecond is noisy on a shared machine.`,
      'geolocatedBrowser: device positions (every URL new) with a browser Accept-Encoding, so each answer is written and compressed; ceilingBrowser: the ceiling with the same header, compressed each time by @fastify/compress.',
    ],
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(join('bench/results', 'search-cpu.json'), `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
