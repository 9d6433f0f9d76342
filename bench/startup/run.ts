/**
 * `npm run bench:startup`: how long the server takes from its process starting to its first
 * answer, compiled (`node apps/server/dist/main.js`, as production runs it: docs/DEPLOYMENT.md)
 * and from source through tsx (`node --import tsx apps/server/src/main.ts`, as `npm run dev`
 * and the tests run it). One SQLite database with the demo data (BENCH_STARTUP_STORES, default
 * 20,000), loaded once before; each start is a fresh process with WORKERS=1 (or
 * BENCH_STARTUP_WORKERS), timed to its first `/healthz` 200 and to its first search answered
 * with stores (the store index built).
 *
 * Cold: the first start of each kind, with tsx's transform cache turned off
 * (TSX_DISABLE_CACHE=1) and the compiled server just built; with BENCH_STARTUP_DROP_CACHES=1
 * (root, Linux) the kernel's page cache is dropped before each cold start too, which slows the
 * whole machine for a moment, so it is not the default. Warm: BENCH_STARTUP_RUNS (default 5)
 * starts of each kind after that, tsx's cache filled; the median and the spread.
 *
 * Figures go to bench/results/startup.json with the machine's load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../../apps/server/src/tools/build-server.js';
import { startServerProcess } from '../../apps/server/test/helpers/server-process.js';
import { cpuMsOfTree, memoryOfTree } from '../lib/proc.js';
import { percentile, sleep } from '../lib/locator.js';

const STORES = process.env.BENCH_STARTUP_STORES ?? '20000';
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const WORKERS = process.env.BENCH_STARTUP_WORKERS ?? '1';
const DROP_CACHES = process.env.BENCH_STARTUP_DROP_CACHES === '1';
const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 8401);
const SEARCH = '/api/v1/grlui/uk/en/sales?pt=all&lat=51.5074&lon=-0.1278&maxrad=100&maxResult=20';
const log = (m: string): void => console.log(`[bench:startup] ${m}`);
const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

const KINDS = {
  compiled: [resolve('apps/server/dist/main.js')],
  tsx: ['--import', 'tsx', resolve('apps/server/src/main.ts')],
} as const;
type Kind = keyof typeof KINDS;

interface Start {
  /** Milliseconds from spawning the process to its first /healthz 200. */
  healthMs: number;
  /** ... and to its first search answered with stores. */
  searchMs: number;
  /** CPU time of the process and its children until then (ms). */
  cpuMs: number | undefined;
  /** Their resident memory then (MiB). */
  rssMiB: number | undefined;
}

/** The status and body of one GET, or status 0 when nothing answers yet. */
async function get(path: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}${path}`, {
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

function dropCaches(): void {
  if (!DROP_CACHES) return;
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3');
  } catch (err) {
    throw new Error(`BENCH_STARTUP_DROP_CACHES=1 needs root on Linux: ${(err as Error).message}`);
  }
}

/** Starts the server, times its first answers, stops it with SIGTERM (it must exit 0). */
async function startOnce(kind: Kind, dataDir: string, env: Record<string, string> = {}) {
  const started = performance.now();
  const server = startServerProcess(KINDS[kind], {
    DATA_DIR: dataDir,
    DEMO_STORES: STORES,
    PORT: String(PORT),
    WORKERS,
    SHUTDOWN_GRACE_MS: '0',
    ...env,
  });
  const { child, exited } = server;
  let done = false;
  void exited.then(() => (done = true));
  const until = async (path: string, ok: (r: { status: number; body: string }) => boolean) => {
    for (;;) {
      if (done) throw new Error(`${kind} server exited before answering:\n${server.output()}`);
      if (performance.now() - started > 600_000)
        throw new Error(`${kind}: no answer:\n${server.output()}`);
      if (ok(await get(path))) return Math.round(performance.now() - started);
      await sleep(10);
    }
  };
  const healthMs = await until('/healthz', (r) => r.status === 200);
  const searchMs = await until(SEARCH, (r) => r.status === 200 && /"stores":\[\{/.test(r.body));
  const cpuMs = cpuMsOfTree(child.pid);
  const rssMiB = child.pid === undefined ? undefined : memoryOfTree(child.pid)?.rssMiB;
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${kind} server exited ${code} on SIGTERM:\n${server.output()}`);
  return { healthMs, searchMs, cpuMs, rssMiB } satisfies Start;
}

function summary(starts: Start[]) {
  const of = (pick: (s: Start) => number) => {
    const v = starts.map(pick);
    return { median: percentile(v, 50), min: Math.min(...v), max: Math.max(...v) };
  };
  return {
    healthMs: of((s) => s.healthMs),
    searchMs: of((s) => s.searchMs),
    cpuMs: of((s) => s.cpuMs ?? 0),
    rssMiB: of((s) => s.rssMiB ?? 0),
    starts,
  };
}

async function main(): Promise<void> {
  const loadBefore = load();
  const dataDir = mkdtempSync(join(tmpdir(), 'locator-bench-startup-'));
  try {
    log(`loading ${STORES} demo stores into a fresh database (once)`);
    await startOnce('compiled', dataDir);
    const cold: Partial<Record<Kind, Start>> = {};
    log(`cold: ${await buildServer()}`);
    dropCaches();
    cold.compiled = await startOnce('compiled', dataDir);
    log(`cold compiled: first search ${cold.compiled.searchMs} ms`);
    dropCaches();
    cold.tsx = await startOnce('tsx', dataDir, { TSX_DISABLE_CACHE: '1' });
    log(`cold tsx (no transform cache): first search ${cold.tsx.searchMs} ms`);
    // tsx's transform cache filled for the warm starts.
    await startOnce('tsx', dataDir);
    const warm: Record<Kind, Start[]> = { compiled: [], tsx: [] };
    for (let i = 0; i < RUNS; i += 1) {
      for (const kind of ['compiled', 'tsx'] as const) {
        const s = await startOnce(kind, dataDir);
        warm[kind].push(s);
        log(`warm ${kind} #${i + 1}: /healthz ${s.healthMs} ms, first search ${s.searchMs} ms`);
      }
    }
    const report = {
      benchmark: 'startup',
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      stores: Number(STORES),
      workers: Number(WORKERS),
      database: 'sqlite',
      droppedPageCache: DROP_CACHES,
      commands: {
        compiled: 'node apps/server/dist/main.js',
        tsx: 'node --import tsx apps/server/src/main.ts',
      },
      cold,
      warm: { compiled: summary(warm.compiled), tsx: summary(warm.tsx) },
      loadBefore,
      loadAfter: load(),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/startup.json', `${JSON.stringify(report, null, 2)}\n`);
    log(
      `wrote bench/results/startup.json: first search, median of ${RUNS} warm starts: ` +
        `compiled ${report.warm.compiled.searchMs.median} ms, tsx ${report.warm.tsx.searchMs.median} ms; ` +
        `cold: compiled ${cold.compiled.searchMs} ms, tsx ${cold.tsx.searchMs} ms`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
