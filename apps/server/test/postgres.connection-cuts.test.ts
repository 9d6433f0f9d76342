/**
 * PostgreSQL connections cut at random moments (what a failover or a restart does to the
 * server, made here with pg_terminate_backend) while every kind of work runs: searches, store
 * pages, admin reads, one-store writes, bulk imports, the location statistic, and the store
 * index's rebuilds that the writes start. The process survives (an unhandled 'error' event on a
 * client would end it, and this test run with it), no request answers 500, a refused write
 * answers 503 DATABASE_UNAVAILABLE, and once the cuts stop everything works again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_TEST_DB, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { LONDON, LONDON_STATISTIC, fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';

const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const ROUNDS = 25;

/** A deterministic generator (xorshift), so a failing round can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 1_000_000) / 1_000_000;
  };
}

describe('PostgreSQL connections cut under load', () => {
  let t: TestDb;
  let a: TestApp;
  let admin: pg.Client;
  let token = '';

  beforeAll(async () => {
    t = await openTestDb('postgres');
    await t.db.stores.replaceAll(fixtureStores());
    a = await makeApp(t.db);
    token = (await writeKey(t.db, 'feed')).token;
    admin = new pg.Client(PG_TEST_URL);
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await a?.app.close();
    await t?.cleanup();
  });

  /** Terminates every connection of the server to the test database (not this test's own). */
  const cut = async (): Promise<number> => {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND application_name LIKE 'locator%' AND pid <> pg_backend_pid()`,
      [PG_TEST_DB],
    );
    return rowCount ?? 0;
  };

  const auth = () => ({ authorization: `Bearer ${token}` });
  const work = (n: number) => [
    a.app.inject(SEARCH),
    a.app.inject('/stores'),
    a.app.inject({ url: '/api/v1/admin/stores?limit=5', headers: auth() }),
    a.app.inject({ url: '/api/v1/admin/audit?limit=5', headers: auth() }),
    a.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/stores/CUT-${n % 7}`,
      headers: auth(),
      payload: gbRow(`CUT-${n % 7}`, { title: `Cut ${n}` }),
    }),
    a.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores/bulk',
      headers: auth(),
      payload: Array.from({ length: 200 }, (_, i) => gbRow(`BULK-${i}`, { title: `Bulk ${n}` })),
    }),
    a.app.inject({
      method: 'POST',
      url: '/api/v1/grlui/locationSearch',
      payload: LONDON_STATISTIC,
    }),
  ];

  it('answers 503 DATABASE_UNAVAILABLE or success, never worse, and recovers', async () => {
    const next = random(42);
    const statuses = new Map<number, number>();
    let cuts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const requests = work(round);
      // A cut at a random moment of the round's work (before, during or after its queries).
      await new Promise((r) => setTimeout(r, Math.floor(next() * 40)));
      cuts += await cut();
      for (const res of await Promise.all(requests)) {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, res.body.slice(0, 300)).not.toBe(500);
        expect([200, 201, 204, 503]).toContain(res.statusCode);
        if (res.statusCode === 503 && res.headers['content-type']?.includes('json')) {
          expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
        }
      }
    }
    expect(cuts).toBeGreaterThan(0);
    // Cuts that came between two requests leave broken idle connections only: the pool drops them.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    // Once the database stays up, every kind of work succeeds again.
    for (const res of await Promise.all(work(ROUNDS))) {
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
    }
    await t.db.search.settled();
    expect((await a.app.inject('/healthz')).statusCode).toBe(200);
  }, 120_000);
});
