/**
 * When each API key was last used, on both databases and an injected clock: a request the key
 * authenticates records the time, at most once a minute per key (the other requests of that
 * minute write nothing); a refused request records nothing; a note that fails does not fail the
 * request; the console's key list and the admin command show it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { readKey } from './helpers/keys.js';
import { runAdmin } from '../src/modules/admin/cli.js';
import { addMember, type Member } from './helpers/console-members.js';

const BASE = '/api/v1/admin';
const START = Date.parse('2026-12-01T09:00:00.000Z');

describe.each(DIALECTS)('API keys last used on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let clock = START;
  let admin: Member;
  let key: { token: string; id: string };

  const call = (token: string) =>
    a.app.inject({ url: `${BASE}/stores?limit=1`, headers: { authorization: `Bearer ${token}` } });
  const lastUsed = async () => (await t.db.admin.findKey(key.id))?.lastUsedAt;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db, {}, {}, { now: () => clock });
    admin = await addMember(a.app, t.db.accounts, 'admin');
    key = await readKey(t.db, 'feed');
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('records a use at most once a minute, and none for a refused request', async () => {
    // A stand-in that counts the writes (an own method wins over the repository's, see db/).
    const repo = t.db.admin;
    const touch = vi.fn(repo.touchKey.bind(repo));
    repo.touchKey = touch;
    expect(await lastUsed()).toBeNull();
    expect((await call(`${key.token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    expect(touch).not.toHaveBeenCalled();
    expect(await lastUsed()).toBeNull();

    expect((await call(key.token)).statusCode).toBe(200);
    // Noted beside the answer (never delaying it): written once the write is done.
    await vi.waitFor(async () => expect(await lastUsed()).toBe('2026-12-01T09:00:00.000Z'));
    clock = START + 30_000;
    expect((await call(key.token)).statusCode).toBe(200);
    expect((await call(key.token)).statusCode).toBe(200);
    expect(touch).toHaveBeenCalledTimes(1);
    expect(await lastUsed()).toBe('2026-12-01T09:00:00.000Z');

    clock = START + 61_000;
    expect((await call(key.token)).statusCode).toBe(200);
    expect(touch).toHaveBeenCalledTimes(2);
    await vi.waitFor(async () => expect(await lastUsed()).toBe('2026-12-01T09:01:01.000Z'));
    delete (repo as Partial<typeof repo>).touchKey;
  });

  it('writes once when processes sharing the database note the same minute', async () => {
    const at = new Date(START + 120_000);
    const since = new Date(START + 61_000);
    await t.db.admin.touchKey(key.id, at, since);
    // Another process read the key before that write: its note finds a use within the minute.
    await t.db.admin.touchKey(key.id, new Date(START + 121_000), since);
    expect(await lastUsed()).toBe('2026-12-01T09:02:00.000Z');
  });

  it('answers even when the use cannot be noted', async () => {
    const repo = t.db.admin;
    repo.touchKey = () => Promise.reject(new Error('database is locked'));
    clock = START + 600_000;
    expect((await call(key.token)).statusCode).toBe(200);
    delete (repo as Partial<typeof repo>).touchKey;
  });

  it("shows the keys' last use in the console's list and the command's", async () => {
    const lines: string[] = [];
    await runAdmin(['keys', 'list'], t.db, (l) => lines.push(l));
    expect(lines.find((l) => l.startsWith(key.id))).toContain('last used 2026-12-01T09:02:00.000Z');
    const res = await a.app.inject({ url: `${BASE}/keys`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json<{ keys: { id: string; lastUsedAt: string | null }[] }>().keys;
    expect(keys).toContainEqual(
      expect.objectContaining({ id: key.id, lastUsedAt: '2026-12-01T09:02:00.000Z' }),
    );
  });
});
