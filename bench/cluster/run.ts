/**
 * `npm run bench:cluster`: the locator as docs/DEPLOYMENT.md deploys it, on loopback: two server
 * instances (each `WORKERS=2`, as two machines would run them) behind HAProxy from Debian
 * (installed when missing) with health checks on /healthz, sharing a PostgreSQL server of their
 * own and the Redis at REDIS_URL (default 127.0.0.1:6379, keys under a prefix of this run).
 *
 * Checks, each bounded in time:
 * 1. shared limits: one client's maps requests, spread by HAProxy over both instances and all
 *    four processes, get RATE_LIMIT_MAPS answers in all (not four times as many), HEAD included;
 * 2. an import run against the shared database is served by every process of both instances
 *    within IMPORT_DELAY_MS;
 * 3. the database going away: each instance's /healthz answers non-200 while PostgreSQL is
 *    stopped (HAProxy takes both out), and 200 again within 10 s of its return;
 * 4. metrics: each instance's METRICS_PORT (/metrics, summed over its workers by its primary)
 *    accounts for the maps requests of check 1: over both instances, as many refusals as 429s
 *    were answered, and both workers of each instance report their memory;
 * 5. an instance stopped under load (SIGTERM): HAProxy drains it (its /healthz answers 503 for
 *    SHUTDOWN_GRACE_MS) and not one request of the load fails.
 *
 * Figures and verdicts go to bench/results/cluster.json with the load average; exit code 1 if a
 * check fails.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { ConfigService } from '../../apps/server/src/config/service.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { generateDemoStores } from '../../apps/server/src/demo/generate.js';
import { toImportCsv } from '../../apps/server/src/modules/imports/export.js';
import {
  PrivatePostgres,
  percentile,
  sleep,
  startLoad,
  startLocator,
  type Locator,
} from '../lib/locator.js';
import { haproxyConfig } from './haproxy.js';

const log = (m: string): void => console.log(`[bench:cluster] ${m}`);
/** HAProxy's port, the two instances' and PostgreSQL's (loopback). */
const BASE = Number(process.env.BENCH_CLUSTER_PORT ?? 8305);
const LB_PORT = BASE;
const PORTS = [BASE + 1, BASE + 2];
const PG_PORT = BASE + 3;
/** Each instance's metrics port (METRICS_PORT, loopback). */
const METRICS_PORTS = [BASE + 4, BASE + 5];
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `locator-bench-cluster-${randomBytes(4).toString('hex')}:`;
const DEMO_STORES = process.env.BENCH_CLUSTER_STORES ?? '20000';
const MAPS_LIMIT = 40;
const IMPORT_DELAY_MS = 5000;
const GRACE_MS = 3000;
const SEARCH = '/api/v1/grlui/uk/en/sales?pt=all&lat=51.5074&lon=-0.1278&maxrad=100&maxResult=20';

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

/** HAProxy from Debian, installed when missing (as scripts/test.sh installs chromium). */
function ensureHaproxy(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy']).toString().trim();
  } catch {
    log('installing haproxy (apt-get)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], {
      stdio: 'ignore',
      env,
    });
    return execFileSync('sh', ['-c', 'command -v haproxy']).toString().trim();
  }
}

/** One request on a connection of its own; status, headers and body. */
function request(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ status: number; body: string; server?: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent: false, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          const server = res.headers['x-served-by'];
          resolve({
            status: res.statusCode ?? 0,
            body,
            ...(typeof server === 'string' ? { server } : {}),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end();
  });
}

async function until(what: () => Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await what()) return Math.round(performance.now() - started);
    await sleep(everyMs);
  }
  return undefined;
}

function startHaproxy(bin: string, dir: string): ChildProcess {
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ port: LB_PORT, servers: PORTS, checkIntervalMs: 300 }));
  execFileSync(bin, ['-c', '-q', '-f', cfg]);
  const child = spawn(bin, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', () => undefined);
  return child;
}

/** Waits until HAProxy sends to both instances (its checks see both healthy). */
async function bothUp(timeoutMs = 15_000): Promise<number | undefined> {
  return until(async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) seen.add((await request(LB_PORT, '/healthz')).server ?? '');
    return seen.has('s1') && seen.has('s2');
  }, timeoutMs);
}

