/**
 * `npm run bench:rebuild`: the event loop while the store index follows a change, at 200,000
 * stores (BENCH_STORES): SQLite (the bench:api data file), and PostgreSQL when
 * BENCH_REBUILD_PG_URL names a database holding the stores (only read: its rebuild is
 * triggered without a write). A timer ticks every millisecond and searches, as requests
 * would; per round, the longest gap between its ticks, monitorEventLoopDelay's maximum, the
 * longest search, the longest garbage collection and the time until the change is searchable:
 *
 * - `none`: 3 s without any write (the machine's own delays: others' load shows here);
 * - `other` (SQLite): another connection writes one store; this process sees it at its check;
 * - `own`: this process's own write (its next search waits for an index that holds it);
 * - `inThread`: the read and build as they ran before the builder thread, on this thread
 *   (last: its garbage stays on this thread).
 *
 * Then the main thread's share of a rebuild alone (the built arrays handed over through a
 * message channel and wrapped as an index). Figures with the machine's load average to
 * bench/results/rebuild.json (rebuild-N.json for another store count).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { MessageChannel } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import { readSqliteIndex } from '../../apps/server/src/modules/search/index-read.js';
import { readPgIndex } from '../../apps/server/src/modules/search/index-read.js';
import { StoreIndex } from '../../apps/server/src/modules/search/store-index.js';
import {
  transferList,
  type IndexParts,
} from '../../apps/server/src/modules/search/store-index-build.js';
import type { StoreFollower } from '../../apps/server/src/modules/search/store-follower.js';
import type { Database, NearestQuery } from '../../apps/server/src/db/types.js';
import { SQLITE_FILE, STORES } from '../api/data.js';

const FILE = process.env.BENCH_REBUILD_FILE ?? SQLITE_FILE;
const PG_URL = process.env.BENCH_REBUILD_PG_URL;
const ROUNDS = Number(process.env.BENCH_REBUILD_ROUNDS ?? 3);
const round = (ms: number): number => Math.round(ms * 10) / 10;
const query: NearestQuery = {
  channel: 'sales',
  dropOff: 'any',
  countries: ['DE'],
  latitude: 52.52,
  longitude: 13.405,
  radiusKm: 50,
  limit: 20,
};

/** Garbage collection pauses of this thread. */
let longestGc = 0;
const gc = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longestGc = Math.max(longestGc, e.duration);
});

/** One round: ticks and searches while `change` runs and until `done` says so. */
async function measure(db: Database, change: () => Promise<void>, done: () => boolean) {
  await db.search.settled();
  const h = monitorEventLoopDelay({ resolution: 1 });
  longestGc = 0;
  let longestSearch = 0;
  let searches = 0;
  let longestGap = 0;
  const start = performance.now();
  let last = start;
  const ticker = setInterval(() => {
    const s = performance.now();
    longestGap = Math.max(longestGap, s - last);
    last = s;
    void db.search.nearestPage(query).then(() => {
      searches += 1;
      longestSearch = Math.max(longestSearch, performance.now() - s);
    });
  }, 1);
  h.enable();
  await new Promise((ok) => setTimeout(ok, 20));
  const changed = performance.now();
  await change();
  while (!done()) await new Promise((ok) => setTimeout(ok, 1));
  const visibleMs = performance.now() - changed;
  // A few more ticks, so that a delay ending at the install is sampled too.
  await new Promise((ok) => setTimeout(ok, 20));
  h.disable();
  clearInterval(ticker);
  return {
    visibleMs: round(visibleMs),
    longestTimerGapMs: round(longestGap),
    maxLoopDelayMs: round(h.max / 1e6),
    p99LoopDelayMs: round(h.percentile(99) / 1e6),
    longestSearchMs: round(longestSearch),
    longestGcMs: round(longestGc),
    searches,
  };
}

/** The main thread's share: hand-over and wrap of built arrays, five times. */
async function installMs(parts: IndexParts): Promise<number[]> {
  let handed = parts;
  const out: number[] = [];
  for (let r = 0; r < 5; r += 1) {
    const channel = new MessageChannel();
    const t = performance.now();
    const received = await new Promise<IndexParts>((ok) => {
      channel.port2.once('message', ok);
      channel.port1.postMessage(handed, transferList(handed));
    });
    new StoreIndex(received).nearest(query);
    out.push(round(performance.now() - t));
    handed = received;
    channel.port1.close();
  }
  return out;
}

async function run(name: 'sqlite' | 'postgres') {
  const db = name === 'sqlite' ? openSqlite(FILE) : await openPostgres(PG_URL!, { max: 2 });
  const follower = db.search as StoreFollower;
  const t0 = performance.now();
  await db.search.ready();
  const firstBuildMs = round(performance.now() - t0);
  const side = name === 'sqlite' ? new BetterSqlite3(FILE) : undefined;
  const client = name === 'postgres' ? new pg.Client({ connectionString: PG_URL }) : undefined;
  await client?.connect();
  const touch = side?.prepare(
    'UPDATE stores SET hash = hash WHERE id = (SELECT min(id) FROM stores)',
  );
  const results: Record<string, unknown>[] = [];
  let parts: IndexParts | undefined;
  const rebuilt = () => {
    const at = db.search.state().builtAt;
    return () => db.search.state().builtAt !== at;
  };
  for (const kind of ['none', 'other', 'own', 'inThread'] as const) {
    if (kind === 'other' && !touch) continue;
    for (let r = 0; r < ROUNDS; r += 1) {
      let finished = false;
      const figures = await measure(
        db,
        async () => {
          if (kind === 'none') setTimeout(() => (finished = true), 3000);
          else if (kind === 'inThread') {
            // Yield once so a tick is sampled before, then hold the loop as the build did.
            await new Promise((ok) => setTimeout(ok, 1));
            parts = side ? readSqliteIndex(side).parts : (await readPgIndex(client!)).parts;
            finished = true;
          } else {
            const isBuilt = rebuilt();
            touch?.run();
            if (kind === 'own') follower.invalidate();
            const wait = () => (isBuilt() ? (finished = true) : setTimeout(wait, 1));
            wait();
          }
        },
        () => finished,
      );
      results.push({ kind, ...figures });
    }
  }
  // The in-thread builds left their garbage on this thread: collected before measuring.
  (globalThis as { gc?: () => void }).gc?.();
  const install = await installMs(parts!);
  side?.close();
  await client?.end();
  await db.close();
  return { database: name, firstBuildMs, installMs: install, results };
}

async function main(): Promise<void> {
  gc.observe({ entryTypes: ['gc'] });
  const loadBefore = loadavg();
  const runs = [await run('sqlite')];
  if (PG_URL) runs.push(await run('postgres'));
  gc.disconnect();
  const report = { stores: STORES, loadBefore, loadAfter: loadavg(), runs };
  const dir = join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const name = STORES === 200_000 ? 'rebuild.json' : `rebuild-${STORES}.json`;
  writeFileSync(join(dir, name), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 1));
  process.exit(0);
}

void main();
