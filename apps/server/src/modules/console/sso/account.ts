/**
 * The console account of a person the provider vouched for (server README "Single sign-on"): the
 * account of their email address, created as a single sign-on account (it has no password, so
 * password sign-in never opens it) when there is none. The role follows the provider: the highest
 * role the role claim maps to, written to the account at every sign-in. A claim that maps to no
 * role, an email missing or not verified, and a disabled account are refused.
 */
import { randomBytes } from 'node:crypto';
import type { AccountRepository, ConsoleAccount } from '../account-repository.js';
import { AccountError, normaliseEmail } from '../accounts.js';
import { SsoFailure } from './failure.js';
import { claimAt, mappedRole, type RoleMap } from './roles.js';

/** The password hash of a single sign-on account: no password matches it. */
export const SSO_PASSWORD_HASH = 'sso';

function emailOf(claims: Record<string, unknown>): string {
  if (typeof claims.email !== 'string' || claims.email_verified === false) {
    throw new SsoFailure('SSO_NO_EMAIL');
  }
  try {
    return normaliseEmail(claims.email);
  } catch (err) {
    if (err instanceof AccountError) throw new SsoFailure('SSO_NO_EMAIL', err);
    throw err;
  }
}

export async function ssoAccount(
  accounts: AccountRepository,
  claims: Record<string, unknown>,
  roleClaim: string,
  roles: RoleMap,
): Promise<ConsoleAccount> {
  const email = emailOf(claims);
  const role = mappedRole(claimAt(claims, roleClaim), roles);
  if (!role) throw new SsoFailure('SSO_NO_ROLE');
  let account = await accounts.findAccountByEmail(email);
  if (!account) {
    const id = `acc_${randomBytes(9).toString('base64url')}`;
    // False when another sign-in created it meanwhile: that account is read below.
    await accounts.createAccount({ id, email, role, passwordHash: SSO_PASSWORD_HASH });
    account = await accounts.findAccountByEmail(email);
  }
  if (!account) throw new SsoFailure('SSO_FAILED');
  if (account.disabledAt !== null) throw new SsoFailure('SSO_ACCOUNT_DISABLED');
  if (account.role !== role) {
    await accounts.setRole(email, role);
    account = { ...account, role };
  }
  return account;
}
