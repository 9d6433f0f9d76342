/**
 * `npm run bench:faults`: the locator under faults, each scenario bounded in time, on loopback,
 * with the real server (`apps/server/src/main.ts`, WORKERS=2, demo data) and a load of
 * searches (8 loops, one connection per request) recording every answer:
 *
 * 1. the database goes away mid-load and comes back: SQLite (the file made unreadable, then
 *    readable again) and PostgreSQL (a private server of its own, stopped and started with
 *    pg_ctl). Expected: searches answer from the store index throughout, writes (statistics)
 *    fail fast with 503 DATABASE_UNAVAILABLE, the server stays up (same process) and writes
 *    again within 5 s of the database's return, without a restart;
 * 2. an import killed mid-way (SIGKILL) on both databases: the previous data set is intact and
 *    searchable (the same answers, byte for byte);
 * 3. SIGTERM under load: the server keeps serving for its grace period (SHUTDOWN_GRACE_MS,
 *    /healthz answering 503), then finishes the requests in flight and exits 0;
 * 4. PostgreSQL connections cut at random moments under searches, writes and admin work
 *    (./connection-cuts.ts): no process dies, refused writes answer 503, all good after;
 * 5. SIGTERM to the whole process group of `npm run serve` (systemd's default), one worker
 *    and two, with a large bulk request in flight: the same graceful stop (./group-stop.ts).
 *
 * BENCH_FAULTS_ONLY: "sqlite", "postgres" or "stop" runs those scenarios alone.
 * Figures and verdicts go to bench/results/faults.json; the exit code is 1 if any check fails.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { openDatabase } from '../../apps/server/src/db/open.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { toImportCsv } from '../../apps/server/src/modules/imports/export.js';
import {
  PrivatePostgres,
  get,
  percentile,
  sleep,
  startLoad,
  startLocator,
  type Answer,
  type Locator,
} from '../lib/locator.js';
import { adminKey } from '../lib/admin-key.js';
import { connectionCutsScenario } from './connection-cuts.js';
import { groupStopScenario } from './group-stop.js';
import { searchPaths } from '../lib/search-paths.js';
import { startWrites } from './writes.js';

const log = (m: string): void => console.log(`[bench:faults] ${m}`);
const PG_PORT = Number(process.env.BENCH_FAULTS_PG_PORT ?? 55432);
const DEMO_STORES = process.env.BENCH_FAULTS_STORES ?? '20000';
const LOOPS = 8;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

/** Answers in [from, to) ms. */
const between = (answers: readonly Answer[], from: number, to: number) =>
  answers.filter((a) => a.at >= from && a.at < to);
