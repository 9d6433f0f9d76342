/**
 * The console's single sign-on when its provider cannot be reached — down from the start, or
 * gone between the sign-in at the provider and the callback — and when it is not configured:
 * every way ends on the sign-in form with its reason, never an error page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { startProvider } from './helpers/oidc-provider.js';
import {
  SSO_BASE as BASE,
  SSO_CALLBACK as CALLBACK,
  SSO_ORIGIN as ORIGIN,
  SSO_PEOPLE as PEOPLE,
  SSO_ROLES as ROLES,
  closedPort,
  setCookies,
  throughProvider,
} from './helpers/sso-flow.js';
import { loadSsoConfig } from '../src/modules/console/sso/config.js';

describe('console single sign-on without its provider or its configuration', () => {
  let t: TestDb;
  let down: TestApp;
  let none: TestApp;

  beforeAll(async () => {
    t = await openTestDb('sqlite');
    const sso = loadSsoConfig({
      OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      OIDC_CLIENT_ID: 'locator-console',
      OIDC_CLIENT_SECRET: 'a secret',
      OIDC_ROLES: ROLES,
    });
    down = await makeApp(t.db, { PUBLIC_ORIGIN: ORIGIN }, {}, { sso: sso! });
    none = await makeApp(t.db, {}, {}, { sso: null });
  }, 60_000);
  afterAll(async () => {
    await down?.app.close();
    await none?.app.close();
    await t?.cleanup();
  });

  it('ends on the sign-in form with SSO_UNAVAILABLE when the provider is down', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await down.app.inject({ url: `${BASE}/sso/start` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/?ssoError=SSO_UNAVAILABLE');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('ends on the sign-in form with SSO_UNAVAILABLE when the provider goes down meanwhile', async () => {
    const gone = await startProvider(CALLBACK, { vic: PEOPLE.vic });
    const sso = loadSsoConfig({
      OIDC_ISSUER: gone.issuer,
      OIDC_CLIENT_ID: gone.clientId,
      OIDC_CLIENT_SECRET: gone.clientSecret,
      OIDC_ROLES: ROLES,
    });
    const b = await makeApp(t.db, { PUBLIC_ORIGIN: ORIGIN }, {}, { sso: sso! });
    try {
      gone.nextLogin = 'vic';
      const start = await b.app.inject({ url: `${BASE}/sso/start` });
      const pending = setCookies(start.headers)[0]!.split(';')[0]!;
      const back = await throughProvider(String(start.headers.location));
      await gone.close();
      const res = await b.app.inject({
        url: back.pathname + back.search,
        headers: { cookie: pending },
      });
      expect(res.headers.location).toBe('/admin/?ssoError=SSO_UNAVAILABLE');
    } finally {
      await b.app.close();
    }
  });

  it('ends on the sign-in form with SSO_NOT_CONFIGURED without configuration', async () => {
    for (const route of ['start', 'callback?code=x&state=y']) {
      const res = await none.app.inject({ url: `${BASE}/sso/${route}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/?ssoError=SSO_NOT_CONFIGURED');
    }
    const page = await none.app.inject({ url: '/admin/' });
    expect(page.body).not.toContain('"sso"');
  });
});
