/**
 * The event loop while the store index follows a change, at 200,000 stores (BENCH_STORES),
 * SQLite (the bench:api data file): the longest event-loop delay (perf_hooks
 * monitorEventLoopDelay, 1 ms resolution) and the time until the change is searchable, for
 *
 * - another connection's write of one store (this process sees it at its next check), and
 * - this process's own write (its next search waits for an index that holds it).
 *
 * A timer ticks every millisecond meanwhile and searches run from it, as requests would.
 * Prints JSON; writes nothing. Run: `node --import tsx bench/rebuild/run.ts` from the root.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { openSqlite } from '../../apps/server/src/db/sqlite/index.js';
import { SQLITE_FILE } from '../api/data.js';

const FILE = process.env.BENCH_REBUILD_FILE ?? SQLITE_FILE;
const ROUNDS = Number(process.env.BENCH_REBUILD_ROUNDS ?? 3);
const round = (ms: number): number => Math.round(ms * 10) / 10;

const query = {
  channel: 'sales' as const,
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
  for (const kind of ['other', 'own'] as const) {
    for (let r = 0; r < ROUNDS; r += 1) {
      await db.search.settled();
      const before = db.search.state().builtAt;
      const h = monitorEventLoopDelay({ resolution: 1 });
      let longestSearchWait = 0;
      let searches = 0;
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const s = performance.now();
        longestGap = Math.max(longestGap, s - last);
        last = s;
        void db.search.nearestPage(query).then(() => {
          searches += 1;
          longestSearchWait = Math.max(longestSearchWait, performance.now() - s);
        });
      }, 1);
      h.enable();
      const start = performance.now();
      if (kind === 'other') touch.run();
      else {
        touch.run();
        db.search.invalidate();
      }
      while (db.search.state().builtAt === before) await new Promise((ok) => setTimeout(ok, 1));
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
        p99LoopDelayMs: round(h.percentile(99) / 1e6),
        longestSearchMs: round(longestSearchWait),
        searches,
      });
    }
  }
  side.close();
  await db.close();
  console.log(JSON.stringify({ file: FILE, load: loadavg(), results }, null, 1));
  process.exit(0);
}

void main();