const describe = (answers: readonly Answer[]): string => {
  const kinds = new Map<string, number>();
  for (const a of answers) {
    const k = a.error ?? (a.code ? `${a.status} ${a.code}` : String(a.status));
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  return [...kinds].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none';
};

/**
 * The outage scenario: searches and statistic writes for 4 s, `down()`, 6 s of outage, `up()`,
 * 10 s more. Searches answer from each process's store index throughout; writes need the
 * database: during the outage they answer 503 DATABASE_UNAVAILABLE, fast, and after it they
 * succeed again. Requests in flight when down() starts, sent while it runs or in the 0.5 s
 * after it (each server process notices the fault at its own next check), and sent while up()
 * runs may go either way; the others are checked.
 */
async function outage(
  name: string,
  server: Locator,
  paths: string[],
  down: () => void | Promise<void>,
  up: () => void | Promise<void>,
): Promise<Record<string, unknown>> {
  const load = startLoad(server.port, paths, LOOPS);
  const writeLoad = startWrites(server.port, 2, load.now);
  await sleep(4000);
  // The fault is in effect once down() returns, and over once up() does.
  const downStarted = load.now();
  await down();
  const downAt = load.now();
  await sleep(6000);
  const upStarted = load.now();
  await up();
  const upAt = load.now();
  await sleep(10_000);
  const answers = await load.stop();
  const writes = await writeLoad.stop();
  // Answered before the fault began (requests in flight at that moment may fail).
  const before = [...answers, ...writes].filter((a) => a.at + a.ms < downStarted);
  const during = between(answers, downAt + 500, upStarted);
  const writesDuring = between(writes, downAt + 500, upStarted);
  const writesAfter = writes.filter((a) => a.at >= upAt);
  const failures = writesAfter.filter((a) => a.status !== 204);
  const lastFailure = failures.at(-1);
  // Recovered when every process writes again: after the last failure following up().
  const recoveredMs = Math.max(
    0,
    Math.round(lastFailure ? lastFailure.at + lastFailure.ms - upAt : 0),
  );
  const afterRecovery = [...answers, ...writes].filter(
    (a) => a.at >= upAt && (!lastFailure || a.at > lastFailure.at),
  );
  const ok = (a: Answer) => a.status === 200 || a.status === 204;
  const unavailable = writesDuring.filter(
    (a) => a.status === 503 && a.code === 'DATABASE_UNAVAILABLE',
  );
  const failFastP99 = Math.round(
    percentile(
      unavailable.map((a) => a.ms),
      99,
    ),
  );
  check(`${name}: before the outage`, before.length > 0 && before.every(ok), describe(before));
  check(
    `${name}: during the outage, searches answer from the index`,
    during.length > 0 && during.every((a) => a.status === 200),
    describe(during),
  );
  check(
    `${name}: during the outage, writes answer 503 DATABASE_UNAVAILABLE only`,
    writesDuring.length > 0 && unavailable.length === writesDuring.length,
    describe(writesDuring),
  );
  check(
    `${name}: the 503s fail fast (p99 under 1 s)`,
    unavailable.length > 0 && failFastP99 < 1000,
    `p99 ${failFastP99} ms, max ${Math.round(Math.max(0, ...unavailable.map((a) => a.ms)))} ms`,
  );
  check(
    `${name}: every process writes again within 5 s of the database's return`,
    recoveredMs <= 5000,
    `the last failure was answered ${recoveredMs} ms after the return`,
  );
  check(
    `${name}: all good after recovery`,
    afterRecovery.length > 0 && afterRecovery.every(ok),
    describe(afterRecovery),
  );
  check(
    `${name}: the server stayed up (no restart)`,
    server.child.exitCode === null,
    `pid ${server.child.pid}`,
  );
  return {
    answers: answers.length,
    writes: writes.length,
    before: describe(before),
    during: describe(during),
    writesDuring: describe(writesDuring),
    writesAfter: describe(writesAfter),
    failFastP99Ms: failFastP99,
    recoveredAfterMs: recoveredMs,
  };
}

/** Fingerprint of the data set as searches see it: the ETags of these searches. */
async function fingerprint(port: number, paths: string[]): Promise<string[]> {
  return Promise.all(
    paths.map(
      (p) =>
        new Promise<string>((resolve) => {
          void fetch(`http://127.0.0.1:${port}${p}`).then(
            (r) => resolve(`${r.status} ${r.headers.get('etag') ?? ''}`),
            (e: Error) => resolve(`error ${e.message}`),
          );
        }),
    ),
  );
}

/** Runs the import command on the file and kills it after `afterMs`; its exit. */
async function killedImport(env: Record<string, string>, file: string, afterMs: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/modules/imports/cli.ts', file, '--no-geocode'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

/** The number of stores in the database the server reads. */
async function storeCount(env: Record<string, string>): Promise<number> {
  const db = await openDatabase({ DATA_DIR: env.DATA_DIR ?? '', DATABASE_URL: env.DATABASE_URL });
  try {
    return await db.stores.count();
  } finally {
    await db.close();
  }
}

/**
 * Imports killed at several moments. All or nothing: after each kill the database holds either
 * the stores it held before (and searches answer exactly as before) or, when the kill came after
 * the import's commit, every store of the file as well (then that is the new "before").
 */
async function importScenario(
  name: string,
  server: Locator,
  env: Record<string, string>,
  file: string,
  fileStores: number,
  paths: string[],
): Promise<Record<string, unknown>> {
  const probe = paths.slice(0, 40);
  let before = await fingerprint(server.port, probe);
  let storesBefore = await storeCount(env);
  const runs: Record<string, unknown>[] = [];
  // Killed at several moments: reading and checking the file, then writing it.
  for (const afterMs of [1500, 3000, 4500, 6000, 8000]) {
    const r = await killedImport(env, file, afterMs);
    await sleep(300); // the SQLite version check (50 ms) and the PostgreSQL rollback
    const stores = await storeCount(env);
    const committed = stores === storesBefore + fileStores;
    if (committed) {
      await sleep(3000); // every worker follows the commit
      before = await fingerprint(server.port, probe);
      storesBefore = stores;
    }
    const now = await fingerprint(server.port, probe);
    const same = now.every((x, i) => x === before[i]) && now.every((x) => x.startsWith('200 '));
    const whole = stores === storesBefore;
    runs.push({ killedAfterMs: afterMs, exit: r.signal ?? r.code, stores, committed, same });
    check(
      `${name}: import killed after ${afterMs} ms leaves the data set whole and searchable`,
      r.signal === 'SIGKILL' ? whole && same : true,
      r.signal === 'SIGKILL'
        ? `${stores} stores (${committed ? 'the import had committed' : 'as before'}); ` +
            `${probe.length} searches answer ${same ? 'as before' : 'DIFFERENTLY'}`
        : `the import had finished before the kill (exit ${r.code}); not a kill`,
    );
  }
  return { runs };
}

async function shutdownScenario(
  server: Locator,
  paths: string[],
  graceMs: number,
): Promise<Record<string, unknown>> {
  // The load runs; SIGTERM. During the grace period the server still serves (/healthz 503);
  // then it stops accepting connections and finishes what it accepted. Requests sent until the
  // grace period ends must all be answered; later ones may only be refused or reset.
  const load = startLoad(server.port, paths, LOOPS);
  await sleep(2000);
  const termAt = load.now();
  server.child.kill('SIGTERM');
  await sleep(Math.min(200, graceMs / 2));
  const health = await get(server.port, '/healthz');
  const code = await server.exited;
  const stoppedMs = Math.round(load.now() - termAt);
  const answers = await load.stop();
  const inGrace = answers.filter((a) => a.at < termAt + graceMs - 50);
  const later = answers.filter((a) => a.at >= termAt + graceMs - 50);
  check(
    'SIGTERM: every request sent before the grace period ends is answered',
    inGrace.every((a) => a.status === 200),
    describe(inGrace),
  );
  check(
    'SIGTERM: later requests are answered, refused or reset, never failed',
    later.every((a) => a.status === 200 || a.error === 'ECONNREFUSED' || a.error === 'ECONNRESET'),
    describe(later),
  );
  check(
    'SIGTERM: /healthz answers 503 during the grace period',
    health.status === 503,
    String(health.status || health.error),
  );
  check('SIGTERM: the server exits 0', code === 0, `exit ${code} after ${stoppedMs} ms`);
  const late = await get(server.port, paths[0]!);
  check(
    'SIGTERM: no new connection is served afterwards',
    late.status === 0,
    late.error ?? String(late.status),
  );
  return {
    inGrace: describe(inGrace),
    later: describe(later),
    exitCode: code,
    stoppedAfterMs: stoppedMs,
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const paths = searchPaths(config, 2000);
  // An import file of other stores (the demo generator with other ids), for the kill runs.
  const dir = mkdtempSync(join(tmpdir(), 'locator-faults-'));
  const importFile = join(dir, 'import.csv');
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand: 'Lumen',
    count: 60_000,
    seed: 99,
  });
  writeFileSync(
    importFile,
    toImportCsv(records, config.catalogue, { storeId: (id) => id.replace('DEMO', 'KILL') }),
  );
  const report: Record<string, unknown> = {};
  const common = {
    WORKERS: '2',
    DEMO_STORES,
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
    RATE_LIMIT_ADMIN: '0',
    SHUTDOWN_GRACE_MS: '1000',
  };

  const only = process.env.BENCH_FAULTS_ONLY; // "sqlite", "postgres" or "stop"
  if (!only || only === 'stop') {
    log('process-group SIGTERM: npm run serve with one worker, then two');
    report.groupStop = [
      await groupStopScenario(check, paths, 1),
      await groupStopScenario(check, paths, 2),
    ];
  }
  // SQLite.
  if (!only || only === 'sqlite') {
    const dataDir = join(dir, 'sqlite');
    const sqliteEnv = { ...common, DATA_DIR: dataDir };
    log('SQLite: starting the server (demo data)');
    const server = await startLocator(sqliteEnv);
    const file = join(dataDir, 'locator.sqlite');
    report.sqliteOutage = await outage(
      'SQLite file made unreadable',
      server,
      paths,
      () => chmodSync(file, 0o000),
      () => chmodSync(file, 0o644),
    );
    report.sqliteImportKilled = await importScenario(
      'SQLite',
      server,
      sqliteEnv,
      importFile,
      records.length,
      paths,
    );
    report.shutdown = await shutdownScenario(server, paths, 1000);
  }

  // PostgreSQL: a private server, so that stopping it disturbs nobody else.
  if (!only || only === 'postgres') {
    const pg = new PrivatePostgres(PG_PORT);
    try {
      await pg.start();
      pg.createDatabase();
      const pgEnv = { ...common, DATABASE_URL: pg.url };
      const key = await adminKey({ DATA_DIR: dir, DATABASE_URL: pg.url }, 'faults', 'write');
      log('PostgreSQL: starting the server (demo data)');
      const server = await startLocator(pgEnv);
      report.postgresOutage = await outage(
        'PostgreSQL stopped',
        server,
        paths,
        () => pg.stop(),
        () => pg.start(),
      );
      log('PostgreSQL: connections cut under mixed load');
      report.postgresConnectionCuts = await connectionCutsScenario(
        check,
        describe,
        server,
        pg.url,
        key,
        paths,
      );
      report.postgresImportKilled = await importScenario(
        'PostgreSQL',
        server,
        { ...pgEnv, DATA_DIR: dir },
        importFile,
        records.length,
        paths,
      );
      server.child.kill('SIGTERM');
      await server.exited;
    } finally {
      pg.destroy();
    }
  }
  rmSync(dir, { recursive: true, force: true });

  const out = {
    benchmark: 'faults',
    date: new Date().toISOString(),
    machine: {
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    setup: `real server (WORKERS=2, ${DEMO_STORES} demo stores); ${LOOPS} loops of searches, one connection per request`,
    passed: checks.every((c) => c.ok),
    checks,
    ...report,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/faults.json', `${JSON.stringify(out, null, 2)}\n`);
  log(
    `wrote bench/results/faults.json: ${checks.filter((c) => c.ok).length}/${checks.length} checks passed`,
  );
  if (!out.passed) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
