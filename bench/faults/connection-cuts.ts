/**
 * PostgreSQL connections cut at random moments under mixed load, as a failover or a database
 * restart cuts them: every connection of the server (its pool, the store index's reader, a
 * transaction's client) terminated with pg_terminate_backend every 150–600 ms for 20 s, while
 * searches, the location statistic, admin reads, one-store writes and bulk writes run against
 * the real server (two workers). Expected: no process dies (no worker restarted, no request
 * reset), searches answer 200 throughout, everything else answers as usual or 503
 * DATABASE_UNAVAILABLE (never 500), and within 5 s of the last cut everything works again.
 */
import pg from 'pg';
import {
  percentile,
  send,
  sleep,
  startLoad,
  type Answer,
  type Locator,
  type Sent,
} from '../lib/locator.js';
import type { CheckFn } from './group-stop.js';
import { startWrites } from './writes.js';

const CUTS_MS = 20_000;
const CALM_MS = 8_000;
/** Answers sent this long after the last cut must all succeed. */
const RECOVERY_MS = 5_000;

/** A minimal store (the fields the admin API requires), somewhere in London. */
const store = (n: number) => ({
  title: `Cut store ${n}`,
  country: 'GB',
  street1: `${n} Cut Street`,
  city: 'London',
  latitude: 51.5 + (n % 50) / 1000,
  longitude: -0.12 - (n % 50) / 1000,
});

/**
 * Admin reads and writes in `loops` loops until stopped. Each loop writes stores of its own and
 * reads back only those it has written: a read of a store whose write was refused would rightly
 * answer 404.
 */
function startAdmin(port: number, key: string, loops: number, now: () => number) {
  const answers: Answer[] = [];
  let running = true;
  const all = Array.from({ length: loops }, async (_, loop) => {
    const written: string[] = [];
    for (let i = 0; running; i++) {
      const id = `CUT-${loop}-${i % 7}`;
      const sent: Sent =
        i % 5 === 0
          ? { method: 'GET', path: '/api/v1/admin/stores?limit=20' }
          : i % 5 === 1
            ? { method: 'PUT', path: `/api/v1/admin/stores/${id}`, body: JSON.stringify(store(i)) }
            : i % 5 === 2
              ? { method: 'GET', path: '/api/v1/admin/audit?limit=20' }
              : i % 5 === 3
                ? {
                    method: 'POST',
                    path: '/api/v1/admin/stores/bulk',
                    body: JSON.stringify(
                      Array.from({ length: 50 }, (_, j) => ({
                        storeId: `BULK-${loop}-${j}`,
                        ...store(i + j),
                      })),
                    ),
                  }
                : {
                    method: 'GET',
                    path: `/api/v1/admin/stores/${written[i % Math.max(1, written.length)] ?? 'none'}`,
                  };
      if (sent.path.endsWith('/none')) continue;
      const at = now();
      const a = await send(port, { ...sent, headers: { authorization: `Bearer ${key}` } });
      answers.push({ at, ms: now() - at, ...a });
      if (sent.method === 'PUT' && a.status >= 200 && a.status < 300) written.push(id);
    }
  });
  return {
    async stop(): Promise<Answer[]> {
      running = false;
      await Promise.all(all);
      return answers.sort((x, y) => x.at - y.at);
    },
  };
}

export async function connectionCutsScenario(
  check: CheckFn,
  describe: (answers: readonly Answer[]) => string,
  server: Locator,
  databaseUrl: string,
  key: string,
  paths: string[],
): Promise<Record<string, unknown>> {
  const cutter = new pg.Client({ connectionString: databaseUrl, application_name: 'bench cutter' });
  await cutter.connect();
  const diedBefore = (server.output().match(/died/g) ?? []).length;
  const searches = startLoad(server.port, paths, 6);
  const statistics = startWrites(server.port, 2, searches.now);
  const admin = startAdmin(server.port, key, 3, searches.now);
  await sleep(2000);
  const cutsFrom = searches.now();
  let cuts = 0;
  let terminated = 0;
  while (searches.now() - cutsFrom < CUTS_MS) {
    await sleep(150 + Math.random() * 450);
    const { rowCount } = await cutter.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name LIKE 'locator%'`,
    );
    cuts++;
    terminated += rowCount ?? 0;
  }
  const lastCut = searches.now();
  await sleep(CALM_MS);
  const [searchAnswers, statisticAnswers, adminAnswers] = await Promise.all([
    searches.stop(),
    statistics.stop(),
    admin.stop(),
  ]);
  await cutter.end();
  const others = [...statisticAnswers, ...adminAnswers];
  const all = [...searchAnswers, ...others];
  const fine = (a: Answer) => a.status >= 200 && a.status < 400;
  const refused = (a: Answer) => a.status === 503 && a.code === 'DATABASE_UNAVAILABLE';
  const recovered = all.filter((a) => a.at >= lastCut + RECOVERY_MS);
  const died = (server.output().match(/died/g) ?? []).length - diedBefore;

  check(
    'PostgreSQL connections cut: the cuts reached the server',
    cuts > 0 && terminated > 0,
    `${cuts} cuts terminated ${terminated} connections in ${CUTS_MS / 1000} s`,
  );
  check(
    'PostgreSQL connections cut: searches answer 200 throughout',
    searchAnswers.length > 0 && searchAnswers.every((a) => a.status === 200),
    describe(searchAnswers),
  );
  check(
    'PostgreSQL connections cut: writes and admin answer as usual or 503 DATABASE_UNAVAILABLE',
    others.length > 0 && others.every((a) => fine(a) || refused(a)),
    `statistics: ${describe(statisticAnswers)}; admin: ${describe(adminAnswers)}`,
  );
  check(
    'PostgreSQL connections cut: no worker died and the server stayed up',
    died === 0 && server.child.exitCode === null,
    `${died} worker deaths logged; primary pid ${server.child.pid}`,
  );
  check(
    `PostgreSQL connections cut: all good from ${RECOVERY_MS / 1000} s after the last cut`,
    recovered.length > 0 && recovered.every(fine),
    describe(recovered),
  );
  return {
    cuts,
    terminated,
    searches: describe(searchAnswers),
    searchP50Ms: Math.round(
      percentile(
        searchAnswers.map((a) => a.ms),
        50,
      ),
    ),
    searchP99Ms: Math.round(
      percentile(
        searchAnswers.map((a) => a.ms),
        99,
      ),
    ),
    statistics: describe(statisticAnswers),
    admin: describe(adminAnswers),
    afterRecovery: describe(recovered),
  };
}
