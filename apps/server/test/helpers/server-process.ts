/**
 * The server as a process of its own (as `npm start` or production runs it), for the tests of
 * what only a whole process shows: cluster workers, signals, the compiled start. It gets a fresh
 * data directory with 200 demo stores, listens on 127.0.0.1 and logs only warnings, unless `env`
 * says otherwise; its standard output and error are kept together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output: () => string;
  /** Its exit code (null: ended by a signal). */
  exited: Promise<number | null>;
}

/** Runs `node <args…>` (in `env.DATA_DIR` if given, else a fresh `dataDirPrefix…` folder) e.g. `['--import', 'tsx', 'src/main.ts']`. */
export function startServerProcess(
  args: readonly string[],
  env: Record<string, string>,
  dataDirPrefix = 'locator-process-',
): ServerProcess {
  const child = spawn(process.execPath, [...args], {
    env: {
      ...process.env,
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), dataDirPrefix)),
      DEMO_STORES: '200',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Resolves with the port once the server says it listens; rejects if it exits first. */
export function listening(s: ServerProcess, ms = 90_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening:\n${s.output()}`)), ms);
    const seen = () => {
      const m = /locator listening on http:\/\/localhost:(\d+)/.exec(s.output());
      if (!m) return;
      clearTimeout(timer);
      resolve(Number(m[1]));
    };
    s.child.stdout!.on('data', seen);
    void s.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${s.output()}`));
    });
  });
}

/** A port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => r(port));
    });
  });
}
