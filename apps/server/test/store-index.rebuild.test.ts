/**
 * The store index rebuilt in the builder thread, on both databases: another process's writes
 * (added, changed and removed stores) are searched after the next check and rebuild, this
 * process's own writes are read back by its next search, and a database that cannot be read
 * during a rebuild leaves the old index answering until a later check succeeds.
 */
import net from 'node:net';
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDb, preparePostgres, PG_TEST_URL, type Dialect } from './helpers/databases.js';
import { LONDON, config, testStores } from './helpers/fixtures.js';
import type { Database } from '../src/db/types.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import { VERSION_CHECK_MS } from '../src/modules/search/store-follower.js';
import { hitIds, londonQuery, storeAt, writeStores } from './helpers/store-writes.js';

const cfg = config();
const base = londonQuery;
const write = writeStores;
const ids = hitIds;
const titles = (hits: { doc: string }[]) =>
  hits.map((h) => (JSON.parse(h.doc) as { title: string }).title);
const HOUR = 3_600_000;
const NEAR = { lat: LONDON.lat + 0.001, lon: LONDON.lon };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** This process's database with a stepped clock, and another process's connection. */
async function twoProcesses(dialect: Dialect, storeDocuments?: string) {
  const clock = { now: 1_000 };
  const server = await openTestDb(dialect, undefined, {
    follow: { now: () => clock.now },
    storeDocuments,
  });
  cleanups.push(() => server.cleanup());
  const other: Database =
    dialect === 'postgres' ? await openPostgres(PG_TEST_URL, { max: 2 }) : openSqlite(server.file!);
  cleanups.push(() => other.close());
  await other.stores.replaceAll(testStores(cfg));
  const search = server.db.search;
  /** Steps past the check interval; resolves when the check (and its rebuild) is done. */
  const check = async () => {
    clock.now += VERSION_CHECK_MS;
    await search.nearest(base);
    await search.settled();
  };
  return { server, other, search, check };
}

describe.each(['sqlite', 'postgres'] as const)('the store index rebuilt on %s', (dialect) => {
  it("searches another process's added, changed and removed stores after its next check", async () => {
    const { other, search, check } = await twoProcesses(dialect);
    const before = ids(await search.nearest(base));
    expect(before).toContain('GB-2');
    await write(other, [storeAt(NEAR, 'NEW-1', 'Added elsewhere')]);
    // Until the check, the old index answers.
    expect(ids(await search.nearest(base))).toEqual(before);
    await check();
    const added = await search.nearest(base);
    expect(ids(added)[0]).toBe('NEW-1');
    expect(titles(added)[0]).toBe('Added elsewhere');

    await write(other, [storeAt(NEAR, 'NEW-1', 'Changed elsewhere')]);
    await check();
    expect(titles(await search.nearest(base))[0]).toBe('Changed elsewhere');

    // A sync without GB-2 and NEW-1 removes them.
    const kept = testStores(cfg).filter((s) => s.storeId !== 'GB-2');
    await write(other, kept, 'sync');
    await check();
    const after = ids(await search.nearest(base));
    expect(after).not.toContain('GB-2');
    expect(after).not.toContain('NEW-1');
    expect(after).toEqual(before.filter((id) => id !== 'GB-2'));
    expect(search.state().databaseReachable).toBe(true);
  });

  it("reads this process's own writes back at its next search, without a check", async () => {
    const { server, search } = await twoProcesses(dialect);
    await search.nearest(base);
    await write(server.db, [storeAt(NEAR, 'OWN-1', 'Written here')]);
    expect(ids(await search.nearest(base))[0]).toBe('OWN-1');
    await write(
      server.db,
      testStores(cfg).filter((s) => s.storeId !== 'GB-1'),
      'sync',
    );
    const after = ids(await search.nearest(base));
    expect(after).not.toContain('OWN-1');
    expect(after).not.toContain('GB-1');
  });
});

describe.each(['sqlite', 'postgres'] as const)(
  'the store index with its documents in a file of the machine, on %s',
  (dialect) => {
    it('searches a rebuild from its new file, and the folder keeps only the file in use', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'locator-docs-'));
      cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
      const { other, search, check } = await twoProcesses(dialect, folder);
      const before = ids(await search.nearest(base));
      const first = readdirSync(folder);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatch(/^[0-9a-f]{40}\.docs$/);

      await write(other, [storeAt(NEAR, 'NEW-1', 'Added elsewhere')]);
      await check();
      const added = await search.nearest(base);
      expect(ids(added)).toEqual(['NEW-1', ...before].slice(0, before.length + 1));
      expect(titles(added)[0]).toBe('Added elsewhere');
      const second = readdirSync(folder);
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
    });
  },
);

