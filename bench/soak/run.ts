/**
 * `npm run bench:soak`: 5 minutes of searches at 80 % of the measured maximum throughput, with
 * 200,000 stores (SQLite, the benchmark data of bench:api), 50 connections (wrk), the server
 * as `npm start` runs it with WORKERS=auto. Every 30 s: requests/s, latency percentiles,
 * failures and the server's resident memory. Passes with no failed request and resident memory
 * growing less than 10 % from the first window to the last. Figures go to
 * bench/results/soak.json (exit code 1 on a failed check).
 *
 *   BENCH_SOAK_WINDOWS=10 BENCH_SOAK_WINDOW_SECONDS=30 BENCH_SOAK_SHARE=0.8 npm run bench:soak
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { prepareData, searchPoints, STORES } from '../api/data.js';
import { memoryOfTree } from '../lib/proc.js';
import { ensureWrk, runWrk, type WrkResult } from '../lib/wrk.js';

const WINDOWS = Number(process.env.BENCH_SOAK_WINDOWS ?? 10);
const WINDOW_SECONDS = Number(process.env.BENCH_SOAK_WINDOW_SECONDS ?? 30);
const SHARE = Number(process.env.BENCH_SOAK_SHARE ?? 0.8);
const CONNECTIONS = 50;
const log = (m: string): void => console.log(`[bench:soak] ${m}`);
const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

function startServer(sample: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/server.ts'], {
      env: { ...process.env, BENCH_DB: 'sqlite', BENCH_SAMPLE_PATH: sample, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

async function main(): Promise<void> {
  ensureWrk(log);
  const config = await prepareData(log);
  const paths = (await searchPoints(config, 2000)).map((p) => p.path);
  const { child, port } = await startServer(paths[0]!);
  const pid = child.pid!;
  try {
    await runWrk({ port, paths, connections: CONNECTIONS, seconds: 5 }); // warm-up
    const max = await runWrk({ port, paths, connections: CONNECTIONS, seconds: 10 });
    const target = Math.round(max.requestsPerSec * SHARE);
    log(`maximum ${max.requestsPerSec} searches/s; soak at ${target}/s (${SHARE * 100} %)`);
    // Each connection waits after each answer; calibrate the wait on a short run.
    let delayMs = Math.max(1, Math.round((CONNECTIONS / target) * 1000));
    for (let i = 0; i < 3; i += 1) {
      const r = await runWrk({ port, paths, connections: CONNECTIONS, seconds: 5, delayMs });
      const perRequestMs = (CONNECTIONS / r.requestsPerSec) * 1000;
      delayMs = Math.max(0, Math.round(delayMs + (CONNECTIONS / target) * 1000 - perRequestMs));
    }
    const windows: (WrkResult & { window: number; rssMiB: number; loadAverage: number[] })[] = [];
    for (let w = 1; w <= WINDOWS; w += 1) {
      const r = await runWrk({
        port,
        paths,
        connections: CONNECTIONS,
        seconds: WINDOW_SECONDS,
        delayMs,
      });
      const rssMiB = memoryOfTree(pid)?.rssMiB ?? NaN;
      windows.push({ window: w, ...r, rssMiB, loadAverage: load() });
      log(
        `window ${w}: ${r.requestsPerSec}/s p50 ${r.latencyMs.p50} p90 ${r.latencyMs.p90} ` +
          `p99 ${r.latencyMs.p99} max ${r.latencyMs.max} ms; failures ${r.errors + r.non2xx}; ` +
          `rss ${rssMiB} MiB; load ${load()[0]}`,
      );
    }
    const failures = windows.reduce((n, w) => n + w.errors + w.non2xx, 0);
    const growth = (windows.at(-1)!.rssMiB - windows[0]!.rssMiB) / windows[0]!.rssMiB;
    const checks = {
      noFailedRequest: failures === 0,
      memoryGrowthUnder10Percent: growth < 0.1,
    };
    const report = {
      benchmark: 'soak',
      date: new Date().toISOString(),
      stores: STORES,
      connections: CONNECTIONS,
      maximumPerSecond: max.requestsPerSec,
      targetPerSecond: target,
      windowSeconds: WINDOW_SECONDS,
      failures,
      rssGrowth: Math.round(growth * 1000) / 1000,
      checks,
      passed: Object.values(checks).every(Boolean),
      windows,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/soak.json', `${JSON.stringify(report, null, 2)}\n`);
    log(
      `wrote bench/results/soak.json: ${failures} failures, memory ${
        growth >= 0 ? '+' : ''
      }${(growth * 100).toFixed(1)} %; ${report.passed ? 'passed' : 'FAILED'}`,
    );
    if (!report.passed) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
