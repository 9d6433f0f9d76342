/**
 * The console's members on the admin store API, on both databases: every role × every route
 * with a session cookie (viewer reads; editor and admin also write), the CSRF token on every
 * write, 401 NOT_SIGNED_IN for an ended session, and the audit log naming the member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { createAccount } from '../src/console/accounts.js';
import type { ConsoleRole } from '../src/db/accounts.js';

const BASE = '/api/v1/admin';
const PASSWORD = 'correct horse battery';
const ROLES: ConsoleRole[] = ['viewer', 'editor', 'admin'];

/** Every route of the store API, and whether it writes (editor and admin only). */
const ROUTES: { name: string; writes: boolean; request: (id: string) => InjectOptions }[] = [
  { name: 'list stores', writes: false, request: () => ({ url: `${BASE}/stores?limit=5` }) },
  { name: 'read a store', writes: false, request: () => ({ url: `${BASE}/stores/BASE-1` }) },
  { name: 'read the audit log', writes: false, request: () => ({ url: `${BASE}/audit?limit=5` }) },
  {
    name: 'put a store',
    writes: true,
    request: (id) => ({ method: 'PUT', url: `${BASE}/stores/${id}`, payload: gbRow(id) }),
  },
  {
    name: 'patch a store',
    writes: true,
    request: () => ({
      method: 'PATCH',
      url: `${BASE}/stores/BASE-1`,
      payload: { title: `Patched ${Math.random()}` },
    }),
  },
  {
    name: 'bulk write',
    writes: true,
    request: (id) => ({ method: 'POST', url: `${BASE}/stores/bulk`, payload: [gbRow(`${id}-B`)] }),
  },
  {
    name: 'delete a store',
    writes: true,
    request: (id) => ({ method: 'DELETE', url: `${BASE}/stores/${id}` }),
  },
];

describe.each(DIALECTS)('console members on the store API on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const members = new Map<ConsoleRole, { cookie: string; csrf: string }>();

  const send = (options: InjectOptions, headers: Record<string, string>) =>
    a.app.inject({ ...options, headers: { ...options.headers, ...headers } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    for (const role of ROLES) {
      await createAccount(t.db.accounts, `${role}@example.com`, role, PASSWORD);
      const res = await a.app.inject({
        method: 'POST',
        url: `${BASE}/session`,
        payload: { email: `${role}@example.com`, password: PASSWORD },
      });
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      members.set(role, { cookie, csrf: res.json<{ csrfToken: string }>().csrfToken });
    }
    const base = await send(
      { method: 'PUT', url: `${BASE}/stores/BASE-1`, payload: gbRow('BASE-1') },
      { cookie: members.get('editor')!.cookie, 'x-csrf-token': members.get('editor')!.csrf },
    );
    expect(base.statusCode, base.body).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  for (const role of ROLES) {
    for (const route of ROUTES) {
      const may = !route.writes || role !== 'viewer';
      it(`${role}: ${route.name} → ${may ? 'allowed' : '403 ROLE_FORBIDDEN'}`, async () => {
        const { cookie, csrf } = members.get(role)!;
        const id = `${role.toUpperCase()}-${route.name.length}`;
        if (route.name === 'delete a store' && may) {
          await send(
            { method: 'PUT', url: `${BASE}/stores/${id}`, payload: gbRow(id) },
            {
              cookie,
              'x-csrf-token': csrf,
            },
          );
        }
        if (route.writes) {
          const noToken = await send(route.request(id), { cookie });
          expect(noToken.statusCode).toBe(403);
          expect(noToken.json()).toMatchObject({ error: { code: 'CSRF_TOKEN_INVALID' } });
        }
        const res = await send(route.request(id), { cookie, 'x-csrf-token': csrf });
        if (may) {
          expect(res.statusCode, res.body).toBeLessThan(300);
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ error: { code: 'ROLE_FORBIDDEN' } });
        }
      });
    }
  }

  it('names the member in the audit log', async () => {
    const audit = await t.db.admin.audit({ storeId: 'EDITOR-11', limit: 5 });
    expect(audit.map((e) => [e.actor, e.action])).toEqual([['user:editor@example.com', 'create']]);
  });

  it('answers 401 NOT_SIGNED_IN for an ended session, and 401 UNAUTHORIZED with neither', async () => {
    const ended = await send({ url: `${BASE}/stores` }, { cookie: 'locator-console=ended' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ error: { code: 'NOT_SIGNED_IN' } });
    const none = await a.app.inject({ url: `${BASE}/stores` });
    expect(none.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});