/** Check 1: one client's budget, over both instances and all processes. */
async function sharedLimits(): Promise<{
  limit: number;
  sent: number;
  statuses: Record<string, number>;
}> {
  await bothUp();
  const servers = new Set<string>();
  const counts = new Map<number, number>();
  const total = MAPS_LIMIT * 2;
  for (let i = 0; i < total; i += 1) {
    const method = i % 5 === 4 ? 'HEAD' : 'GET';
    const r = await request(
      LB_PORT,
      `/api/v1/maps/autocomplete?q=lond&countries=GB&n=${i}`,
      method,
    );
    if (r.server) servers.add(r.server);
    counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  }
  const ok = counts.get(200) === MAPS_LIMIT && counts.get(429) === total - MAPS_LIMIT;
  check(
    'shared limits: one budget per client over both instances and all processes',
    ok && servers.size === 2,
    `${total} maps requests (every fifth HEAD) through HAProxy to instances ` +
      `${[...servers].join(', ')}: ${[...counts].map(([s, n]) => `${n} × ${s}`).join(', ')} ` +
      `(RATE_LIMIT_MAPS ${MAPS_LIMIT})`,
  );
  return {
    limit: MAPS_LIMIT,
    sent: total,
    statuses: Object.fromEntries(counts) as Record<string, number>,
  };
}

/** The sum of a metric's samples whose labels include all of `labels`, in Prometheus text. */
function sumOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/**
 * Check 4: both instances' metrics ports, scraped as Prometheus would, account for check 1's
 * maps requests (the refusals summed over both instances and their workers) and show each
 * worker's memory.
 */
async function metricsScrape(sent: { statuses: Record<string, number> }) {
  const texts: string[] = [];
  for (const port of METRICS_PORTS) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    texts.push(await res.text());
  }
  const route = '/api/v1/maps/autocomplete';
  const refused = texts.map((t) => sumOf(t, 'locator_rate_limited_total', { route }));
  const answered = texts.map((t) => sumOf(t, 'locator_http_requests_total', { route }));
  const workers = texts.map(
    (t) =>
      new Set(
        [...t.matchAll(/process_resident_memory_bytes\{[^}]*worker="([1-9]\d*)"/g)].map(
          (m) => m[1],
        ),
      ).size,
  );
  const want429 = sent.statuses['429'] ?? 0;
  const totalRefused = refused[0]! + refused[1]!;
  check(
    'metrics: each instance sums its workers; both together account for every refusal',
    totalRefused === want429 && workers.every((n) => n >= 2),
    `refusals per instance ${refused.join(' + ')} = ${totalRefused} (429s answered: ${want429}); ` +
      `autocomplete answers counted ${answered.join(' + ')}; workers with memory per ` +
      `instance: ${workers.join(', ')} (its 2 workers)`,
  );
  return { refused, answered, workersWithMemory: workers };
}

