/**
 * The console's sign-in and sessions on both databases, through the real app: the cookie's
 * attributes (plain and `__Host-` over HTTPS), the same answer for every failed sign-in, CSRF on
 * sign-out, idle and absolute time-outs on an injected clock, sign-out everywhere, and sessions
 * ended by disabling an account or changing its password (the CLI's commands).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { runAdmin } from '../src/modules/admin/cli.js';
import {
  cookieOf,
  MEMBER_PASSWORD as PASSWORD,
  SESSION_URL as SESSION,
} from './helpers/console-members.js';

// Each sign-in checks a real scrypt hash (about a second of a thread on a busy 2-core machine).
vi.setConfig({ testTimeout: 90_000 });

describe.each(DIALECTS)('console sessions on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let clock = Date.parse('2026-12-01T09:00:00Z');

  const admin = async (args: string[], input = '') => {
    const lines: string[] = [];
    const code = await runAdmin(
      args,
      t.db,
      (l) => lines.push(l),
      async () => input,
    );
    return { code, out: lines.join('\n') };
  };
  const signIn = (email: string, password: string, ip = '127.0.0.1') =>
    a.app.inject({ method: 'POST', url: SESSION, payload: { email, password }, remoteAddress: ip });
  const session = (cookie: string) => a.app.inject({ url: SESSION, headers: { cookie } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    a = await makeApp(t.db, {}, { TRUST_PROXY: 'loopback' }, { now: () => clock });
    expect(
      (
        await admin(
          ['users', 'create', '--email', 'Ed@Example.com', '--role', 'editor'],
          `${PASSWORD}\n`,
        )
      ).code,
    ).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it('signs in with a cookie the page scripts cannot read, and knows the session', async () => {
    const res = await signIn(' ed@example.COM ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ account: unknown; csrfToken: string }>();
    expect(body.account).toEqual({ email: 'ed@example.com', role: 'editor' });
    expect(body.csrfToken).toMatch(/^[\w-]{43}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^locator-console=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const again = await session(cookieOf(res));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('names the cookie __Host- and marks it Secure over HTTPS', async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'ed@example.com', password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^__Host-locator-console=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it('answers every failed sign-in alike', async () => {
    const answers = await Promise.all([
      signIn('ed@example.com', 'wrong password!', '10.1.0.1'),
      signIn('nobody@example.com', PASSWORD, '10.1.0.2'),
      signIn('not an address', PASSWORD, '10.1.0.3'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'SIGN_IN_FAILED', message: 'The email address or password is wrong.' },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const missing = await a.app.inject({ method: 'POST', url: SESSION, payload: { email: 'x' } });
    expect(missing.statusCode).toBe(400);
    const none = await a.app.inject({ url: SESSION });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'NOT_SIGNED_IN' } });
  });

  it('signs out only with the CSRF token', async () => {
    const res = await signIn('ed@example.com', PASSWORD);
    const cookie = cookieOf(res);
    const { csrfToken } = res.json<{ csrfToken: string }>();
    for (const headers of [{ cookie }, { cookie, 'x-csrf-token': `${csrfToken.slice(1)}x` }]) {
      const refused = await a.app.inject({ method: 'DELETE', url: SESSION, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'CSRF_TOKEN_INVALID' } });
    }
    expect((await session(cookie)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'DELETE',
      url: SESSION,
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^locator-console=; Max-Age=0; Path=\//);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends a session after 30 idle minutes and 12 hours after sign-in', async () => {
    const idle = cookieOf(await signIn('ed@example.com', PASSWORD));
    clock += 29 * 60_000;
    expect((await session(idle)).statusCode).toBe(200);
    clock += 29 * 60_000;
    expect((await session(idle)).statusCode).toBe(200);
    clock += 31 * 60_000;
    expect((await session(idle)).statusCode).toBe(401);
    // A session used every 20 minutes lives until its twelfth hour.
    const busy = cookieOf(await signIn('ed@example.com', PASSWORD));
    for (let i = 0; i < 35; i++) {
      clock += 20 * 60_000;
      expect((await session(busy)).statusCode).toBe(200);
    }
    clock += 20 * 60_000;
    expect((await session(busy)).statusCode).toBe(401);
  });

  it('signs out everywhere', async () => {
    const one = await signIn('ed@example.com', PASSWORD);
    const two = cookieOf(await signIn('ed@example.com', PASSWORD));
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/sessions',
      headers: {
        cookie: cookieOf(one),
        'x-csrf-token': one.json<{ csrfToken: string }>().csrfToken,
      },
    });
    expect(out.statusCode).toBe(204);
    expect((await session(cookieOf(one))).statusCode).toBe(401);
    expect((await session(two)).statusCode).toBe(401);
  });

  it('ends sessions when the password is reset or the account disabled', async () => {
    const before = cookieOf(await signIn('ed@example.com', PASSWORD));
    const reset = await admin(
      ['users', 'reset-password', 'ed@example.com'],
      'a new long password\n',
    );
    expect(reset).toEqual({
      code: 0,
      out: 'Password of ed@example.com changed; its sessions have ended.',
    });
    expect((await session(before)).statusCode).toBe(401);
    expect((await signIn('ed@example.com', PASSWORD)).statusCode).toBe(401);
    const after = cookieOf(await signIn('ed@example.com', 'a new long password'));
    expect((await admin(['users', 'disable', 'ED@example.com'])).code).toBe(0);
    expect((await session(after)).statusCode).toBe(401);
    expect((await signIn('ed@example.com', 'a new long password')).statusCode).toBe(401);
    expect((await admin(['users', 'list'])).out).toMatch(
      /^ed@example\.com {2}editor {2}created .* {2}DISABLED /,
    );
  });

  it('slows down failed sign-ins per account: 5 free, then 1 s, 2 s … locked out', async () => {
    await admin(
      ['users', 'create', '--email', 't@example.com', '--role', 'viewer'],
      `${PASSWORD}\n`,
    );
    // From several clients: the account's allowance, not the client's (20), is spent.
    for (let i = 0; i < 6; i++)
      expect((await signIn('t@example.com', 'wrong password!', `10.2.0.${i}`)).statusCode).toBe(
        401,
      );
    const locked = await signIn('t@example.com', PASSWORD, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: { code: 'SIGN_IN_THROTTLED' } });
    expect(locked.headers['retry-after']).toBe('1');
    // Another account from the same client is not locked.
    expect((await signIn('ed@example.com', 'wrong password!', '10.2.0.1')).statusCode).toBe(401);
    clock += 1000;
    expect((await signIn('t@example.com', 'wrong password!', '10.2.1.1')).statusCode).toBe(401);
    const longer = await signIn('t@example.com', PASSWORD, '10.2.1.1');
    expect(longer.headers['retry-after']).toBe('2');
    clock += 2000;
    // The right password once the lock-out has passed; a success counts nothing.
    expect((await signIn('t@example.com', PASSWORD, '10.2.1.1')).statusCode).toBe(200);
  });

  it('keeps the account rules in the CLI', async () => {
    const create = (email: string, role: string, password: string) =>
      admin(['users', 'create', '--email', email, '--role', role], `${password}\n`);
    expect(await create('v@example.com', 'viewer', 'short one')).toEqual({
      code: 1,
      out: 'The password must have at least 12 characters.',
    });
    expect((await create('v@example.com', 'owner', PASSWORD)).out).toBe(
      'The role must be one of viewer, editor, admin.',
    );
    expect((await create('not-an-email', 'viewer', PASSWORD)).out).toBe(
      '"not-an-email" is not an email address.',
    );
    expect(await create('V@example.com', 'viewer', PASSWORD)).toEqual({
      code: 0,
      out: 'Account v@example.com (viewer) created.',
    });
    expect((await create('v@example.com', 'admin', PASSWORD)).out).toBe(
      'An account for v@example.com exists already.',
    );
    expect((await admin(['users', 'disable', 'nobody@example.com'])).code).toBe(1);
    expect((await admin(['users', 'create'])).code).toBe(2);
  });
});
