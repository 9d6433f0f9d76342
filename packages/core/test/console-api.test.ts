import { describe, expect, it } from 'vitest';
import {
  apiKeyListSchema,
  consoleSessionSchema,
  createdKeySchema,
  createKeyBodySchema,
  signInBodySchema,
  ssoErrorCodeSchema,
} from '../src/console-api.js';

describe('console sign-in contract', () => {
  it('names the reasons a single sign-on ends on the sign-in form, and only those', () => {
    expect(ssoErrorCodeSchema.safeParse('SSO_NO_ROLE').success).toBe(true);
    expect(ssoErrorCodeSchema.safeParse('SIGN_IN_FAILED').success).toBe(false);
  });

  it('takes an email and a password, nothing else', () => {
    expect(signInBodySchema.safeParse({ email: 'a@b.c', password: 'x' }).success).toBe(true);
    expect(signInBodySchema.safeParse({ email: 'a@b.c' }).success).toBe(false);
    expect(
      signInBodySchema.safeParse({ email: 'a@b.c', password: 'x', role: 'admin' }).success,
    ).toBe(false);
  });

  it('answers the account with one of the three roles and a CSRF token', () => {
    const session = { account: { email: 'a@b.c', role: 'editor' }, csrfToken: 't' };
    expect(consoleSessionSchema.parse(session)).toEqual(session);
    expect(
      consoleSessionSchema.safeParse({ ...session, account: { email: 'a', role: 'root' } }).success,
    ).toBe(false);
  });
});

describe('console API keys contract', () => {
  it('takes a name and one scope', () => {
    expect(createKeyBodySchema.parse({ name: ' feed ', scope: 'write' })).toEqual({
      name: 'feed',
      scope: 'write',
    });
    expect(createKeyBodySchema.safeParse({ name: ' ', scope: 'write' }).success).toBe(false);
    expect(createKeyBodySchema.safeParse({ name: 'x', scope: 'admin' }).success).toBe(false);
  });

  it('lists keys without secrets and shows a new one with it', () => {
    const key = {
      id: 'a',
      name: 'feed',
      scopes: ['read'],
      createdAt: 'x',
      revokedAt: null,
      lastUsedAt: null,
    };
    expect(apiKeyListSchema.parse({ keys: [key] })).toEqual({ keys: [key] });
    expect(createdKeySchema.safeParse(key).success).toBe(false);
  });
});