/** Check 2: an import is served by every process of both instances within IMPORT_DELAY_MS. */
async function importPropagation(env: Record<string, string>, file: string) {
  const started = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/modules/imports/cli.ts', file, '--no-geocode'],
    { env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  const importMs = Math.round(performance.now() - started);
  const perInstance: Record<string, number | undefined> = {};
  await Promise.all(
    PORTS.map(async (port) => {
      // Six fresh connections in a row, spread over the instance's workers, all new stores.
      perInstance[port] = await until(
        async () => {
          const answers = await Promise.all(Array.from({ length: 6 }, () => request(port, SEARCH)));
          return answers.every((a) => a.status === 200 && a.body.includes('"CLUS'));
        },
        15_000,
        25,
      );
    }),
  );
  const delays = Object.values(perInstance);
  const worst = delays.some((d) => d === undefined) ? undefined : Math.max(...(delays as number[]));
  check(
    `an import is served by every process of both instances within ${IMPORT_DELAY_MS} ms`,
    worst !== undefined && worst <= IMPORT_DELAY_MS,
    `import of ${DEMO_STORES} stores took ${importMs} ms; then served by all after ` +
      `${PORTS.map((p) => `${perInstance[p] ?? 'never'} ms (:${p})`).join(', ')}`,
  );
  return { importMs, servedAfterMs: perInstance, boundMs: IMPORT_DELAY_MS };
}

/** Check 3: /healthz answers non-200 while PostgreSQL is away, 200 again when it is back. */
async function databaseOutage(pg: PrivatePostgres) {
  await pg.stop();
  const stoppedAt = performance.now();
  const unhealthy = await Promise.all(
    PORTS.map((port) =>
      until(async () => (await request(port, '/healthz')).status !== 200, 10_000),
    ),
  );
  const lbStatus = (await request(LB_PORT, '/healthz')).status;
  const outageMs = Math.round(performance.now() - stoppedAt);
  await pg.start();
  const healthy = await Promise.all(
    PORTS.map((port) =>
      until(async () => (await request(port, '/healthz')).status === 200, 20_000),
    ),
  );
  check(
    'the database going away: each instance reports unhealthy (/healthz non-200)',
    unhealthy.every((d) => d !== undefined),
    `after ${unhealthy.map((d) => (d === undefined ? 'never (10 s)' : `${d} ms`)).join(', ')}; ` +
      `HAProxy answered ${lbStatus} meanwhile`,
  );
  check(
    'and healthy again within 10 s of its return',
    healthy.every((d) => d !== undefined && d <= 10_000),
    `after ${healthy.map((d) => (d === undefined ? 'never' : `${d} ms`)).join(', ')}`,
  );
  // HAProxy's checks bring both back (rise 2).
  await bothUp();
  return { outageMs, unhealthyAfterMs: unhealthy, healthyAgainAfterMs: healthy, lbStatus };
}

/** Check 4: SIGTERM to one instance under load; no request of the load fails. */
async function drainUnderLoad(victim: Locator) {
  await bothUp();
  const load = startLoad(LB_PORT, [SEARCH], 8);
  await sleep(3000);
  const signalledAt = load.now();
  victim.child.kill('SIGTERM');
  const code = await victim.exited;
  const exitedAt = load.now();
  await sleep(3000);
  const answers = await load.stop();
  const failed = answers.filter((a) => a.status !== 200);
  const ms = answers.map((a) => a.ms);
  const seconds = (answers.at(-1)?.at ?? 1) / 1000;
  check(
    'an instance stopped under load (SIGTERM) is drained with no failed request',
    failed.length === 0 && code === 0,
    `${answers.length} searches through HAProxy, ${failed.length} failed; the instance exited ` +
      `${code} ${Math.round(exitedAt - signalledAt)} ms after SIGTERM (grace ${GRACE_MS} ms)`,
  );
  return {
    requests: answers.length,
    failed: failed.length,
    throughputPerSecond: Math.round(answers.length / seconds),
    p50Ms: Math.round(percentile(ms, 50) * 10) / 10,
    p99Ms: Math.round(percentile(ms, 99) * 10) / 10,
    exitCode: code,
    stopMs: Math.round(exitedAt - signalledAt),
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const bin = ensureHaproxy();
  const haproxyVersion = execFileSync(bin, ['-v']).toString().split('\n')[0]!;
  log(haproxyVersion);
  const dir = mkdtempSync(join(tmpdir(), 'locator-cluster-'));
  const config = new ConfigService(loadConfigFiles(CONFIG_DIR));
  const importFile = join(dir, 'import.csv');
  const records = generateDemoStores({
    countries: config.countries(),
    catalogue: config.catalogue,
    brand: 'Lumen',
    count: Number(DEMO_STORES),
    seed: 77,
  });
  writeFileSync(
    importFile,
    toImportCsv(records, config.catalogue, { storeId: (id) => id.replace('DEMO', 'CLUS') }),
  );

  const pg = new PrivatePostgres(PG_PORT);
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const instances: Locator[] = [];
  let haproxy: ChildProcess | undefined;
  const report: Record<string, unknown> = {};
  try {
    await pg.start();
    pg.createDatabase();
    const env = {
      DATABASE_URL: pg.url,
      WORKERS: '2',
      DEMO_STORES,
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_MAPS: String(MAPS_LIMIT),
      TRUST_PROXY: 'loopback',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    };
    // The first instance loads the demo data into the empty database; the second finds it.
    for (const [i, port] of PORTS.entries()) {
      const started = performance.now();
      instances.push(
        await startLocator({ ...env, PORT: String(port), METRICS_PORT: String(METRICS_PORTS[i]) }),
      );
      log(`instance :${port} listening after ${Math.round(performance.now() - started)} ms`);
    }
    haproxy = startHaproxy(bin, dir);
    const up = await bothUp();
    log(`HAProxy sends to both instances after ${up} ms`);

    const limits = await sharedLimits();
    report.sharedLimits = limits;
    report.metrics = await metricsScrape(limits);
    report.import = await importPropagation({ DATABASE_URL: pg.url }, importFile);
    report.databaseOutage = await databaseOutage(pg);
    report.drain = await drainUnderLoad(instances[1]!);
  } finally {
    haproxy?.kill('SIGTERM');
    for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    const keys = await redis.keys(`${PREFIX}*`).catch(() => [] as string[]);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    pg.destroy();
    rmSync(dir, { recursive: true, force: true });
  }

  const result = {
    date: new Date().toISOString(),
    setup:
      `2 instances × WORKERS=2 behind ${haproxyVersion.replace(/ - .*/, '')} (health checks on ` +
      `/healthz every 300 ms), a private PostgreSQL, Redis; ${DEMO_STORES} stores; loopback`,
    loadAverage: { before: loadBefore, after: loadavg().map((x) => Math.round(x * 100) / 100) },
    ...report,
    checks,
  };
  writeFileSync('bench/results/cluster.json', `${JSON.stringify(result, null, 2)}\n`);
  const failed = checks.filter((c) => !c.ok);
  log(
    `${checks.length - failed.length}/${checks.length} checks passed; bench/results/cluster.json`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
