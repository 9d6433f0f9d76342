/**
 * The load generator of the maps benchmark: wrk (Debian's `wrk`, C, a few µs of CPU a request,
 * so it leaves the 2 cores to the server and measures latency without an event loop of its own
 * in the way). It is installed here when missing and this process runs as root with apt-get,
 * as `npm test` does for Chromium; otherwise the run stops saying what to install.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMsOfTree } from './proc.js';

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const SCRIPT = new URL('./wrk.lua', import.meta.url).pathname;

export function ensureWrk(log: (m: string) => void): void {
  if (existsSync(WRK)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    log('installing Debian package wrk (the load generator)');
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(WRK)) return;
  }
  throw new Error(`wrk is required (${WRK}): apt-get install wrk, or set WRK_PATH`);
}

export interface WrkResult {
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  /** wrk's own CPU time per request, µs (sampled every 250 ms: a slight undercount). */
  cpuUsPerRequest?: number;
}

export interface WrkOptions {
  port: number;
  paths: readonly string[];
  connections: number;
  seconds: number;
  /** Total requests per second to aim at (each connection waits between requests). */
  rate?: number;
  /** Or the wait itself, ms, after each answer on each connection. */
  delayMs?: number;
  threads?: number;
  /** Request headers (e.g. a browser's Accept-Encoding). */
  headers?: Record<string, string>;
}

const ms = (us: number): number => Math.round(us / 100) / 10;

/** One wrk run over the paths, in turn. */
export async function runWrk(o: WrkOptions): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'locator-wrk-'));
  const pathsFile = join(dir, 'paths.txt');
  writeFileSync(pathsFile, `${o.paths.join('\n')}\n`);
  // A connection's turn is its answer time plus the delay: about connections / rate seconds.
  const delayMs =
    o.delayMs ?? (o.rate ? Math.max(1, Math.round((o.connections / o.rate) * 1000 - 1)) : 0);
  const threads = o.threads ?? 2;
  const args = [
    `-t${threads}`,
    `-c${o.connections}`,
    `-d${o.seconds}s`,
    '--timeout',
    '10s',
    ...Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    '-s',
    SCRIPT,
    `http://127.0.0.1:${o.port}/`,
  ];
  let cpuMs: number | undefined;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(WRK, args, {
      env: {
        ...process.env,
        WRK_PATHS: pathsFile,
        WRK_DELAY_MS: String(delayMs),
        WRK_THREADS: String(threads),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const sample = setInterval(() => (cpuMs = cpuMsOfTree(child.pid) ?? cpuMs), 250);
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code === 0) resolve(text);
      else reject(new Error(`wrk exited with ${code}`));
    });
  });
  const line = /WRK_JSON (\{.*\})/.exec(out)?.[1];
  if (!line) throw new Error(`no figures in wrk's output:\n${out}`);
  const r = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    non2xx: number;
    errors: number;
  };
  return {
    requests: r.requests,
    requestsPerSec: Math.round(r.requests / (r.durationUs / 1e6)),
    latencyMs: { p50: ms(r.p50), p90: ms(r.p90), p99: ms(r.p99), max: ms(r.max) },
    non2xx: r.non2xx,
    errors: r.errors,
    ...(cpuMs !== undefined && r.requests > 0
      ? { cpuUsPerRequest: Math.round((cpuMs * 1000) / r.requests) }
      : {}),
  };
}