describe('store documents smaller than the place asks for a file', () => {
  it('stay in memory: nothing is written to the folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'locator-docs-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const t = await openTestDb('sqlite');
    cleanups.push(() => t.cleanup());
    await t.db.stores.replaceAll(testStores(cfg));
    const db = openSqlite(t.file!, { storeDocuments: { folder, fromBytes: 1024 ** 3 } });
    cleanups.push(() => db.close());
    expect(ids(await db.search.nearest(base))).toContain('GB-2');
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a database that cannot be read during a rebuild', () => {
  it('SQLite: the old index answers until the file can be read again', async () => {
    const t = await openTestDb('sqlite');
    cleanups.push(() => t.cleanup());
    const other = t.db;
    await other.stores.replaceAll(testStores(cfg));
    const file = t.file!;
    const clock = { now: 1_000 };
    // This process's connection. Its own checks of the file (every hour, by Date) are not what
    // this is about: the builder thread's read is what fails.
    vi.useFakeTimers({ toFake: ['Date'] });
    cleanups.push(async () => vi.useRealTimers());
    const db = openSqlite(file, { checkIntervalMs: HOUR, follow: { now: () => clock.now } });
    cleanups.push(() => db.close());
    const before = ids(await db.search.nearest(base));
    await write(other, [storeAt(NEAR, 'NEW-1', 'Added elsewhere')]);
    // The counter is read on this process's open connection; the builder thread opens the
    // file by its name, which is gone.
    renameSync(file, `${file}.away`);
    clock.now += VERSION_CHECK_MS;
    expect(ids(await db.search.nearest(base))).toEqual(before);
    await db.search.settled();
    expect(db.search.state().databaseReachable).toBe(false);
    expect(ids(await db.search.nearest(base))).toEqual(before);
    renameSync(`${file}.away`, file);
    // The failed build made the connection check the file and close; it reopens an hour on.
    vi.setSystemTime(Date.now() + HOUR);
    clock.now += VERSION_CHECK_MS;
    await db.search.nearest(base);
    await db.search.settled();
    expect(db.search.state().databaseReachable).toBe(true);
    expect(ids(await db.search.nearest(base))[0]).toBe('NEW-1');
  });

  it('PostgreSQL: the old index answers while new connections are refused', async () => {
    await preparePostgres();
    const url = new URL(PG_TEST_URL);
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    // A proxy that can refuse new connections while those it has keep working.
    const sockets = new Set<net.Socket>();
    const listen = () =>
      new Promise<net.Server>((resolve) => {
        const s = net.createServer((client) => {
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
        s.listen(port, '127.0.0.1', () => resolve(s));
      });
    let port = 0;
    let proxy = await listen();
    port = (proxy.address() as net.AddressInfo).port;
    cleanups.push(async () => {
      proxy.close();
      for (const s of sockets) s.destroy();
    });
    url.port = String(port);
    const other = await openPostgres(PG_TEST_URL, { max: 2 });
    cleanups.push(() => other.close());
    await other.stores.replaceAll(testStores(cfg));
    const clock = { now: 1_000 };
    // One pooled connection: the counter is read on it, the builder opens its own.
    const db = await openPostgres(url.toString(), { max: 1, follow: { now: () => clock.now } });
    cleanups.push(() => db.close());
    const before = ids(await db.search.nearest(base));
    await write(other, [storeAt(NEAR, 'NEW-1', 'Added elsewhere')]);
    proxy.close(); // refuses new connections; the pooled one stays open
    clock.now += VERSION_CHECK_MS;
    expect(ids(await db.search.nearest(base))).toEqual(before);
    await db.search.settled();
    expect(db.search.state().databaseReachable).toBe(false);
    expect(ids(await db.search.nearest(base))).toEqual(before);
    proxy = await listen();
    clock.now += VERSION_CHECK_MS;
    await db.search.nearest(base);
    await db.search.settled();
    expect(db.search.state().databaseReachable).toBe(true);
    expect(ids(await db.search.nearest(base))[0]).toBe('NEW-1');
  });
});
