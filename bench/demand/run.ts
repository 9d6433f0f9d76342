/**
 * `npm run bench:demand`: the console's demand dashboard (GET /api/v1/admin/demand and the
 * unmet-demand CSV) over BENCH_EVENTS analytics events (default 10,000,000) on SQLite and
 * PostgreSQL. The events are generated (seeded, spread over the 400 days up to 30 November
 * 2026, in time order: page views, searches — found, none, no count — location searches and
 * clicks over the configured countries, channels and products, positions from a pool of places)
 * and written through the events repository's insertMany, the path the server writes with, which
 * keeps the hourly roll-ups in the same transaction; each database is kept for the next run.
 * The demand cube is then brought up to date (bench/demand/cube.ts: timed, with the tables'
 * sizes).
 * The real app answers in this process with a viewer's console session; each dashboard query is
 * asked BENCH_DEMAND_RUNS times (default 20, after 2 unmeasured), one at a time, and the report
 * (buildReport) of the last 30 days as well. No stores are loaded: the nearest-store distances
 * cost next to nothing here. Figures with the machine's load average to
 * bench/results/demand.json (with the run's size); exit code 1 when a dashboard query's p95 is
 * over 1 s. The command-line report is timed beside them (`report30Days`) but not held to the
 * dashboard's budget: it counts every stored event and every country × channel × product cell,
 * which the cube does not keep (docs/ARCHITECTURE.md, "Demand figures").
 */
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { loadConfigFiles } from '../../apps/server/src/config/load.js';
import { CONFIG_DIR } from '../../apps/server/src/config/paths.js';
import { createAccount } from '../../apps/server/src/modules/console/accounts.js';
import { buildReport } from '../../apps/server/src/modules/analytics/report.js';
import type { Database } from '../../apps/server/src/db/types.js';
import { eventBatches } from './events.js';
import { loadAverage, onKeptDatabases, pgUrl, writeBudgetReport } from '../lib/kept-databases.js';
import { rawConnection, refreshCube, type Raw } from './cube.js';
import { loadAnalyticsConfig } from '../../apps/server/src/modules/analytics/config.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_DEMAND_RUNS ?? 20);
const WARM = 2;
const BUDGET_P95_MS = 1000;
const BATCH = 5000;
const DIR = join(process.cwd(), 'data', 'bench');
/**
 * Part of the kept databases' names: a database whose stored events or hourly roll-ups would
 * differ is not reused. Migration 15 added a column the benchmark's events leave false, and 16
 * the demand cube, which is derived (marked for a refresh when migrated): a database of 14
 * serves as it is.
 */
const SCHEMA = 14;
const SQLITE_FILE = join(DIR, `demand-${EVENTS}-${SCHEMA}.sqlite`);
const PG_DB = `locator_bench_demand_${EVENTS}_${SCHEMA}`;
/** Changes when the stored events or the roll-ups would differ. */
const MARK = `bench-demand:${EVENTS}:${SCHEMA}`;
const PASSWORD = 'bench demand password';

const log = (m: string): void => console.log(`[bench:demand] ${m}`);
const round = (ms: number): number => Math.round(ms * 100) / 100;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const COUNTRIES = loadConfigFiles(CONFIG_DIR).countries.map((c) => c.countryCode.toUpperCase());

/**
 * Writes the events unless this database holds them already; the write's figures. A kept
 * database that lost its oldest events (a run before kept the server's retention) gets them
 * back: the generated events older than the oldest stored, the same events as deleted.
 */
async function fill(db: Database, raw: Raw) {
  const kept = await db.meta.get('bench-demand');
  if (kept?.startsWith(`${MARK} `)) {
    const stored = await db.events.count();
    if (stored < EVENTS) {
      const oldest = Math.round(
        await raw.one(
          db.dialect === 'sqlite'
            ? `SELECT (julianday(min(occurred_at)) - 2440587.5) * 86400000 FROM analytics_events`
            : `SELECT extract(epoch FROM min(occurred_at)) * 1000 FROM analytics_events`,
        ),
      );
      for (const batch of eventBatches(EVENTS, BATCH, COUNTRIES)) {
        const older = batch.filter((e) => e.at.getTime() < oldest);
        if (older.length === 0) break;
        await db.events.insertMany(older);
      }
      log(`${db.dialect}: ${EVENTS - stored} events deleted by a retention written again`);
      const now = await db.events.count();
      if (now !== EVENTS) throw new Error(`${db.dialect}: ${now} events stored, not ${EVENTS}`);
    }
    return JSON.parse(kept.slice(MARK.length + 1)) as object;
  }
  const t = Date.now();
  let written = 0;
  for (const batch of eventBatches(EVENTS, BATCH, COUNTRIES)) {
    await db.events.insertMany(batch);
    written += batch.length;
    if (written % 500_000 === 0) log(`${db.dialect}: ${written} events written`);
  }
  const seconds = Math.round((Date.now() - t) / 100) / 10;
  const figures = {
    how: `insertMany, ${BATCH} events a transaction: the events and all their roll-ups`,
    writeSeconds: seconds,
    eventsPerSecond: Math.round(EVENTS / seconds),
    estimatedSecondsFor10M: Math.round((10_000_000 / EVENTS) * seconds),
  };
  await db.meta.set('bench-demand', `${MARK} ${JSON.stringify(figures)}`);
  log(`${db.dialect}: ${EVENTS} events written in ${seconds} s`);
  return figures;
}

