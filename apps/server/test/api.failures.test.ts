/**
 * Rate limits, database outages (503, then recovery by itself) and the 500 for the unexpected,
 * on both databases.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, PG_TEST_URL, openTestDb, preparePostgres } from './helpers/databases.js';
import { LONDON, LONDON_STATISTIC, config, fixtureStores } from './helpers/fixtures.js';
import { makeApp } from './helpers/app.js';
import { openPostgres } from '../src/db/postgres-database.js';

const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const STAT = LONDON_STATISTIC;

describe.each(DIALECTS)('failures on %s', (dialect) => {
  it('rate-limits searches and statistics per client (429 RATE_LIMITED)', async () => {
    const t = await openTestDb(dialect);
    await t.db.stores.replaceAll(fixtureStores());
    const a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '2', RATE_LIMIT_STATS: '1' });
    expect((await a.app.inject(SEARCH)).statusCode).toBe(200);
    expect((await a.app.inject(SEARCH)).statusCode).toBe(200);
    const limited = await a.app.inject(SEARCH);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not limited.
    expect((await a.app.inject({ url: SEARCH, remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
    const post = () =>
      a.app.inject({ method: 'POST', url: '/api/v1/grlui/locationSearch', payload: STAT });
    expect((await post()).statusCode).toBe(204);
    expect((await post()).statusCode).toBe(429);
    await a.app.close();
    await t.cleanup();
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database is gone', async () => {
    const t = await openTestDb(dialect);
    await t.db.stores.replaceAll(fixtureStores());
    const a = await makeApp(t.db);
    expect((await a.app.inject(SEARCH)).statusCode).toBe(200);
    await t.db.close();
    const res = await a.app.inject(SEARCH);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
    // Configuration is files: still served while the database is down.
    expect((await a.app.inject('/api/v1/grlui/uk/en/globalmatrix')).statusCode).toBe(200);
    await a.app.close();
    await t.cleanup();
  });

  it('answers 500 INTERNAL_ERROR for an unexpected failure, without details', async () => {
    const t = await openTestDb(dialect);
    const a = await makeApp(t.db);
    const stats = a.services.db.statistics;
    stats.insert = async () => {
      throw new Error('disk on fire');
    };
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/grlui/locationSearch',
      payload: {
        channel: 'sales',
        country: 'uk',
        locale: 'en_GB',
        latitude: 1,
        longitude: 1,
        product: '',
        searchedLocation: '',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('fire');
    await a.app.close();
    await t.cleanup();
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
function proxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      server?.close(() => resolve());
    });
  return { start, stop };
}

describe('PostgreSQL outage and recovery', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('searches from the index while PostgreSQL is unreachable, writes 503, and recovers by itself', async () => {
    await preparePostgres();
    const seed = await openTestDb('postgres');
    await seed.db.stores.replaceAll(fixtureStores());
    await seed.cleanup();
    const url = new URL(PG_TEST_URL);
    const p = proxy({ host: url.hostname, port: Number(url.port || 5432) });
    const port = await p.start();
    url.port = String(port);
    // The search's clock is the test's: checks of the change counter happen when it says.
    let clock = 0;
    const db = await openPostgres(url.toString(), { max: 2, follow: { now: () => clock } });
    cleanups.push(() => db.close().catch(() => undefined));
    const a = await makeApp(db);
    cleanups.push(() => a.app.close());
    const healthy = await a.app.inject(SEARCH);
    expect(healthy.statusCode).toBe(200);
    expect((await a.app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });

    await p.stop();
    // Searches answer from the index built before the outage, whatever the checks find.
    clock += 1000;
    expect((await a.app.inject(SEARCH)).body).toBe(healthy.body);
    await db.search.settled(); // the check this search started has failed
    expect(db.search.state().databaseReachable).toBe(false);
    const search = await a.app.inject(SEARCH);
    expect(search.statusCode).toBe(200);
    expect(search.body).toBe(healthy.body);
    // Writes answer 503; /healthz says degraded (a load balancer takes the process out).
    const down = await a.app.inject({
      method: 'POST',
      url: '/api/v1/grlui/locationSearch',
      payload: STAT,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
    const health = await a.app.inject('/healthz');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'unavailable' });

    await p.start();
    cleanups.push(() => p.stop());
    let status = 0;
    for (let i = 0; i < 20 && status !== 204; i += 1) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/v1/grlui/locationSearch',
        payload: STAT,
      });
      status = res.statusCode;
      if (status !== 204) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(204);
    expect((await a.app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
    clock += 1000;
    expect((await a.app.inject(SEARCH)).body).toBe(healthy.body);
    await db.search.settled();
    expect(db.search.state().databaseReachable).toBe(true);
    expect(config().countries().length).toBeGreaterThan(100);
  });

  it('answers 503 until a process has built its index once', async () => {
    await preparePostgres();
    const url = new URL(PG_TEST_URL);
    const p = proxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(await p.start());
    const db = await openPostgres(url.toString(), { max: 2 });
    cleanups.push(() => db.close().catch(() => undefined));
    await p.stop(); // gone before the first search
    const res = await db.search
      .nearest({
        latitude: LONDON.lat,
        longitude: LONDON.lon,
        radiusKm: 10,
        limit: 5,
        countries: ['GB'],
        channel: 'sales',
        dropOff: 'any',
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(res).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(db.search.state().built).toBe(false);
  });
});
