import { describe, expect, it } from 'vitest';
import { consoleSessionSchema, signInBodySchema } from '../src/console-api.js';

describe('console sign-in contract', () => {
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
