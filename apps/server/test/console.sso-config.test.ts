/**
 * Single sign-on's settings and role mapping: all three OIDC_ variables or none, an https issuer
 * (http only on loopback), a role mapping that reads, every problem listed at once; the highest
 * mapped role wins; the pending sign-in cookie cannot be read, altered or kept past its time.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/env.js';
import { loadSsoConfig } from '../src/modules/console/sso/config.js';
import {
  claimAt,
  claimValues,
  mappedRole,
  parseRoleMap,
} from '../src/modules/console/sso/roles.js';
import { PendingSeal } from '../src/modules/console/sso/pending.js';
import { loadConfiguration } from '../src/settings.js';

const FULL = {
  OIDC_ISSUER: 'https://id.example.com/realms/maker',
  OIDC_CLIENT_ID: 'locator',
  OIDC_CLIENT_SECRET: 'a secret',
  OIDC_ROLES: 'locator-admins=admin, locator-editors=editor locator-viewers=viewer',
};

const problemsOf = (source: Record<string, string>): string[] => {
  try {
    loadSsoConfig(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('no ConfigError');
};

describe('single sign-on settings', () => {
  it('is off when no OIDC_ variable is set (empty values read as unset)', () => {
    expect(loadSsoConfig({})).toBeUndefined();
    expect(loadSsoConfig({ OIDC_ISSUER: '', OIDC_ROLE_CLAIM: 'roles' })).toBeUndefined();
  });

  it('reads a full configuration, with documented defaults, frozen', () => {
    const sso = loadSsoConfig(FULL)!;
    expect(sso).toMatchObject({
      issuer: FULL.OIDC_ISSUER,
      clientId: 'locator',
      clientSecret: 'a secret',
      roleClaim: 'groups',
      scopes: 'openid email profile',
    });
    expect([...sso.roles]).toEqual([
      ['locator-admins', 'admin'],
      ['locator-editors', 'editor'],
      ['locator-viewers', 'viewer'],
    ]);
    expect(Object.isFrozen(sso)).toBe(true);
    const custom = loadSsoConfig({ ...FULL, OIDC_ROLE_CLAIM: 'realm_access.roles' })!;
    expect(custom.roleClaim).toBe('realm_access.roles');
  });

  it('needs all three of issuer, client id and secret', () => {
    expect(problemsOf({ OIDC_ISSUER: FULL.OIDC_ISSUER })).toEqual([
      'OIDC_CLIENT_ID: required with OIDC_ISSUER (single sign-on needs all three)',
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER (single sign-on needs all three)',
    ]);
  });

  it('takes an https issuer, or http on a loopback address only', () => {
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/x', 'http://[::1]:9']) {
      expect(loadSsoConfig({ ...FULL, OIDC_ISSUER: issuer })?.issuer).toBe(issuer);
    }
    for (const issuer of ['http://id.example.com', 'ftp://x', 'nonsense', 'https://u:p@x.com']) {
      expect(problemsOf({ ...FULL, OIDC_ISSUER: issuer })).toEqual([
        'OIDC_ISSUER: must be an https URL (http only on a loopback address)',
      ]);
    }
  });

  it('needs a role mapping that reads, and lists every problem at once', () => {
    const { OIDC_ROLES: _roles, ...noRoles } = FULL;
    expect(problemsOf(noRoles)[0]).toMatch(/^OIDC_ROLES: required with single sign-on/);
    expect(problemsOf({ ...FULL, OIDC_ROLES: 'staff=owner' })).toEqual([
      'OIDC_ROLES: "staff=owner" is not value=role (the role one of viewer, editor, admin)',
    ]);
    expect(
      problemsOf({ ...FULL, OIDC_SCOPES: 'email', OIDC_ROLE_CLAIM: 'a b', OIDC_ROLES: ',' }),
    ).toEqual([
      'OIDC_ROLE_CLAIM: must be a claim name (letters, digits, . _ : / -)',
      'OIDC_SCOPES: must include openid',
      'OIDC_ROLES: must map at least one claim value to a role',
    ]);
  });

  it('is part of the whole configuration, its problems listed with the others', () => {
    expect(loadConfiguration({}).sso).toBeNull();
    expect(loadConfiguration(FULL).sso?.clientId).toBe('locator');
    expect(() => loadConfiguration({ PORT: 'x', OIDC_CLIENT_ID: 'y' })).toThrow(
      /PORT[\s\S]*OIDC_ISSUER: required/,
    );
  });
});

describe('role mapping', () => {
  const parsed = parseRoleMap('a=viewer,b=editor,c=admin');
  const map = 'map' in parsed ? parsed.map : new Map();

  it('reads value=role pairs and refuses the rest', () => {
    expect(map.size).toBe(3);
    expect(parseRoleMap('=admin')).toEqual({
      problem: '"=admin" is not value=role (the role one of viewer, editor, admin)',
    });
    expect(parseRoleMap('a=admin,a=viewer')).toEqual({ problem: 'names "a" twice' });
    // A claim value may itself hold "=": the role is after the last one.
    expect(parseRoleMap('cn=ops=admin')).toEqual({ map: new Map([['cn=ops', 'admin']]) });
  });

  it('gives the highest role any value maps to, none when none maps', () => {
    expect(mappedRole(['a', 'c', 'b'], map)).toBe('admin');
    expect(mappedRole(['b', 'a'], map)).toBe('editor');
    expect(mappedRole('a', map)).toBe('viewer');
    expect(mappedRole('x a', map)).toBe('viewer');
    expect(mappedRole(['x', 'y'], map)).toBeUndefined();
    expect(mappedRole(undefined, map)).toBeUndefined();
    expect(mappedRole({ a: true }, map)).toBeUndefined();
  });

  it('finds a claim by its name, else by a dotted path into nested claims', () => {
    const claims = { 'a.b': 1, realm_access: { roles: ['x'] }, list: ['y'] };
    expect(claimAt(claims, 'a.b')).toBe(1);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['x']);
    expect(claimAt(claims, 'realm_access.nothing')).toBeUndefined();
    expect(claimAt(claims, 'list.0')).toBeUndefined();
    expect(claimAt(claims, 'missing.roles')).toBeUndefined();
  });

  it('reads a claim as a string list, an array of strings, or nothing', () => {
    expect(claimValues('a, b  c')).toEqual(['a', 'b', 'c']);
    expect(claimValues(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(claimValues(42)).toEqual([]);
  });
});

describe('pending sign-in cookie', () => {
  const seal = new PendingSeal('a secret');
  const pending = { state: 's', nonce: 'n', verifier: 'v', expires: 1000 };

  it('opens what it sealed until it expires', () => {
    const sealed = seal.seal(pending);
    expect(sealed).not.toContain('verifier');
    expect(seal.open(sealed, 999)).toEqual(pending);
    expect(seal.open(sealed, 1000)).toBeUndefined();
  });

  it('opens nothing altered, foreign or missing', () => {
    const sealed = seal.seal(pending);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(seal.open(altered, 0)).toBeUndefined();
    expect(new PendingSeal('another secret').open(sealed, 0)).toBeUndefined();
    expect(seal.open(undefined, 0)).toBeUndefined();
    expect(seal.open('x'.repeat(3000), 0)).toBeUndefined();
    expect(seal.open('short', 0)).toBeUndefined();
  });
});