/** The dashboard's typical queries: presets, filters, time zones, weeks, the longest period. */
const QUERIES: Record<string, string> = {
  last7Days: '/demand?from=2026-11-24&to=2026-11-30&tz=Europe/London',
  last30Days: '/demand?from=2026-11-01&to=2026-11-30&tz=Europe/London',
  last90DaysByWeek: '/demand?from=2026-09-02&to=2026-11-30&tz=Europe/Berlin&by=week',
  last400DaysByWeek: '/demand?from=2025-10-27&to=2026-11-30&by=week',
  last400DaysByDay: '/demand?from=2025-10-27&to=2026-11-30',
  countryLast400Days: `/demand?from=2025-10-27&to=2026-11-30&by=week&country=${COUNTRIES[0]}`,
  countryChannelProduct90Days: `/demand?from=2026-09-02&to=2026-11-30&country=${COUNTRIES[0]}&channel=sales&product=all`,
  halfHourZone400Days: '/demand?from=2025-10-27&to=2026-11-30&tz=Asia/Kolkata&by=week',
  unmetCsv400Days: '/demand/unmet.csv?from=2025-10-27&to=2026-11-30',
};

async function measure(db: Database) {
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const settings = loadSettings({ DEMO_DATA: 'off' });
  // No retention: the benchmark's events end on 30 November 2026 and must all stay stored.
  const services = await createServices(env, settings, {
    database: db,
    analytics: loadAnalyticsConfig({ ANALYTICS_RETENTION_DAYS: '0' }),
  });
  const app = await buildApp({
    env,
    modules: services.modules,
    pages: services.pages,
    logger: false,
  });
  await app.ready();
  const email = `bench-demand-${Date.now()}@example.com`;
  await createAccount(db.accounts, email, 'viewer', PASSWORD);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { email, password: PASSWORD },
  });
  const headers = { cookie: String(signIn.headers['set-cookie']).split(';')[0]! };
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const times: number[] = [];
    let last: unknown;
    for (let i = 0; i < WARM + RUNS; i += 1) {
      const t0 = process.hrtime.bigint();
      last = await run();
      if (i >= WARM) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const figures = {
      n: times.length,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      maxMs: round(Math.max(...times)),
    };
    log(`${db.dialect} ${name}: ${JSON.stringify(figures)}`);
    return { figures, last };
  };
  const out: Record<string, unknown> = {};
  try {
    for (const [name, path] of Object.entries(QUERIES)) {
      const { figures, last } = await timed(name, async () => {
        const res = await app.inject({ url: `/api/v1/admin${path}`, headers });
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
        return res;
      });
      const res = last as { headers: Record<string, unknown>; json: () => unknown };
      const body = String(res.headers['content-type']).startsWith('application/json')
        ? (res.json() as { headline: { searches: { current: unknown } } })
        : undefined;
      out[name] = { path, searches: body?.headline.searches.current, ...figures };
    }
    const { figures } = await timed('report30Days', () =>
      buildReport(db.events, {
        from: new Date('2026-11-01T00:00:00Z'),
        to: new Date('2026-12-01T00:00:00Z'),
      }),
    );
    return { queries: out, report30Days: figures };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const results = await onKeptDatabases(SQLITE_FILE, PG_DB, async (db) => {
    const raw = await rawConnection(db, SQLITE_FILE, pgUrl(PG_DB));
    try {
      const write = await fill(db, raw);
      const cube = await refreshCube(db, raw, log);
      return { write, cube, ...(await measure(db)) };
    } finally {
      await raw.close();
    }
  });
  // One file: the run's size is in it.
  writeBudgetReport(
    'demand.json',
    { events: EVENTS, runsPerQuery: RUNS },
    results,
    BUDGET_P95_MS,
    loadBefore,
    log,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
