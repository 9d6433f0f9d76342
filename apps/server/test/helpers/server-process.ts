/**
 * The server as a process of its own (as `npm start` or production runs it), for the tests of
 * what only a whole process shows: cluster workers, signals, the compiled start. It gets a fresh
 * data directory with 200 demo stores, listens on 127.0.0.1 and logs only warnings, unless `env`
 * says otherwise; its standard output and error are kept together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output: () => string;
  /** Its exit code (null: ended by a signal). */
  exited: Promise<number | null>;
}

/** Runs `node <args…>` (e.g. `['--import', 'tsx', 'src/main.ts']` or `['dist/main.js']`). */
export function startServerProcess(
  args: readonly string[],
  env: Record<string, string>,
  dataDirPrefix = 'locator-process-',
): ServerProcess {
  const child = spawn(process.execPath, [...args], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), dataDirPrefix)),
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
