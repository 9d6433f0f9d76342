/**
 * The admin API's limits on both databases: failed authentication throttled per client and per
 * key id (429 AUTHENTICATION_THROTTLED with Retry-After, a right key included); the per-key
 * rate limit and the failure counts shared by two app instances (as two workers or machines
 * would be) through the real Redis; and key checks that do the same work whatever fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { writeKey } from './helpers/keys.js';
import { REDIS_URL, dropRedisKeys, testRedisPrefix } from './helpers/redis.js';
import { verifyKey } from '../src/modules/admin/keys.js';
import type { AdminRepository } from '../src/modules/admin/repository.js';

const PREFIX = testRedisPrefix();
const STORES = '/api/v1/admin/stores?limit=1';

describe.each(DIALECTS)('admin authentication and rate limits on %s', (dialect) => {
  let t: TestDb;
  const apps: TestApp[] = [];
  let key = { token: '', id: '' };
  let revoked = { token: '', id: '' };

  const app = async (settings: Record<string, string>) => {
    const a = await makeApp(t.db, settings);
    apps.push(a);
    await a.services.modules.counters?.ready();
    return a;
  };
  const get = (a: TestApp, token: string | undefined, ip = '127.0.0.1') =>
    a.app.inject({
      url: STORES,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    key = await writeKey(t.db, 'feed');
    revoked = await writeKey(t.db, 'old');
    await t.db.admin.revokeKey(revoked.id);
  }, 60_000);
  afterAll(async () => {
    for (const a of apps) {
      await a.app.close();
      // The database is the test's (closed by cleanup); the Redis connection is the app's.
      await a.services.modules.counters?.close();
    }
    await dropRedisKeys(PREFIX);
    await t?.cleanup();
  });

  it('throttles a client after its failed authentications, a right key included', async () => {
    const a = await app({ ADMIN_AUTH_FAILURES: '3' });
    const wrong = `${key.token.slice(0, -4)}AAAA`;
    for (const token of [undefined, 'nonsense', wrong]) {
      expect((await get(a, token, '10.0.0.1')).statusCode).toBe(401);
    }
    for (const token of [wrong, key.token]) {
      const res = await get(a, token, '10.0.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: { code: 'AUTHENTICATION_THROTTLED' } });
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(15 * 60);
    }
    // Another client is not throttled; successes count nothing.
    for (let i = 0; i < 5; i++) expect((await get(a, key.token, '10.0.0.2')).statusCode).toBe(200);
  });

  it('throttles a key id that fails from many clients', async () => {
    const a = await app({ ADMIN_AUTH_FAILURES: '2' });
    const wrong = `${key.token.slice(0, -4)}BBBB`;
    // Five times the per-client allowance, each client staying under its own.
    for (let i = 0; i < 10; i++) {
      expect((await get(a, wrong, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const res = await get(a, key.token, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: { code: 'AUTHENTICATION_THROTTLED' } });
    // Another key is not.
    const other = await writeKey(t.db, `other-${dialect}`);
    expect((await get(a, other.token, '10.1.1.1')).statusCode).toBe(200);
  });

  it('shares the per-key limit and the failure counts across instances through Redis', async () => {
    const settings = {
      REDIS_URL,
      REDIS_PREFIX: `${PREFIX}${dialect}:`,
      RATE_LIMIT_ADMIN: '4',
      ADMIN_AUTH_FAILURES: '2',
    };
    const a = await app(settings);
    const b = await app(settings);
    expect(a.services.modules.counters?.shared).toBe(true);
    expect((await get(a, key.token)).statusCode).toBe(200);
    expect((await get(b, key.token)).statusCode).toBe(200);
    expect((await get(a, key.token)).statusCode).toBe(200);
    expect((await get(b, key.token)).statusCode).toBe(200);
    const over = await get(a, key.token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await get(b, key.token)).statusCode).toBe(429);
    // Failures on one instance throttle the client on the other.
    expect((await get(a, 'nonsense', '10.2.0.1')).statusCode).toBe(401);
    expect((await get(b, 'nonsense', '10.2.0.1')).statusCode).toBe(401);
    const throttled = await get(a, 'nonsense', '10.2.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: { code: 'AUTHENTICATION_THROTTLED' } });
  });

  it('checks keys with the same work whatever fails', async () => {
    const lookups: string[] = [];
    const repo = {
      findKey: async (id: string) => {
        lookups.push(id);
        return t.db.admin.findKey(id);
      },
    } as unknown as AdminRepository;
    const wrongSecret = `${key.token.slice(0, -4)}CCCC`;
    const unknownId = key.token.replace(key.id, 'abcdefabcdef');
    const cases = {
      malformed: 'lk_not-a-key',
      unknownId,
      wrongSecret,
      revoked: revoked.token,
      right: key.token,
    };
    for (const [name, token] of Object.entries(cases)) {
      lookups.length = 0;
      const compared: number[] = [];
      const found = await verifyKey(repo, token, (x, y) => {
        compared.push(x.length, y.length);
        return x.equals(y);
      });
      expect(found?.id, name).toBe(name === 'right' ? key.id : undefined);
      // One lookup and one comparison of two 32-byte hashes, every time.
      expect(lookups, name).toHaveLength(1);
      expect(compared, name).toEqual([32, 32]);
    }
  });
});
