/**
 * `tsx bench/api/profile.ts [sqlite|postgres]`: one search at a time (no concurrency), the
 * time of each layer of the search path over the benchmark's points: the repository's nearest
 * search, the search service (nearest + body + ETag), and the whole HTTP path through
 * `app.inject` (routing, validation, headers). Run it under `node --cpu-prof` for a profile.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { loadSettings } from '../../apps/server/src/settings.js';
import { createServices } from '../../apps/server/src/compose.js';
import { openSqlite } from '../../apps/server/src/db/sqlite-database.js';
import { openPostgres } from '../../apps/server/src/db/postgres-database.js';
import { searchQuerySchema } from '@locator/core';
import { PG_URL, SQLITE_FILE, prepareData, searchPoints } from './data.js';

const N = Number(process.env.PROFILE_POINTS ?? 500);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);

async function time(label: string, n: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r += 1) {
    const t = performance.now();
    for (let i = 0; i < n; i += 1) await fn(i);
    best = Math.min(best, (performance.now() - t) / n);
  }
  console.log(`${label.padEnd(28)} ${(best * 1000).toFixed(0).padStart(6)} µs/search`);
}

async function main(): Promise<void> {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
  const config = await prepareData(() => undefined);
  const paths = (await searchPoints(config, N)).map((p) => p.path);
  const db = kind === 'postgres' ? await openPostgres(PG_URL, { max: 4 }) : openSqlite(SQLITE_FILE);
  const env = loadEnv({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const settings = loadSettings({
    DEMO_DATA: 'off',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_STATS: '0',
  });
  const services = await createServices(env, settings, { database: db });
  const app = await buildApp({ env, modules: services.modules, logger: false });
  await app.ready();
  const parsed = paths.map((p) => {
    const [path = '', qs = ''] = p.split('?');
    const [, , , , cc = '', lang = '', channel = ''] = path.split('/');
    const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    return { path: { countryCode: cc, lang, channel }, query };
  });
  const ctxs = parsed.map((p) =>
    config.searchContext(p.path.countryCode, p.path.lang, p.path.channel),
  );
  console.log(`${kind}: ${paths.length} points, best of ${ROUNDS} rounds`);
  const nearestQuery = (i: number) => {
    const { query } = parsed[i]!;
    const ctx = ctxs[i]!;
    return {
      latitude: query.lat,
      longitude: query.lon,
      radiusKm: 100,
      limit: 99,
      countries: ctx.countries,
      channel: ctx.channel,
      dropOff: 'any' as const,
    };
  };
  await time('search nearest', parsed.length, (i) => db.search.nearest(nearestQuery(i)));
  await time('search nearestPage', parsed.length, (i) => db.search.nearestPage(nearestQuery(i)));
  await time('search service', parsed.length, (i) =>
    services.modules.search.search.search(parsed[i]!.path, parsed[i]!.query).then((r) => r.body()),
  );
  await time('HTTP (inject)', paths.length, (i) => app.inject(paths[i]!));
  await app.close();
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
