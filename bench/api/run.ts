/**
 * `npm run bench:api`: 200,000 stores; 99-result sales searches at random real city points;
 * 50 connections on loopback; searches/s, p50 and p99 for SQLite and PostgreSQL, next to the
 * same server answering a precomputed response of the same size (the ceiling). Figures go to
 * bench/results/api.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { STORES, prepareData, searchPoints } from './data.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const log = (m: string) => console.log(`[bench] ${m}`);

function startServer(
  db: 'sqlite' | 'postgres',
  sample: string,
): Promise<{ child: ChildProcess; port: number; size: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/server.ts'], {
      env: { ...process.env, BENCH_DB: db, BENCH_SAMPLE_PATH: sample, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), size: Number(m[2]) });
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
  /** Server process CPU time per request, µs (PostgreSQL's own processes not counted). */
  serverCpuUsPerRequest?: number;
}

/** CPU time (ms) the server process has used so far (Linux /proc; undefined elsewhere). */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function load(port: number, paths: string[], pid?: number): Promise<Figures> {
  const cpuBefore = cpuMs(pid);
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[i++ % paths.length]!;
          return req;
        },
      },
    ],
  });
  const cpuAfter = cpuMs(pid);
  const figures: Figures = {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  // Server CPU per request: what the machine's other load changes least.
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
    figures.serverCpuUsPerRequest = Math.round(
      ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
    );
  }
  return figures;
}

async function main(): Promise<void> {
  // The machine is shared: its load average goes into the report, before and after.
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = await prepareData(log);
  const points = await searchPoints(config, 2000);
  log(`${points.length} search points (99 results each)`);
  const paths = points.map((p) => p.path);
  const results: Record<string, unknown> = {};
  for (const db of ['sqlite', 'postgres'] as const) {
    const { child, port, size } = await startServer(db, paths[0]!);
    try {
      await load(port, paths.slice(0, 200)); // warm-up
      const search = await load(port, paths, child.pid);
      const ceiling = await load(port, ['/bench/ceiling'], child.pid);
      results[db] = {
        search,
        ceiling,
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
