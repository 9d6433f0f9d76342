/**
 * `npm run bench:pages`: store-page server time at 200,000 stores (BENCH_STORES), SQLite (the
 * bench:api data file, prepared once). The real app in this process (buildApp + services, store
 * pages on); each request's server time is taken by Fastify hooks, from the request's arrival
 * to the last byte handed to the socket (onRequest → onResponse), with a browser's
 * Accept-Encoding. Cases:
 *
 * - first answer (rendered: the store read by storeId, nearby stores searched) and cached
 *   answer (by data version) of BENCH_PAGES_COUNT (default 500) store pages, one at a time;
 * - the same pages' first answers with BENCH_PAGES_CONCURRENCY (default 8) in flight, after a
 *   data change (the cache dropped);
 * - the first store page after a store was written (the data version changed), and the first
 *   directory page and sitemap after it (these read the directory again).
 *
 * Figures with the machine's load average to bench/results/pages.json (pages-N.json for
 * another store count); exit code 1 when the median or p90 of the first answers one at a time
 * is over 5 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { STORES, SQLITE_FILE, prepareSqliteData } from '../api/data.js';
import BetterSqlite3 from 'better-sqlite3';
import { storePagePath } from '@locator/core';

const COUNT = Number(process.env.BENCH_PAGES_COUNT ?? 500);
const CONCURRENCY = Number(process.env.BENCH_PAGES_CONCURRENCY ?? 8);
const BUDGET_MS = 5;
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

const log = (m: string): void => console.log(`[bench:pages] ${m}`);
const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);
const round = (ms: number): number => Math.round(ms * 100) / 100;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(values: readonly number[]) {
  return {
    n: values.length,
    medianMs: round(percentile(values, 50)),
    p90Ms: round(percentile(values, 90)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(Math.max(...values)),
  };
}

async function main(): Promise<void> {
  const loadBefore = load();
  await prepareSqliteData(log);
  const db = openSqlite(SQLITE_FILE);
  // A second connection: the sample of stores, and the data change (as another process would).
  const side = new BetterSqlite3(SQLITE_FILE);
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const settings = loadSettings({ DEMO_DATA: 'off', RATE_LIMIT_SEARCH: '0' });
  const services = await createServices(env, settings, { database: db });
  const app = await buildApp({
    env,
    modules: services.modules,
    pages: services.pages,
    logger: false,
  });
  /** Server times of the requests answered since the last take(). */
  let times: number[] = [];
  const started = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request) => {
    started.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request) => {
    const t0 = started.get(request);
    if (t0 !== undefined) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  });
  await app.ready();
  const take = (): number[] => {
    const out = times;
    times = [];
    return out;
  };
  const fetchPage = async (url: string): Promise<void> => {
    const res = await app.inject({ method: 'GET', url, headers: HEADERS });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  };
  const timed = async (url: string): Promise<number> => {
    take();
    await fetchPage(url);
    return take()[0] ?? NaN;
  };
  /** One store written again (the stores' change counter moves), then the pages notice it. */
  const change = async (storeId: string): Promise<void> => {
    side.prepare("UPDATE stores SET hash = hash || '' WHERE store_id = ?").run(storeId);
    await new Promise((r) => setTimeout(r, 300));
  };

  try {
    const rows = side
      .prepare(
        `SELECT store_id AS id, json_extract(doc, '$.title') AS title FROM stores
         WHERE country = 'GB' ORDER BY random() LIMIT ?`,
      )
      .all(COUNT) as { id: string; title: string }[];
    const paths = rows.map((r) => storePagePath('/uk/en/', r.id, r.title));
    log(`${STORES} stores, ${paths.length} store pages of /uk/en/ (load ${loadBefore.join(' ')})`);

    const first: number[] = [];
    const cached: number[] = [];
    // CPU time of the process per answer: what the machine's other work does not inflate.
    const cpuMs = (since: NodeJS.CpuUsage): number => {
      const u = process.cpuUsage(since);
      return round((u.user + u.system) / 1000 / paths.length);
    };
    let cpu = process.cpuUsage();
    for (const p of paths) first.push(await timed(p));
    const firstCpuMs = cpuMs(cpu);
    cpu = process.cpuUsage();
    for (const p of paths) cached.push(await timed(p));
    const cachedCpuMs = cpuMs(cpu);
    log(`CPU per answer: first ${firstCpuMs} ms, cached ${cachedCpuMs} ms`);
    log(`first answers: ${JSON.stringify(summary(first))}`);
    log(`cached answers: ${JSON.stringify(summary(cached))}`);

    await change(rows[0]!.id);
    const afterChange = await timed(paths[1]!);
    const directoryMs = await timed('/uk/en/stores/');
    const sitemapMs = await timed('/sitemaps/uk-en-1.xml');
    log(
      `after a data change: first store page ${round(afterChange)} ms, first directory page ` +
        `${round(directoryMs)} ms (reads the directory), then a sitemap ${round(sitemapMs)} ms`,
    );

    await change(rows[0]!.id);
    take();
    for (let i = 0; i < paths.length; i += CONCURRENCY) {
      await Promise.all(paths.slice(i, i + CONCURRENCY).map(fetchPage));
    }
    const concurrent = summary(take());
    log(`first answers, ${CONCURRENCY} in flight: ${JSON.stringify(concurrent)}`);

    const firstFigures = summary(first);
    const report = {
      benchmark: 'pages',
      date: new Date().toISOString(),
      stores: STORES,
      database: 'sqlite',
      machine: { cpus: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: load() },
      notes: [
        'Server time: Fastify onRequest to onResponse (the last byte handed over), in process (light-my-request, no socket), Accept-Encoding br/gzip.',
        'First = rendered (the store read by storeId, the nearest-stores search, HTML, compression); cached = the answer kept for the data version.',
        'After a data change: one store written by another connection, 300 ms later the first store page, directory page and sitemap. On SQLite the first store page also waits for the in-memory store index being read again (modules/search/store-follower.ts: the read is synchronous), which the search needs for its nearby stores.',
        'cpuMsPerAnswer: the process CPU time (user + system) over the loop divided by the pages: less sensitive to other work on the machine than the wall-clock server time.',
      ],
      storePages: {
        first: { ...firstFigures, cpuMsPerAnswer: firstCpuMs },
        cached: { ...summary(cached), cpuMsPerAnswer: cachedCpuMs },
        firstInFlight: { concurrency: CONCURRENCY, ...concurrent },
      },
      afterDataChange: {
        firstStorePageMs: round(afterChange),
        firstDirectoryPageMs: round(directoryMs),
        sitemapMs: round(sitemapMs),
      },
      budget: { firstMedianAndP90Ms: BUDGET_MS },
    };
    const dir = join(process.cwd(), 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const name = STORES === 200_000 ? 'pages.json' : `pages-${STORES}.json`;
    writeFileSync(join(dir, name), `${JSON.stringify(report, null, 2)}\n`);
    log(`written to bench/results/${name}`);
    if (firstFigures.medianMs > BUDGET_MS || firstFigures.p90Ms > BUDGET_MS) {
      log(`over budget: the first answers' median and p90 must be at most ${BUDGET_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    side.close();
    await app.close();
    await services.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
