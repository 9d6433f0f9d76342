/**
 * Maps HTTP benchmark: the real server app with the embedded engine in its own
 * processes (bench/maps/server.ts, one per core as with WORKERS=auto), driven over loopback by
 * wrk (bench/lib/wrk.ts) with 50 connections per endpoint for a fixed time: first as fast as
 * they go (the maximum), then at a steady half of that maximum (latency below saturation). Every request takes the next of hundreds to thousands of distinct,
 * shuffled real inputs (bench/maps/inputs.ts), so consecutive and concurrent requests differ.
 *
 * Two server configurations:
 * - `engine`: no answer cache; every request runs the engine (the honest figure);
 * - `cached`: the production LRU answer cache (apps/server/src/modules/maps/cache.ts) in front of
 *   autocomplete and geocode, after a warm-up pass has filled it, i.e. every request a hit.
 * Plus `ceiling`: a precomputed autocomplete body through the same app (framework floor).
 *
 * Figures (requests/s; p50/p90/p99/max latency; errors; load average before and after each
 * run; server resident memory) go to bench/results/maps-http.json.
 *
 *   npm run bench:maps
 *   BENCH_SECONDS=5 BENCH_ONLY=autocomplete,reverse BENCH_PROFILE=.scratch/prof npm run bench:maps
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { DEFAULT_INDEX_PATH, Gazetteer } from '@locator/geo';
import { mapsInputs } from './inputs.js';
import { cpuMsOfTree, memoryOfTree } from '../lib/proc.js';
import { ensureWrk, runWrk } from '../lib/wrk.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CACHE_ENTRIES = 10_000;
const ONLY = process.env.BENCH_ONLY?.split(',');
const PROFILE_DIR = process.env.BENCH_PROFILE;
const log = (m: string): void => console.log(`[bench:maps] ${m}`);

interface Server {
  child: ChildProcess;
  port: number;
  pid: number;
  workers: number;
}

function startServer(cacheEntries: number): Promise<Server> {
  const args = ['--import', 'tsx'];
  if (PROFILE_DIR) args.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, 'bench/maps/server.ts'], {
      env: { ...process.env, BENCH_MAPS_CACHE: String(cacheEntries) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) (\d+) (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), pid: Number(m[2]), workers: Number(m[3]) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

const load = (): number[] => loadavg().map((x) => Number(x.toFixed(2)));

interface Figures {
  endpoint: string;
  server: 'engine' | 'cached';
  /** Offered load: "max" (every connection sends its next request at once) or requests/s. */
  offered: 'max' | number;
  distinctInputs: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Server CPU time per request (user + system), µs: the cost, whatever the load. */
  serverCpuUsPerRequest: number;
  errors: number;
  non2xx: number;
  loadAvgBefore: number[];
  loadAvgAfter: number[];
}

function drive(port: number, paths: string[], seconds: number, rate?: number) {
  return runWrk({ port, paths, connections: CONNECTIONS, seconds, ...(rate ? { rate } : {}) });
}

async function measure(
  server: Server,
  kind: Figures['server'],
  endpoint: string,
  paths: string[],
  rate?: number,
): Promise<Figures> {
  const loadAvgBefore = load();
  const cpu0 = cpuMsOfTree(server.pid) ?? NaN;
  const r = await drive(server.port, paths, DURATION, rate);
  const cpuMs = (cpuMsOfTree(server.pid) ?? NaN) - cpu0;
  const f: Figures = {
    endpoint,
    server: kind,
    offered: rate ?? 'max',
    distinctInputs: paths.length,
    requests: r.requests,
    requestsPerSec: r.requestsPerSec,
    latencyMs: r.latencyMs,
    serverCpuUsPerRequest: Math.round((cpuMs * 1000) / Math.max(1, r.requests)),
    errors: r.errors,
    non2xx: r.non2xx,
    loadAvgBefore,
    loadAvgAfter: load(),
  };
  log(
    `${kind.padEnd(6)} ${endpoint.padEnd(12)} ${String(f.offered).padStart(5)} ` +
      `${String(f.requestsPerSec).padStart(6)} req/s  ` +
      `p50 ${f.latencyMs.p50} ms  p99 ${f.latencyMs.p99} ms  max ${f.latencyMs.max} ms  ` +
      `cpu ${f.serverCpuUsPerRequest} µs/req  ` +
      `errors ${f.errors + f.non2xx}  load ${f.loadAvgBefore.join(' ')}`,
  );
  return f;
}

