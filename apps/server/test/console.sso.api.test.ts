/**
 * The console's single sign-on on both databases, against a local OpenID provider started here
 * (oidc-provider on 127.0.0.1), through the real app: the whole flow over HTTP with every
 * redirect followed by hand, the session cookie exactly as password sign-in sets it, the role
 * claim's mapping (the highest role wins, and follows the provider), the routes alike for every
 * role, and the ways it ends on the sign-in form instead: a claim that maps to no role, a
 * disabled account, an unverified email, a state that is not the pending one, a refusal at the
 * provider, an answer that cannot be verified (console.sso-failures.api.test.ts: the provider
 * down, no configuration).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { startProvider, type TestProvider } from './helpers/oidc-provider.js';
import {
  SSO_BASE as BASE,
  SSO_CALLBACK as CALLBACK,
  SSO_ORIGIN as ORIGIN,
  SSO_PEOPLE as PEOPLE,
  SSO_ROLES as ROLES,
  cookieNamed,
  setCookies,
  throughProvider,
} from './helpers/sso-flow.js';
import { loadSsoConfig } from '../src/modules/console/sso/config.js';
import { createAccount } from '../src/modules/console/accounts.js';
import { runAdmin } from '../src/modules/admin/cli.js';

describe.each(DIALECTS)('console single sign-on on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let provider: TestProvider;

  /** The start route, then the provider as `who`; the callback's answer. */
  const signOn = async (who: string, headers: Record<string, string> = {}) => {
    provider.nextLogin = who;
    const start = await a.app.inject({ url: `${BASE}/sso/start`, headers });
    expect(start.statusCode).toBe(302);
    const pending = setCookies(start.headers)[0]!.split(';')[0]!;
    const back = await throughProvider(String(start.headers.location));
    const callback = await a.app.inject({
      url: back.pathname + back.search,
      headers: { ...headers, cookie: pending },
    });
    return { start, back, callback, pending };
  };
  const session = (cookie: string) => a.app.inject({ url: `${BASE}/session`, headers: { cookie } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    provider = await startProvider(CALLBACK, PEOPLE);
    const sso = loadSsoConfig({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ROLES: ROLES,
    });
    a = await makeApp(t.db, { PUBLIC_ORIGIN: ORIGIN }, { TRUST_PROXY: 'loopback' }, { sso: sso! });
    await createAccount(t.db.accounts, 'dan@example.com', 'viewer', 'correct horse battery');
    await t.db.accounts.disableAccount('dan@example.com');
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await provider?.close();
    await t?.cleanup();
  });

  it('sends the browser to the provider with code, PKCE, state and nonce', async () => {
    const start = await a.app.inject({ url: `${BASE}/sso/start` });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const to = new URL(String(start.headers.location));
    expect(to.origin).toBe(provider.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(setCookies(start.headers)[0]).toMatch(
      /^locator-sso=[\w-]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('signs in with the session cookie of password sign-in, the highest mapped role', async () => {
    const { callback } = await signOn('ada');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/admin/');
    expect(cookieNamed(callback.headers, 'locator-sso')).toMatch(/^locator-sso=;/);
    const cookie = cookieNamed(callback.headers, 'locator-console');
    expect(cookie).toMatch(/^locator-console=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const res = await session(cookie!.split(';')[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: { email: 'ada@example.com', role: 'admin' },
      csrfToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    // A single sign-on account has no password: password sign-in never opens it.
    const byPassword = await a.app.inject({
      method: 'POST',
      url: `${BASE}/session`,
      payload: { email: 'ada@example.com', password: 'sso' },
    });
    expect(byPassword.json()).toMatchObject({ error: { code: 'SIGN_IN_FAILED' } });
    const lines: string[] = [];
    await runAdmin(
      ['users', 'list'],
      t.db,
      (l) => lines.push(l),
      async () => '',
    );
    expect(lines.find((l) => l.startsWith('ada@example.com'))).toMatch(
      /^ada@example\.com {2}admin {2}created \S+ {2}single sign-on$/,
    );
    expect(lines.find((l) => l.startsWith('dan@example.com'))).not.toContain('single sign-on');
  });

  it('names the cookies __Host- and marks them Secure over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const { start, callback } = await signOn('vic', https);
    expect(setCookies(start.headers)[0]).toMatch(
      /^__Host-locator-sso=[\w-]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(cookieNamed(callback.headers, '__Host-locator-console')).toMatch(
      /^__Host-locator-console=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it('maps editors and viewers, and the role follows the provider at each sign-in', async () => {
    const eve = await signOn('eve');
    const cookie = cookieNamed(eve.callback.headers, 'locator-console')!.split(';')[0]!;
    expect((await session(cookie)).json()).toMatchObject({ account: { role: 'editor' } });
    const vic = await signOn('vic');
    const vicCookie = cookieNamed(vic.callback.headers, 'locator-console')!.split(';')[0]!;
    expect((await session(vicCookie)).json()).toMatchObject({ account: { role: 'viewer' } });
    PEOPLE.eve.groups = ['locator-viewers'];
    try {
      await signOn('eve');
      expect((await session(cookie)).json()).toMatchObject({ account: { role: 'viewer' } });
    } finally {
      PEOPLE.eve.groups = ['locator-editors'];
    }
  });

  it('refuses a person whose claim maps to no role, and creates no account', async () => {
    const { callback } = await signOn('max');
    expect(callback.headers.location).toBe('/admin/?ssoError=SSO_NO_ROLE');
    expect(cookieNamed(callback.headers, 'locator-console')).toBeUndefined();
    expect(await t.db.accounts.findAccountByEmail('max@example.com')).toBeUndefined();
  });

  it('refuses a disabled account and an email the provider has not verified', async () => {
    const dan = await signOn('dan');
    expect(dan.callback.headers.location).toBe('/admin/?ssoError=SSO_ACCOUNT_DISABLED');
    expect(cookieNamed(dan.callback.headers, 'locator-console')).toBeUndefined();
    const una = await signOn('una');
    expect(una.callback.headers.location).toBe('/admin/?ssoError=SSO_NO_EMAIL');
  });

  it('refuses a state that is not the pending one, a missing or altered cookie', async () => {
    provider.nextLogin = 'ron';
    const start = await a.app.inject({ url: `${BASE}/sso/start` });
    const pending = setCookies(start.headers)[0]!.split(';')[0]!;
    const back = await throughProvider(String(start.headers.location));
    const path = back.pathname;
    const wrongState = new URLSearchParams(back.search);
    wrongState.set('state', 'x'.repeat(43));
    const cases = [
      { url: `${path}?${wrongState}`, cookie: pending },
      { url: path + back.search, cookie: '' },
      { url: path + back.search, cookie: `${pending.slice(0, -4)}AAAA` },
    ];
    for (const c of cases) {
      const res = await a.app.inject({ url: c.url, headers: c.cookie ? { cookie: c.cookie } : {} });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/?ssoError=SSO_STATE_INVALID');
      expect(cookieNamed(res.headers, 'locator-console')).toBeUndefined();
    }
    expect(await t.db.accounts.findAccountByEmail('ron@example.com')).toBeUndefined();
  });

  it('says so when the person refuses at the provider', async () => {
    const { back, callback } = await signOn('deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.headers.location).toBe('/admin/?ssoError=SSO_DENIED');
  });

  it('answers every role, and no session, alike: its routes need none (role × route)', async () => {
    const cookies = new Map<string, string>([['signed out', '']]);
    for (const who of ['ada', 'eve', 'vic']) {
      const { callback } = await signOn(who);
      cookies.set(who, cookieNamed(callback.headers, 'locator-console')!.split(';')[0]!);
    }
    for (const [who, cookie] of cookies) {
      const headers = cookie ? { cookie } : {};
      const start = await a.app.inject({ url: `${BASE}/sso/start`, headers });
      expect(start.statusCode, who).toBe(302);
      expect(String(start.headers.location).startsWith(provider.issuer), who).toBe(true);
      const back = await a.app.inject({ url: `${BASE}/sso/callback?code=x&state=y`, headers });
      expect(back.headers.location, who).toBe('/admin/?ssoError=SSO_STATE_INVALID');
    }
  });

  it("says so when the provider's answer cannot be verified (a wrong client secret)", async () => {
    const wrong = loadSsoConfig({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: 'not the secret',
      OIDC_ROLES: ROLES,
    });
    const b = await makeApp(t.db, { PUBLIC_ORIGIN: ORIGIN }, {}, { sso: wrong! });
    try {
      provider.nextLogin = 'vic';
      const start = await b.app.inject({ url: `${BASE}/sso/start` });
      const pending = setCookies(start.headers)[0]!.split(';')[0]!;
      const back = await throughProvider(String(start.headers.location));
      const res = await b.app.inject({
        url: back.pathname + back.search,
        headers: { cookie: pending },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/?ssoError=SSO_FAILED');
      expect(cookieNamed(res.headers, 'locator-console')).toBeUndefined();
    } finally {
      await b.app.close();
    }
  });

  it('offers single sign-on on the console page', async () => {
    const page = await a.app.inject({ url: '/admin/' });
    expect(page.body).toContain('"sso":true');
  });
});
