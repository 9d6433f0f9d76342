/**
 * The compiled server as production runs it (`node apps/server/dist/main.js`, see
 * docs/DEPLOYMENT.md#running-the-server): built once here as `npm run build` builds it, started
 * on a fresh SQLite database with no tsx anywhere in its processes, answering a search (the
 * store index built by its worker thread, a file of the build), and stopping with exit code 0
 * on SIGTERM: in one process and with WORKERS=2 (the workers forked from the compiled entry).
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIST, buildServer } from '../src/tools/build-server.js';
import {
  freePort,
  listening,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.js';

const MAIN = join(DIST, 'main.js');
const SEARCH = '/api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.12';

type Started = ServerProcess;

function start(env: Record<string, string>): Started {
  return startServerProcess([MAIN], { SHUTDOWN_GRACE_MS: '200', ...env }, 'locator-compiled-');
}

/** The command lines of the process and its descendants (Linux /proc). */
function commandLines(pid: number): string[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i += 1) {
    for (const t of readdirSync(`/proc/${pids[i]}/task`)) {
      const kids = readFileSync(`/proc/${pids[i]}/task/${t}/children`, 'utf8').trim();
      if (kids) pids.push(...kids.split(' ').map(Number));
    }
  }
  return pids.flatMap((p) => {
    try {
      return [readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim()];
    } catch {
      return []; // already gone
    }
  });
}

describe('the compiled server (node apps/server/dist/main.js)', () => {
  let running: Started | undefined;
  beforeAll(async () => {
    await buildServer();
  }, 120_000);
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });
  afterAll(() => {
    for (const d of readdirSync(tmpdir()).filter((n) => n.startsWith('locator-compiled-'))) {
      rmSync(join(tmpdir(), d), { recursive: true, force: true });
    }
  });

  it('answers a search from one process and exits 0 on SIGTERM', async () => {
    running = start({ PORT: '0', WORKERS: '1' });
    const s = running;
    const port = await listening(s);
    const res = await fetch(`http://127.0.0.1:${port}${SEARCH}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { stores: unknown[] } };
    expect(body.results.stores.length).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(commandLines(s.child.pid!)).toEqual([`${process.execPath} ${MAIN}`]);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: stopping in 200 ms, then finishing in-flight requests/);
  }, 120_000);

  it('forks its WORKERS=2 from the compiled entry and stops them all on SIGTERM', async () => {
    running = start({ PORT: String(await freePort()), WORKERS: '2' });
    const s = running;
    const port = await listening(s);
    expect(s.output()).toContain('(2 worker processes)');
    for (let i = 0; i < 4; i += 1) {
      expect((await fetch(`http://127.0.0.1:${port}${SEARCH}`)).status).toBe(200);
    }
    const processes = commandLines(s.child.pid!);
    expect(processes).toHaveLength(3);
    for (const cmd of processes) expect(cmd).toBe(`${process.execPath} ${MAIN}`);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: stopping the workers/);
  }, 180_000);
});
