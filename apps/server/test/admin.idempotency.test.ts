/**
 * Concurrent admin writes with one Idempotency-Key, on both databases and across two server
 * processes (two apps over two connections): the first request is held inside its write by an
 * injected hook while the others arrive, so the race is deterministic. Only the first applies;
 * the others answer 409 IDEMPOTENCY_KEY_IN_USE while it runs, and its stored answer after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { gbRow } from './helpers/import-files.js';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  IDEMPOTENCY_LEASE_MS,
  IN_FLIGHT,
  type AdminRepository,
} from '../src/modules/admin/repository.js';
import { openPostgres } from '../src/db/postgres-database.js';
import { openSqlite } from '../src/db/sqlite-database.js';
import type { Database } from '../src/db/types.js';

const BASE = '/api/v1/admin';

/** Holds the repository's next putStore until `release` (the hook a test injects). */
function holdNextPut(repo: AdminRepository) {
  const original = repo.putStore.bind(repo);
  let entered!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const gate = new Promise<void>((r) => (release = r));
  const held = repo as { putStore: AdminRepository['putStore'] };
  held.putStore = async (...args) => {
    held.putStore = original;
    entered();
    await gate;
    return original(...args);
  };
  return { inside, release };
}

describe.each(DIALECTS)('idempotency keys under concurrency on %s', (dialect) => {
  let t: TestDb;
  let other: Database;
  let a: TestApp;
  let b: TestApp;
  let key = '';
  let keyId = '';

  const put = (app: TestApp, storeId: string, idem: string, extra: Record<string, string> = {}) =>
    app.app.inject({
      method: 'PUT',
      url: `${BASE}/stores/${storeId}`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idem },
      payload: gbRow(storeId, extra),
    });
  const creates = async (storeId: string) =>
    (await t.db.admin.audit({ storeId, limit: 10 })).filter((e) => e.action === 'create').length;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    // The second server process's own connection.
    other =
      dialect === 'postgres' ? await openPostgres(PG_TEST_URL, { max: 4 }) : openSqlite(t.file!);
    a = await makeApp(t.db);
    b = await makeApp(other);
    ({ token: key, id: keyId } = await writeKey(t.db, 'race'));
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await other?.close();
    await t?.cleanup();
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first runs, then the first answer', async () => {
    const hold = holdNextPut(t.db.admin);
    const first = put(a, 'R-1', 'race-1');
    await hold.inside;
    // The first holds the key inside its write; the same request elsewhere and here waits.
    for (const app of [b, a]) {
      const busy = await put(app, 'R-1', 'race-1');
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_IN_USE' } });
      expect(busy.headers['retry-after']).toBe('1');
    }
    // Another request with the key is refused as before.
    const reused = await put(b, 'R-1', 'race-1', { title: 'Other' });
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    hold.release();
    const done = await first;
    expect(done.statusCode).toBe(201);
    const replay = await put(b, 'R-1', 'race-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.etag).toBe(done.headers.etag);
    expect(replay.json()).toEqual(done.json());
    expect(await creates('R-1')).toBe(1);
  });

  it('gives the key up when the first request fails, so it may be retried', async () => {
    const bad = await put(a, 'R-2', 'race-2', { latitude: 'north' });
    expect(bad.statusCode).toBe(400);
    const good = await put(b, 'R-2', 'race-2');
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('applies once when many arrive at the same time in both processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(i % 2 ? a : b, 'R-3', 'race-3')),
    );
    const applied = answers.filter(
      (r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined,
    );
    expect(applied).toHaveLength(1);
    for (const r of answers) {
      if (r === applied[0]) continue;
      if (r.statusCode === 409) expect(r.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else expect(r.headers['idempotent-replayed']).toBe('true');
    }
    expect(await creates('R-3')).toBe(1);
  });

  it('takes over a claim left in flight by a process that died, once its lease is over', async () => {
    const hash = 'h'.repeat(64);
    expect(await t.db.admin.claimIdempotent(keyId, 'orphan', hash)).toBeUndefined();
    // The claimant died: nobody saves or releases it. Within the lease it holds the key.
    expect(await other.admin.claimIdempotent(keyId, 'orphan', hash)).toMatchObject({
      status: IN_FLIGHT,
    });
    const past = new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000).toISOString();
    await backdate(keyId, 'orphan', past);
    expect(await other.admin.claimIdempotent(keyId, 'orphan', hash)).toBeUndefined();
  });

  /** Moves a claim's creation time back (as if made long ago), in the database itself. */
  async function backdate(id: string, idem: string, at: string): Promise<void> {
    const sql = 'UPDATE admin_idempotency SET created_at = $1 WHERE key_id = $2 AND idem_key = $3';
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: PG_TEST_URL });
      await c.connect();
      await c.query(sql, [at, id, idem]).finally(() => c.end());
    } else {
      const db = new BetterSqlite3(t.file!);
      db.prepare(sql.replace(/\$\d/g, '?')).run(at, id, idem);
      db.close();
    }
  }
});
