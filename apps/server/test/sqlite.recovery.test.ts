/**
 * The SQLite file becoming unusable while the server runs (made unreadable, moved away,
 * replaced by garbage): requests fail fast with 503 DATABASE_UNAVAILABLE, and the server
 * recovers by itself, without a restart, once the file is back.
 */
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/db/sqlite/index.js';
import { VERSION_CHECK_MS } from '../src/db/store-index.js';
import type { Database } from '../src/db/types.js';
import { LONDON, fixtureStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';

const SEARCH = `/api/v1/grlui/uk/en/sales?lat=${LONDON.lat}&lon=${LONDON.lon}`;
const CHECK_MS = 50;

describe('SQLite outage and recovery', () => {
  let dir: string;
  let file: string;
  let db: Database;
  let a: TestApp;
  let healthy: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'locator-recovery-'));
    file = join(dir, 'locator.sqlite');
    db = openSqlite(file, { checkIntervalMs: CHECK_MS });
    await db.stores.replaceAll(fixtureStores());
    a = await makeApp(db);
    const res = await a.app.inject(SEARCH);
    expect(res.statusCode).toBe(200);
    healthy = res.body;
  });

  afterEach(async () => {
    chmodSync(file, 0o644);
    await a.app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits past the check interval, then expects fast 503s. */
  async function expectOutage(): Promise<void> {
    await new Promise((r) => setTimeout(r, CHECK_MS * 2));
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const res = await a.app.inject(SEARCH);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(performance.now() - started).toBeLessThan(100);
    }
    // Configuration is files: still served.
    expect((await a.app.inject('/api/v1/grlui/uk/en/globalmatrix')).statusCode).toBe(200);
  }

  /** Polls until the search answers as before; within 5 s. */
  async function expectRecovery(): Promise<void> {
    const started = Date.now();
    for (;;) {
      const res = await a.app.inject(SEARCH);
      if (res.statusCode === 200) {
        expect(res.body).toBe(healthy);
        break;
      }
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('answers 503 while the file is unreadable and recovers when it is readable again', async () => {
    chmodSync(file, 0o000);
    await expectOutage();
    chmodSync(file, 0o644);
    await expectRecovery();
  });

  it('answers 503 while the file is gone (no empty database is created) and recovers', async () => {
    renameSync(file, `${file}.away`);
    await expectOutage();
    await expectOutage(); // still gone: not recreated by a reopen attempt
    renameSync(`${file}.away`, file);
    await expectRecovery();
  });

  it('answers 503 while the file is not a database and recovers when it is put back', async () => {
    renameSync(file, `${file}.good`);
    writeFileSync(file, 'not a database'.repeat(100));
    await expectOutage();
    rmSync(file);
    renameSync(`${file}.good`, file);
    await expectRecovery();
  });

  it('stays unavailable once closed', async () => {
    await db.close();
    await new Promise((r) => setTimeout(r, CHECK_MS * 2));
    expect((await a.app.inject(SEARCH)).statusCode).toBe(503);
    db = openSqlite(file); // for afterEach
  });
});

describe('SQLite search and other connections', () => {
  it("shows another connection's commit (the import command) within the version check", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locator-version-'));
    const file = join(dir, 'locator.sqlite');
    const server = openSqlite(file);
    const importer = openSqlite(file);
    try {
      const stores = fixtureStores();
      await server.stores.replaceAll(stores);
      const query = {
        latitude: LONDON.lat,
        longitude: LONDON.lon,
        radiusKm: 100,
        limit: 500,
        countries: ['GB'],
        channel: 'sales' as const,
        dropOff: 'any' as const,
      };
      const before = (await server.stores.nearest(query)).length;
      expect(before).toBeGreaterThan(1);
      // The other connection removes every store but one.
      await importer.stores.replaceAll(stores.filter((s) => s.storeId === 'GB-1'));
      await new Promise((r) => setTimeout(r, VERSION_CHECK_MS + 20));
      expect((await server.stores.nearest(query)).length).toBe(1);
    } finally {
      await importer.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
