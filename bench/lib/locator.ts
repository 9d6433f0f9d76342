/**
 * The locator as the load and fault scripts run it: the real server (`apps/server/src/main.ts`
 * from source through tsx, as `npm run dev` runs it; production runs the same code compiled,
 * docs/DEPLOYMENT.md#running-the-server) in its own processes, a load of searches recording every answer, and
 * a private PostgreSQL server that a script may stop and start without disturbing anyone else.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COMPILED_MAIN = 'apps/server/dist/main.js';

export interface Locator {
  child: ChildProcess;
  port: number;
  /** Everything the server printed. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the server with these environment variables; resolves when it listens. `compiled`:
 * the build's `apps/server/dist/main.js` run by node, as production runs it (`npm run build`
 * first), instead of the source through tsx.
 */
export function startLocator(
  env: Record<string, string>,
  timeoutMs = 600_000,
  options: { compiled?: boolean } = {},
): Promise<Locator> {
  if (options.compiled && !existsSync(COMPILED_MAIN)) {
    throw new Error(`${COMPILED_MAIN} is missing: run npm run build first`);
  }
  const args = options.compiled ? [COMPILED_MAIN] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /locator listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}

export interface Answer {
  /** Milliseconds since the load started, when the request was sent. */
  at: number;
  ms: number;
  status: number;
  /** The error code of a JSON error body. */
  code?: string;
  /** A transport error (ECONNREFUSED, ECONNRESET, ...). */
  error?: string;
}

/** One GET on a connection of its own (no keep-alive): every request stands alone. */
export function get(port: number, path: string): Promise<Omit<Answer, 'at' | 'ms'>> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent: false, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let code: string | undefined;
          if (status >= 400) {
            try {
              code = (JSON.parse(Buffer.concat(chunks).toString()) as { error?: { code?: string } })
                .error?.code;
            } catch {
              code = 'not JSON';
            }
          }
          resolve(code ? { status, code } : { status });
        });
        res.on('error', (e: NodeJS.ErrnoException) =>
          resolve({ status: 0, error: e.code ?? e.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: e.code ?? e.message }),
    );
  });
}

/** A request of the write and admin loads: a JSON body is sent with its content type. */
export interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** JSON text. */
  body?: string;
}

/** One request through fetch (connections kept alive); its status, error code or failure. */
export async function send(port: number, s: Sent): Promise<Omit<Answer, 'at' | 'ms'>> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${s.path}`, {
      method: s.method,
      headers: {
        ...s.headers,
        ...(s.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: s.body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status < 400) return { status: res.status };
    try {
      const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      return code ? { status: res.status, code } : { status: res.status };
    } catch {
      return { status: res.status, code: 'not JSON' };
    }
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, error: cause?.code ?? (err as Error).name };
  }
}

/** `concurrency` loops sending the paths in turn until stopped; every answer is kept. */
export function startLoad(port: number, paths: readonly string[], concurrency: number) {
  const answers: Answer[] = [];
  const started = performance.now();
  let running = true;
  let next = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const path = paths[next++ % paths.length]!;
      const at = performance.now() - started;
      const a = await get(port, path);
      answers.push({ at, ms: performance.now() - started - at, ...a });
    }
  });
  return {
    /** Milliseconds since the load started. */
    now: () => performance.now() - started,
    async stop(): Promise<Answer[]> {
      running = false;
      await Promise.all(loops);
      return answers.sort((a, b) => a.at - b.at);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PostgreSQL server of its own (initdb in a temporary folder, run as user postgres). */
export class PrivatePostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'locator-pg-'));
  readonly url: string;
  private readonly bin: string;

  constructor(readonly port: number) {
    const major = readdirSync('/usr/lib/postgresql').sort().at(-1);
    this.bin = `/usr/lib/postgresql/${major}/bin`;
    this.url = `postgres://postgres@127.0.0.1:${port}/locator`;
    const pg = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const pgGroup = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(this.dir, pg, pgGroup);
    this.asPostgres('initdb', ['-D', join(this.dir, 'data'), '-U', 'postgres', '--auth=trust']);
  }

  private asPostgres(cmd: string, args: string[]): void {
    execFileSync('runuser', ['-u', 'postgres', '--', `${this.bin}/${cmd}`, ...args], {
      stdio: 'ignore',
    });
  }

  /** The same, without blocking this process (a load keeps running meanwhile). */
  private asPostgresAsync(cmd: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      execFile('runuser', ['-u', 'postgres', '--', `${this.bin}/${cmd}`, ...args], (err) =>
        err ? reject(err) : resolve(),
      );
    });
  }

  start(): Promise<void> {
    return this.asPostgresAsync('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  createDatabase(): void {
    this.asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(this.port), 'locator']);
  }

  /** Stops the server (fast: active connections are closed). */
  stop(): Promise<void> {
    return this.asPostgresAsync('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-m',
      'fast',
      '-w',
      'stop',
    ]);
  }

  destroy(): void {
    try {
      if (existsSync(join(this.dir, 'data', 'postmaster.pid'))) {
        this.asPostgres('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      }
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
