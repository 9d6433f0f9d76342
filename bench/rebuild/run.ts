/**
 * The event loop while the store index follows a change, at 200,000 stores (BENCH_STORES),
 * SQLite (the bench:api data file): the longest event-loop delay (perf_hooks
 * monitorEventLoopDelay, 1 ms resolution) and the time until the change is searchable, for
 *
 * - another connection's write of one store (this process sees it at its next check), and
 * - this process's own write (its next search waits for an index that holds it),
 *
 * and, for comparison, 3 s of the same searches without a write (the machine's own noise);
 * then the main thread's share of a rebuild alone (receiving the built arrays, wrapping them).
 *
 * A timer ticks every millisecond meanwhile and searches run from it, as requests would.
 * `npm run bench:rebuild`; figures with the machine's load average (a loaded machine's own
 * delays show in the no-write rounds) to bench/results/rebuild.json (rebuild-N.json for
 * another store count).
 */
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { readSqliteIndex } from '../../apps/server/src/db/sqlite/index-read.js';
import { StoreIndex } from '../../apps/server/src/db/store-index.js';
import { transferList, type IndexParts } from '../../apps/server/src/db/store-index-build.js';
import BetterSqlite3 from 'better-sqlite3';
import { openSqlite } from '../../apps/server/src/db/sqlite/index.js';
import { SQLITE_FILE, STORES } from '../api/data.js';
import type { StoreFollower } from '../../apps/server/src/db/store-follower.js';
import type { NearestQuery } from '../../apps/server/src/db/types.js';

const FILE = process.env.BENCH_REBUILD_FILE ?? SQLITE_FILE;
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

async function main(): Promise<void> {
  const db = openSqlite(FILE);
  const t0 = performance.now();
  await db.search.ready();
  console.error(`first build ${round(performance.now() - t0)} ms`);
  const side = new BetterSqlite3(FILE);
  const touch = side.prepare(
    'UPDATE stores SET hash = hash WHERE id = (SELECT min(id) FROM stores)',
  );
  const results: Record<string, unknown>[] = [];
  // Garbage collection pauses of this thread (the old index's arrays are freed by it).
  let longestGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longestGc = Math.max(longestGc, e.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  for (const kind of ['none', 'other', 'own'] as const) {
    for (let r = 0; r < ROUNDS; r += 1) {
      await db.search.settled();
      const before = db.search.state().builtAt;
      const h = monitorEventLoopDelay({ resolution: 1 });
      longestGc = 0;
      let longestSearchWait = 0;
      let searches = 0;
      let last = performance.now();
      let longestGap = 0;
      let gapAt = 0;
      const start = performance.now();
      const ticker = setInterval(() => {
        const s = performance.now();
        if (s - last > longestGap) {
          longestGap = s - last;
          gapAt = s - start;
        }
        last = s;
        void db.search.nearestPage(query).then(() => {
          searches += 1;
          longestSearchWait = Math.max(longestSearchWait, performance.now() - s);
        });
      }, 1);
      h.enable();
      if (kind === 'other') touch.run();
      else if (kind === 'own') {
        touch.run();
        (db.search as StoreFollower).invalidate();
      }
      if (kind === 'none') await new Promise((ok) => setTimeout(ok, 3000));
      while (kind !== 'none' && db.search.state().builtAt === before) {
        await new Promise((ok) => setTimeout(ok, 1));
      }
      const visibleMs = performance.now() - start;
      // A few more ticks, so that a delay ending at the install is sampled too.
      await new Promise((ok) => setTimeout(ok, 20));
      h.disable();
      clearInterval(ticker);
      results.push({
        write: kind,
        visibleMs: round(visibleMs),
        maxLoopDelayMs: round(h.max / 1e6),
        longestTimerGapMs: round(longestGap),
        longestGapEndedAtMs: round(gapAt),
        p99LoopDelayMs: round(h.percentile(99) / 1e6),
        longestSearchMs: round(longestSearchWait),
        longestGcMs: round(longestGc),
        searches,
      });
    }
  }
  gc.disconnect();
  // The main thread's share of a rebuild, alone: the built arrays handed over (through a
  // message channel of this thread, so serialising is counted too) and wrapped as an index.
  const { parts } = readSqliteIndex(side);
  let handed = parts;
  const installMs: number[] = [];
  for (let r = 0; r < 5; r += 1) {
    const channel = new MessageChannel();
    const t = performance.now();
    const received = await new Promise<IndexParts>((ok) => {
      channel.port2.once('message', ok);
      channel.port1.postMessage(handed, transferList(handed));
    });
    const index = new StoreIndex(received);
    installMs.push(round(performance.now() - t));
    index.nearest(query);
    handed = received;
    channel.port1.close();
  }
  side.close();
  await db.close();
  const report = { stores: STORES, file: FILE, load: loadavg(), installMs, results };
  const dir = join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const name = STORES === 200_000 ? 'rebuild.json' : `rebuild-${STORES}.json`;
  writeFileSync(join(dir, name), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 1));
  process.exit(0);
}

void main();
