/**
 * A stop signal to the whole process group, as systemd sends it by default (KillMode=
 * control-group) and a terminal's Ctrl-C does: the server started the documented way
 * (`npm run serve`: npm → npm → node, the primary and its workers, one process group) gets
 * SIGTERM in every process at once while searches run and a large bulk request is in flight.
 * Expected: /healthz answers 503 during the grace period, every request sent before it ends is
 * answered (the bulk one included), and every process of the group exits.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminKey } from '../lib/admin-key.js';
import { get, sleep, startLoad, type Answer } from '../lib/locator.js';

export type CheckFn = (name: string, ok: boolean, detail: string) => void;

/** `npm run serve` in a process group of its own; resolves with its port once it listens. */
function serveGroup(env: Record<string, string>) {
  const child = spawn('npm', ['run', 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const exited = new Promise<string>((r) =>
    child.once('exit', (code, signal) => r(signal ?? String(code))),
  );
  const port = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 600_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /locator listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) early:\n${out}`)));
  });
  return { child, port, exited, output: () => out };
}

/** True while any process of the group lives. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A bulk dry run of `rows` London stores: its status and how long it took (ms). */
async function bulkDryRun(port: number, key: string, rows: number) {
  const body = JSON.stringify(
    Array.from({ length: rows }, (_, i) => ({
      storeId: `GROUP-${i}`,
      title: `Group stop ${i}`,
      country: 'GB',
      street1: `${i + 1} High Street`,
      city: 'London',
      latitude: String(51.4 + (i % 1000) / 5000),
      longitude: String(-0.2 + Math.floor(i / 1000) / 500),
      salesProducts: 'phone',
    })),
  );
  const started = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/admin/stores/bulk?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Math.round(performance.now() - started) };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, error: cause?.code ?? String(err), ms: 0 };
  }
}

const describe = (answers: readonly Answer[]): string => {
  const kinds = new Map<string, number>();
  for (const a of answers) {
    const k = a.error ?? (a.code ? `${a.status} ${a.code}` : String(a.status));
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  return [...kinds].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none';
};

export async function groupStopScenario(
  check: CheckFn,
  paths: string[],
  workers: number,
): Promise<Record<string, unknown>> {
  const graceMs = 1500;
  const dir = mkdtempSync(join(tmpdir(), 'locator-group-stop-'));
  const name = `process-group SIGTERM (npm run serve, WORKERS=${workers})`;
  try {
    const key = await adminKey({ DATA_DIR: dir }, 'faults', 'write');
    const server = serveGroup({
      DATA_DIR: dir,
      WORKERS: String(workers),
      DEMO_STORES: '5000',
      RATE_LIMIT_SEARCH: '0',
      SHUTDOWN_GRACE_MS: String(graceMs),
    });
    const port = await server.port;
    const pgid = server.child.pid!;
    const load = startLoad(port, paths, 4);
    await sleep(1500);
    const bulk = bulkDryRun(port, key, 20_000);
    // The bulk request is sent and being read or planned when the signal comes.
    await sleep(150);
    const termAt = load.now();
    process.kill(-pgid, 'SIGTERM');
    await sleep(Math.min(300, graceMs / 3));
    const health = await get(port, '/healthz');
    const bulkAnswer = await bulk;
    const code = await server.exited;
    // The launcher may exit before the node processes: wait for the whole group.
    const deadline = Date.now() + 20_000;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
    const stoppedMs = Math.round(load.now() - termAt);
    const alive = groupAlive(pgid);
    const answers = await load.stop();
    const inGrace = answers.filter((a) => a.at < termAt + graceMs - 50);
    const later = answers.filter((a) => a.at >= termAt + graceMs - 50);
    check(
      `${name}: /healthz answers 503 during the grace period`,
      health.status === 503,
      String(health.status || health.error),
    );
    check(
      `${name}: every search sent before the grace period ends is answered`,
      inGrace.length > 0 && inGrace.every((a) => a.status === 200),
      describe(inGrace),
    );
    check(
      `${name}: later searches are answered, refused or reset, never failed`,
      later.every(
        (a) => a.status === 200 || a.error === 'ECONNREFUSED' || a.error === 'ECONNRESET',
      ),
      describe(later),
    );
    check(
      `${name}: the bulk request in flight is answered`,
      bulkAnswer.status === 200,
      `${bulkAnswer.status || bulkAnswer.error} after ${bulkAnswer.ms} ms`,
    );
    // npm ends by the signal it was sent (a clean stop for systemd) or with the server's 0.
    check(
      `${name}: every process of the group exits, cleanly`,
      !alive && (code === '0' || code === 'SIGTERM'),
      `npm: ${code}; group ${alive ? 'STILL ALIVE' : 'gone'} after ${stoppedMs} ms`,
    );
    if (alive) process.kill(-pgid, 'SIGKILL');
    return {
      workers,
      health: health.status,
      bulk: bulkAnswer,
      inGrace: describe(inGrace),
      later: describe(later),
      npmExit: code,
      stoppedAfterMs: stoppedMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
