/**
 * The console's members for the API tests: an account made as the admin command makes it, signed
 * in through the real sign-in route; its session cookie and CSRF token for the requests after.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../src/modules/console/accounts.js';
import type {
  AccountRepository,
  ConsoleRole,
} from '../../src/modules/console/account-repository.js';

export const SESSION_URL = '/api/v1/admin/session';
/** Every test account's password. */
export const MEMBER_PASSWORD = 'correct horse battery';

/** A signed-in member: the session cookie (`name=value`) and the session's CSRF token. */
export interface Member {
  cookie: string;
  csrf: string;
}

/** The `name=value` of the session cookie an answer sets. */
export const cookieOf = (res: { headers: Record<string, unknown> }): string =>
  String(res.headers['set-cookie']).split(';')[0]!;

/** The headers of a member's request that changes something (cookie and CSRF token). */
export const asMember = (m: Member): Record<string, string> => ({
  cookie: m.cookie,
  'x-csrf-token': m.csrf,
});

/** Signs an existing account in (the sign-in must succeed). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = MEMBER_PASSWORD,
): Promise<Member> {
  const res = await app.inject({ method: 'POST', url: SESSION_URL, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieOf(res), csrf: res.json<{ csrfToken: string }>().csrfToken };
}

/** Makes an account with the role (`<role>@example.com` unless named) and signs it in. */
export async function addMember(
  app: FastifyInstance,
  accounts: AccountRepository,
  role: ConsoleRole,
  email = `${role}@example.com`,
): Promise<Member> {
  await createAccount(accounts, email, role, MEMBER_PASSWORD);
  return signIn(app, email);
}
