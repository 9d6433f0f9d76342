/**
 * Console sessions in Redis (REDIS_URL), on both databases: two app instances (as two workers or
 * machines) share the real Redis; a session opened on one is known to the other, ends on both at
 * sign-out everywhere, and ends when its password is reset (wherever it is kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { REDIS_URL, dropRedisKeys, redisKeys, testRedisPrefix } from './helpers/redis.js';
import { createAccount, resetPassword } from '../src/modules/console/accounts.js';
import {
  MEMBER_PASSWORD,
  signIn as signInAs,
  SESSION_URL as SESSION,
} from './helpers/console-members.js';

describe.each(DIALECTS)('console sessions in Redis on %s', (dialect) => {
  const prefix = testRedisPrefix();
  let t: TestDb;
  let one: TestApp;
  let two: TestApp;

  const signIn = (a: TestApp) => signInAs(a.app, 'ed@example.com');
  const status = async (a: TestApp, cookie: string) =>
    (await a.app.inject({ url: SESSION, headers: { cookie } })).statusCode;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const settings = { REDIS_URL, REDIS_PREFIX: prefix };
    one = await makeApp(t.db, settings);
    two = await makeApp(t.db, settings);
    await createAccount(t.db.accounts, 'ed@example.com', 'editor', MEMBER_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    for (const a of [one, two]) {
      await a?.app.close();
      await a?.services.modules.counters?.close();
    }
    await dropRedisKeys(prefix);
    await t?.cleanup();
  });

  it('keeps sessions in Redis, known to every instance, not in the database', async () => {
    const { cookie } = await signIn(one);
    expect(await status(two, cookie)).toBe(200);
    const keys = await redisKeys(`${prefix}console:session:*`);
    expect(keys).toHaveLength(1);
    const session = await t.db.accounts.findSession(keys[0]!.split(':').at(-1)!);
    expect(session).toBeUndefined();
  });

  it('signs out everywhere across instances', async () => {
    const a = await signIn(one);
    const b = await signIn(two);
    const out = await two.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/sessions',
      headers: { cookie: b.cookie, 'x-csrf-token': b.csrf },
    });
    expect(out.statusCode).toBe(204);
    expect(await status(one, a.cookie)).toBe(401);
  });

  it('ends a session when its password is reset', async () => {
    const { cookie } = await signIn(one);
    await resetPassword(t.db.accounts, 'ed@example.com', 'another long password');
    expect(await status(two, cookie)).toBe(401);
  });
});
