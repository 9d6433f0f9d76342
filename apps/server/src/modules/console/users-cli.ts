/**
 * `npm run admin -- users …`: the console's accounts from the command line.
 * - `users create --email <email> --role admin|editor|viewer`: the password is read from standard
 *   input (one line, never an argument: arguments show in the process list and shell history);
 * - `users list` (single sign-on's accounts, without a password, marked); `users disable <email>`
 *   (its sessions end);
 * - `users reset-password <email>` (a new password from standard input; its sessions end).
 */
import type { AccountRepository } from './account-repository.js';
import { AccountError, createAccount, normaliseEmail, resetPassword, roleOf } from './accounts.js';
import { isPasswordHash } from './passwords.js';

export const USERS_USAGE = `       npm run admin -- users create --email <email> --role admin|editor|viewer
       npm run admin -- users list
       npm run admin -- users disable <email>
       npm run admin -- users reset-password <email>
         (create and reset-password read the password, one line, from standard input)`;

export interface UsersCommand {
  action: string | undefined;
  target: string | undefined;
  email: string | undefined;
  role: string | undefined;
}

/** The first line of a text (the password as typed or piped), without its line ending. */
export function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** Runs a users command; undefined when it is not one (the caller prints the usage). */
export async function runUsers(
  cmd: UsersCommand,
  repo: AccountRepository,
  readPassword: () => Promise<string>,
  out: (line: string) => void,
): Promise<number | undefined> {
  try {
    switch (cmd.action) {
      case 'create': {
        if (!cmd.email || !cmd.role) return undefined;
        const role = roleOf(cmd.role);
        const account = await createAccount(repo, cmd.email, role, await readPassword());
        out(`Account ${account.email} (${role}) created.`);
        return 0;
      }
      case 'list':
        for (const a of await repo.listAccounts())
          out(
            `${a.email}  ${a.role}  created ${a.createdAt}` +
              (isPasswordHash(a.passwordHash) ? '' : '  single sign-on') +
              (a.disabledAt ? `  DISABLED ${a.disabledAt}` : ''),
          );
        return 0;
      case 'disable': {
        if (!cmd.target) return undefined;
        const email = normaliseEmail(cmd.target);
        if (!(await repo.disableAccount(email))) {
          out(`No active account for ${email}.`);
          return 1;
        }
        out(`Account ${email} disabled; its sessions have ended.`);
        return 0;
      }
      case 'reset-password': {
        if (!cmd.target) return undefined;
        await resetPassword(repo, cmd.target, await readPassword());
        out(`Password of ${normaliseEmail(cmd.target)} changed; its sessions have ended.`);
        return 0;
      }
      default:
        return undefined;
    }
  } catch (err) {
    if (!(err instanceof AccountError)) throw err;
    out(err.message);
    return 1;
  }
}
