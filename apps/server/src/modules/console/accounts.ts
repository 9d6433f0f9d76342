/**
 * Creating and changing console accounts (the `npm run admin -- users …` commands): one place for
 * the rules an account follows — an email address (kept lower-case: one account per address
 * however it is typed), one of the three roles, a password of at least 12 characters.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CONSOLE_ROLES, type AccountRepository, type ConsoleRole } from './account-repository.js';
import { hashPassword, passwordProblem } from './passwords.js';

/** An account rule broken; the message says which, for a person. */
export class AccountError extends Error {
  override readonly name = 'AccountError';
}

const emailSchema = z.email();

/** The address as accounts are kept: trimmed and lower-case; AccountError when it is not one. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success)
    throw new AccountError(`"${raw}" is not an email address.`);
  return email;
}

export function roleOf(raw: string | undefined): ConsoleRole {
  const role = CONSOLE_ROLES.find((r) => r === raw);
  if (!role) throw new AccountError(`The role must be one of ${CONSOLE_ROLES.join(', ')}.`);
  return role;
}

async function checkedHash(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  return hashPassword(password);
}

export async function createAccount(
  repo: AccountRepository,
  rawEmail: string,
  role: ConsoleRole,
  password: string,
): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(rawEmail);
  const passwordHash = await checkedHash(password);
  const id = `acc_${randomBytes(9).toString('base64url')}`;
  if (!(await repo.createAccount({ id, email, role, passwordHash })))
    throw new AccountError(`An account for ${email} exists already.`);
  return { id, email };
}

/** A new password for an account; its sessions end. */
export async function resetPassword(
  repo: AccountRepository,
  rawEmail: string,
  password: string,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const passwordHash = await checkedHash(password);
  if (!(await repo.setPassword(email, passwordHash)))
    throw new AccountError(`There is no account for ${email}.`);
}
