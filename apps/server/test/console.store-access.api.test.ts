/**
 * The console's members on the admin API, on both databases: every role × every route with a
 * session cookie (viewer reads stores and the demand dashboard; editor also writes stores; admin
 * also manages API keys), the CSRF token on every change, 401 NOT_SIGNED_IN for an ended session,
 * and the audit log naming the member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { gbRow } from './helpers/import-files.js';
import { addMember, asMember, type Member } from './helpers/console-members.js';
import { createKey } from '../src/modules/admin/keys.js';
import type { ConsoleRole } from '../src/modules/console/account-repository.js';

const BASE = '/api/v1/admin';
const ROLES: ConsoleRole[] = ['viewer', 'editor', 'admin'];

interface Route {
  name: string;
  /** Whether it changes something (CSRF token needed). */
  writes: boolean;
  /** The least role that may (default: viewer for reads, editor for writes). */
  needs?: ConsoleRole;
  request: (id: string) => InjectOptions;
}

/** Every route of the admin API a member may call. */
const ROUTES: Route[] = [
  { name: 'list stores', writes: false, request: () => ({ url: `${BASE}/stores?limit=5` }) },
  { name: 'read a store', writes: false, request: () => ({ url: `${BASE}/stores/BASE-1` }) },
  { name: 'read the audit log', writes: false, request: () => ({ url: `${BASE}/audit?limit=5` }) },
  {
    name: 'read the demand dashboard',
    writes: false,
    request: () => ({ url: `${BASE}/demand?from=2026-11-01&to=2026-11-30&tz=Europe/London` }),
  },
  {
    name: 'download the unmet demand',
    writes: false,
    request: () => ({ url: `${BASE}/demand/unmet.csv?from=2026-11-01&to=2026-11-30` }),
  },
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
  {
    name: 'list API keys',
    writes: false,
    needs: 'admin',
    request: () => ({ url: `${BASE}/keys` }),
  },
  {
    name: 'create an API key',
    writes: true,
    needs: 'admin',
    request: (id) => ({
      method: 'POST',
      url: `${BASE}/keys`,
      payload: { name: id, scope: 'read' },
    }),
  },
  {
    name: 'revoke an API key',
    writes: true,
    needs: 'admin',
    request: () => ({ method: 'DELETE', url: `${BASE}/keys/${revocable}` }),
  },
];
/** A key the admin's revocation revokes. */
let revocable = '';

describe.each(DIALECTS)('console members on the store API on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  const members = new Map<ConsoleRole, Member>();

  const send = (options: InjectOptions, headers: Record<string, string>) =>
    a.app.inject({ ...options, headers: { ...options.headers, ...headers } });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await t.db.stores.replaceAll([]);
    a = await makeApp(t.db);
    for (const role of ROLES) {
      members.set(role, await addMember(a.app, t.db.accounts, role));
    }
    const base = await send(
      { method: 'PUT', url: `${BASE}/stores/BASE-1`, payload: gbRow('BASE-1') },
      asMember(members.get('editor')!),
    );
    expect(base.statusCode, base.body).toBe(201);
    revocable = (await createKey(t.db.admin, 'old feed', ['read'])).id;
  }, 90_000);
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  for (const role of ROLES) {
    for (const route of ROUTES) {
      const needs = route.needs ?? (route.writes ? 'editor' : 'viewer');
      const may = ROLES.indexOf(role) >= ROLES.indexOf(needs);
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

  it('shows a new key once and lists keys without secrets', async () => {
    const { cookie, csrf } = members.get('admin')!;
    const created = await send(
      { method: 'POST', url: `${BASE}/keys`, payload: { name: 'CRM feed', scope: 'write' } },
      { cookie, 'x-csrf-token': csrf },
    );
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: string; key: string; scopes: string[] }>();
    expect(key.key).toMatch(new RegExp(`^lk_${key.id}_[\\w-]{43}$`));
    expect(key.scopes).toEqual(['read', 'write']);
    const works = await a.app.inject({
      url: `${BASE}/stores?limit=1`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(works.statusCode).toBe(200);
    const list = await send({ url: `${BASE}/keys` }, { cookie });
    expect(list.body).not.toContain(key.key.slice(-20));
    expect(list.json<{ keys: { name: string; revokedAt: string | null }[] }>().keys).toContainEqual(
      expect.objectContaining({ name: 'old feed', revokedAt: expect.any(String) }),
    );
    const again = await send(
      { method: 'DELETE', url: `${BASE}/keys/${revocable}` },
      { cookie, 'x-csrf-token': csrf },
    );
    expect(again.statusCode).toBe(404);
    // An API key cannot manage keys: only a signed-in admin can.
    const byKey = await a.app.inject({
      url: `${BASE}/keys`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(byKey.statusCode).toBe(401);
  });

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