async function main(): Promise<void> {
  ensureWrk(log);
  const g = await Gazetteer.load(DEFAULT_INDEX_PATH);
  const inputs = mapsInputs(g);
  const endpoints = (['autocomplete', 'geocode', 'reverse', 'eta'] as const).filter(
    (e) => !ONLY || ONLY.includes(e),
  );
  log(
    `distinct inputs: ${endpoints.map((e) => `${e} ${inputs[e].length}`).join(', ')}; ` +
      `${CONNECTIONS} connections, ${DURATION} s each; load ${load().join(' ')}`,
  );
  const results: Figures[] = [];
  const memory: Record<string, unknown> = {};

  const engine = await startServer(0);
  try {
    memory.engineAfterLoad = memoryOfTree(engine.pid);
    for (const e of endpoints) await drive(engine.port, inputs[e], WARMUP);
    for (const e of endpoints) {
      const max = await measure(engine, 'engine', e, inputs[e]);
      results.push(max);
      // Latency under a steady load below saturation: half the measured maximum.
      const rate = Math.round(max.requestsPerSec / 2 / 100) * 100;
      results.push(await measure(engine, 'engine', e, inputs[e], rate));
    }
    if (!ONLY || ONLY.includes('ceiling')) {
      const max = await measure(engine, 'engine', 'ceiling', ['/bench/ceiling']);
      results.push(max);
      const rate = Math.round(max.requestsPerSec / 2 / 100) * 100;
      results.push(await measure(engine, 'engine', 'ceiling', ['/bench/ceiling'], rate));
    }
    memory.engineAfterRuns = memoryOfTree(engine.pid);
  } finally {
    await stop(engine);
  }

  const cachedEndpoints = endpoints.filter((e) => e === 'autocomplete' || e === 'geocode');
  if (cachedEndpoints.length > 0 && !process.env.BENCH_NO_CACHE) {
    const cached = await startServer(CACHE_ENTRIES);
    try {
      // One full pass over the inputs fills the cache; the measured run then only hits.
      for (const e of cachedEndpoints) await drive(cached.port, inputs[e], WARMUP);
      for (const e of cachedEndpoints) results.push(await measure(cached, 'cached', e, inputs[e]));
      memory.cachedAfterRuns = memoryOfTree(cached.pid);
    } finally {
      await stop(cached);
    }
  }

  const out = {
    benchmark: 'maps-http',
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '' },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    workers: engine.workers,
    servers: {
      engine: 'no answer cache: every request runs the engine',
      cached: `LRU answer cache of ${CACHE_ENTRIES} entries, filled by a warm-up pass: every request a hit`,
    },
    inputs:
      'autocomplete: every prefix of every fixture query (30 languages, with their countries); ' +
      'geocode: every fixture query; reverse: random gazetteer places ±0.02°; ' +
      'eta: random origin, 1–25 destinations within ±0.4°; all shuffled (seed 42)',
    targets: { p99Ms: 10 },
    notes:
      'offered "max": closed loop, 50 connections each sending its next request as soon as the ' +
      'answer is in, so the server is saturated and mean latency = 50 / (requests/s) (queueing); ' +
      'offered N: the same 50 connections sending N requests/s in all (half the measured maximum), ' +
      'the latency of a busy but not saturated server. ' +
      'The server runs WORKERS processes (one per core); ' +
      'serverCpuUsPerRequest (server process user+system CPU / requests) is the cost per request ' +
      'and depends little on the machine load; the load generator (wrk, 2 threads) shares the same 2 cores.',
    memory,
    results,
  };
  if (!ONLY) {
    mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
    writeFileSync(
      new URL('../results/maps-http.json', import.meta.url),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    log('wrote bench/results/maps-http.json');
  }
  console.table(
    results.map((f) => ({
      server: f.server,
      endpoint: f.endpoint,
      offered: f.offered,
      inputs: f.distinctInputs,
      'req/s': f.requestsPerSec,
      'p50 ms': f.latencyMs.p50,
      'p99 ms': f.latencyMs.p99,
      'cpu µs/req': f.serverCpuUsPerRequest,
      errors: f.errors + f.non2xx,
      load: f.loadAvgBefore[0],
    })),
  );
  console.log(memory);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
