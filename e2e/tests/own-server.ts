/**
 * A server of a journey's own, for journeys whose settings or writes must not reach the shared
 * e2e server: `apps/server/src/main.ts` run by Node itself (one process, ended by its pid) on
 * 127.0.0.1, with its data in a folder of its own (no demo data unless asked) and the settings
 * given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** A folder for a journey's server: its data, and files the journey writes for it. */
export const ownServerDir = (name: string): string =>
  mkdtempSync(join(tmpdir(), `locator-e2e-${name}-`));

export interface OwnServer {
  /** "http://127.0.0.1:<port>". */
  base: string;
  /** The server's DATA_DIR. */
  dataDir: string;
  /** Resolves when /healthz answers 200 (at most two minutes). */
  ready: Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): void;
}

/** Starts the server in `dir` (ownServerDir); `what` names it in the error when it does not start. */
export function startOwnServer(
  what: string,
  port: number,
  dir: string,
  env: NodeJS.ProcessEnv = {},
): OwnServer {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = join(dir, 'data');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        ...env,
      },
    },
  );
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  return { base, dataDir, ready: waitForServer(base, what), stop };
}

async function waitForServer(base: string, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not start`);
}
