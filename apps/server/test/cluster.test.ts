/**
 * Several server processes (WORKERS=2), as `npm start` runs them: the primary prepares the
 * database once, the workers share the port, a worker that dies is replaced, SIGTERM stops
 * everything gracefully, and a worker that cannot start stops the server with an error.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';

const SERVER = resolve(import.meta.dirname, '../src/main.ts');

type Started = ServerProcess;

function start(env: Record<string, string>): Started {
  return startServerProcess(
    ['--import', 'tsx', SERVER],
    { WORKERS: '2', ...env },
    'locator-cluster-',
  );
}

async function until<T>(what: string, fn: () => T | undefined, ms = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The process's worker children (Linux /proc): those running the server's entry file. tsx's
 * esbuild service may be a child too (when its transform cache is cold, as on a fresh machine).
 */
function children(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`)
    .flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8')
        .trim()
        .split(' ')
        .filter(Boolean)
        .map(Number),
    )
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(SERVER);
      } catch {
        return false; // already gone
      }
    });
}

/** The status of a GET on a connection of its own (closed after the answer). */
function freshGet(url: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe('several server processes (WORKERS)', () => {
  let running: Started | undefined;
  let blocker: Server | undefined;
  afterEach(async () => {
    running?.child.kill('SIGKILL');
    blocker?.close();
    running = blocker = undefined;
  });

  it('serves from two workers, replaces one that dies, and stops on SIGTERM', async () => {
    const port = await freePort();
    running = start({ PORT: String(port) });
    const s = running;
    await until('listening', () =>
      s.output().includes('(2 worker processes)') ? true : undefined,
    );
    expect(s.output()).toContain('demo data loaded: 200 stores');
    const search = `http://127.0.0.1:${port}/api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.12`;
    for (let i = 0; i < 6; i += 1) expect((await fetch(search)).status).toBe(200);

    const workers = children(s.child.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = children(s.child.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    });
    expect(s.output()).toMatch(/worker \d+ died \(SIGKILL\); restarting/);
    for (let i = 0; i < 6; i += 1) expect((await fetch(search)).status).toBe(200);

    s.child.kill('SIGTERM');
    // The grace period: still serving, /healthz says it is stopping.
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(search)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(503);
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: stopping in 1000 ms, then finishing in-flight requests/);
  }, 120_000);

  it("shares a client's rate limit between the workers (no Redis) and sums their metrics", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    running = start({
      PORT: String(port),
      RATE_LIMIT_SEARCH: '5',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: 'a-token-of-the-test-0123',
    });
    const s = running;
    await until(
      'listening',
      () => (s.output().includes('(2 worker processes)') ? true : undefined),
      170_000,
    );
    const search = `http://127.0.0.1:${port}/api/v1/grlui/uk/en/sales?lat=51.5&lon=-0.12`;
    // Each request on a fresh connection: the primary hands connections to the workers in turn
    // (round robin), so the requests alternate between the two workers. Counted per process,
    // the client would get 10.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push(await freshGet(search));
    expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(429)]);
    expect(s.output()).not.toMatch(/primary did not answer/);

    // The metrics port sums both workers: 5 searches answered, 7 refused; each worker's memory.
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(/^locator_searches_total\{channel="sales",country="uk"\} 5$/m);
    expect(scraped).toMatch(
      /^locator_rate_limited_total\{route="\/api\/v1\/grlui\/:countryCode\/:lang\/:channel"\} 7$/m,
    );
    for (const worker of ['1', '2']) {
      expect(scraped).toMatch(
        new RegExp(`^process_resident_memory_bytes\\{worker="${worker}"\\} \\d+`, 'm'),
      );
    }
    // The public port with the token: the same sums, asked of the primary by a worker.
    const viaPublic = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: 'Bearer a-token-of-the-test-0123' },
    });
    expect(viaPublic.status).toBe(200);
    expect(await viaPublic.text()).toMatch(
      /^locator_searches_total\{channel="sales",country="uk"\} 5$/m,
    );
  }, 240_000);

  it('stops with an error when the workers cannot listen', async () => {
    const port = await freePort();
    blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker!.once('listening', r));
    running = start({ PORT: String(port) });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/a worker failed to start/);
  }, 120_000);

  it('rejects a bad WORKERS value with the other configuration problems', async () => {
    running = start({ WORKERS: 'many', PORT: 'x' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/WORKERS: must be "auto" or a number from 1 to 99/);
    expect(running.output()).toMatch(/PORT: /);
  }, 60_000);
});

afterEach(() => {
  for (const d of readdirSync(tmpdir()).filter((n) => n.startsWith('locator-cluster-'))) {
    rmSync(join(tmpdir(), d), { recursive: true, force: true });
  }
});
