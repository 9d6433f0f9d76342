/**
 * `npm run bench:index`: the store search's own index (apps/server/src/modules/search/store-index.ts)
 * against the well-kept library for the same job, kdbush + geokdbush (a static k-d tree and its
 * great-circle k-nearest search with a filter), on the same 200,000 stores (BENCH_STORES) and
 * the same population-weighted city points: build time, heap, and time per 99-store sales search
 * within 100 km of the country searched. Figures go to bench/results/index-compare.json.
 *
 * The library answers ids and distances only; the own index also hands out each store's
 * document bytes, so the comparison favours the library.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { STORES, SQLITE_FILE, prepareSqliteData, searchPoints } from './data.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';

const RUNS = 3;
const log = (m: string) => console.log(`[bench:index] ${m}`);

function heapMiB(): number {
  globalThis.gc?.();
  return Math.round(process.memoryUsage().heapUsed / 2 ** 20);
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const config = await prepareSqliteData(log);
  const points = (await searchPoints(config, 2000)).map((p) => p.query);
  log(`${points.length} search points`);

  // The own index, loaded as the server loads it.
  const heap0 = heapMiB();
  const db = openSqlite(SQLITE_FILE);
  let t = performance.now();
  await db.search.ready();
  const ownBuildMs = performance.now() - t;
  const ownHeapMiB = heapMiB() - heap0;

  // The library over the same rows: positions in the tree, filter columns beside it.
  const raw = new BetterSqlite3(SQLITE_FILE, { readonly: true });
  const rows = raw
    .prepare('SELECT latitude, longitude, country, sales_products FROM stores ORDER BY id')
    .raw()
    .all() as [number, number, string, string][];
  raw.close();
  const heap1 = heapMiB();
  t = performance.now();
  const tree = new KDBush(rows.length);
  for (const r of rows) tree.add(r[1], r[0]);
  tree.finish();
  const country = rows.map((r) => r[2]);
  const sells = Uint8Array.from(rows, (r) => (r[3] !== '' ? 1 : 0));
  const libBuildMs = performance.now() - t;
  const libHeapMiB = heapMiB() - heap1;

  const own: number[] = [];
  const lib: number[] = [];
  let mismatches = 0;
  for (let run = 0; run < RUNS; run += 1) {
    let a = performance.now();
    const ownCounts: number[] = [];
    for (const q of points) ownCounts.push((await db.search.nearestPage(q)).stores.length);
    own.push(((performance.now() - a) * 1000) / points.length);
    a = performance.now();
    points.forEach((q, i) => {
      const wanted = new Set(q.countries);
      const ids = around(
        tree,
        q.longitude,
        q.latitude,
        q.limit,
        q.radiusKm,
        (id: number) => wanted.has(country[id]!) && sells[id] === 1,
      );
      if (run === 0 && ids.length !== ownCounts[i]) mismatches += 1;
    });
    lib.push(((performance.now() - a) * 1000) / points.length);
  }
  await db.close();
  const best = (xs: number[]) => Math.round(Math.min(...xs));
  const report = {
    benchmark: 'store index: own grid index against kdbush + geokdbush',
    date: new Date().toISOString(),
    machine: {
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    stores: STORES,
    searches: points.length,
    query: 'sales, all products, 99 results within 100 km, in the searched country',
    own: {
      buildMs: Math.round(ownBuildMs),
      heapMiB: ownHeapMiB,
      usPerSearch: best(own),
      runsUs: own.map(Math.round),
    },
    kdbushGeokdbush: {
      buildMs: Math.round(libBuildMs),
      heapMiB: libHeapMiB,
      usPerSearch: best(lib),
      runsUs: lib.map(Math.round),
    },
    resultCountMismatches: mismatches,
    notes: [
      'own: build includes reading every row and document from SQLite and holding the documents; heapMiB excludes Buffers held outside the V8 heap.',
      'kdbush: build is the tree over positions already in memory (reading the rows not counted); the search answers ids and distances only.',
    ],
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    join('bench/results', 'index-compare.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  log(JSON.stringify({ own: report.own, kdbush: report.kdbushGeokdbush, mismatches }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
