/**
 * `npm run bench:api`: 200,000 stores; 99-result sales searches at random real city points;
 * 50 connections on loopback (wrk, bench/lib/wrk.ts); searches/s, p50 and p99 for SQLite and
 * PostgreSQL, next to the same server answering a precomputed response of the same size (the
 * ceiling), then the searches again at a steady 80 % of their maximum (latency below
 * saturation). PostgreSQL twice: its default in-memory replica and PG_SEARCH=postgis. The
 * server runs as `npm start` does with WORKERS=auto (BENCH_WORKERS). Figures go to
 * bench/results/api.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { STORES, prepareData, searchPoints } from './data.js';
import { cpuMsOfTree, postgresCpuMs } from '../lib/proc.js';
import { ensureWrk, runWrk } from '../lib/wrk.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
/**
 * "postgres" searches the in-memory replica (PG_SEARCH=memory, the default), "postgres-postgis"
 * a GiST KNN query per search (PG_SEARCH=postgis). BENCH_DATABASES=sqlite,postgres… measures
 * those only (the report then holds only them).
 */
const DATABASES = (['sqlite', 'postgres'] as const).filter(
  (d) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(d),
);
const log = (m: string) => console.log(`[bench] ${m}`);

function startServer(
  db: (typeof DATABASES)[number],
  sample: string,
): Promise<{ child: ChildProcess; port: number; workers: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/server.ts'], {
      env: { ...process.env, BENCH_DB: db, BENCH_SAMPLE_PATH: sample, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), workers: Number(m[2]) });
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

async function load(port: number, paths: string[], pid?: number, rate?: number): Promise<Figures> {
  const cpuBefore = cpuMsOfTree(pid);
  const pgBefore = postgresCpuMs();
  const result = await runWrk({
    port,
    paths,
    connections: CONNECTIONS,
    seconds: DURATION,
    ...(rate ? { rate } : {}),
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

async function main(): Promise<void> {
  ensureWrk(log);
  // The machine is shared: its load average goes into the report, before and after.
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = await prepareData(log);
  const points = await searchPoints(config, 2000);
  log(`${points.length} search points (99 results each)`);
  const paths = points.map((p) => p.path);
  const results: Record<string, unknown> = {};
  for (const db of DATABASES) {
    const { child, port, workers } = await startServer(db, paths[0]!);
    try {
      const size = (await (await fetch(`http://127.0.0.1:${port}/bench/ceiling`)).arrayBuffer())
        .byteLength;
      await runWrk({ port, paths: paths.slice(0, 200), connections: CONNECTIONS, seconds: 3 });
      const search = await load(port, paths, child.pid);
      const ceiling = await load(port, ['/bench/ceiling'], child.pid);
      // Latency below saturation: a steady 80 % of the measured maximum (as bench:soak runs).
      const steadyRate = Math.round((search.requestsPerSecond * 0.8) / 10) * 10;
      const steady = await load(port, paths, child.pid, steadyRate);
      results[db] = {
        search,
        ceiling,
        searchAt80PercentOfMax: { offeredPerSecond: steadyRate, ...steady },
        workers,
        responseBytes: size,
        ratioToCeiling:
          Math.round((search.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100,
      };
      log(`${db}: ${JSON.stringify(results[db])}`);
    } finally {
      child.kill('SIGTERM');
    }
  }
  const report = {
    benchmark: 'api search',
    date: new Date().toISOString(),
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
    aims: { sqliteRatio: 0.7, postgresRatio: 0.5, p99Ms: 25 },
    notes: [
      'search and ceiling: wrk as fast as it goes (closed loop, 50 connections): throughput; their latency is queueing at saturation on 2 cores shared with wrk.',
      'searchAt80PercentOfMax: the same searches at a steady 80 % of the measured maximum (wrk paced per connection): latency below saturation.',
      'postgres: PG_SEARCH=memory (default), the in-memory replica built from PostgreSQL; postgres-postgis: PG_SEARCH=postgis, a GiST KNN query per search.',
    ],
    ...results,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(join('bench/results', 'api.json'), `${JSON.stringify(report, null, 2)}\n`);
  log('wrote bench/results/api.json');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
