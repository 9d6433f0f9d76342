/**
 * Console sessions (docs/ARCHITECTURE.md "The console"): a random 256-bit token in a cookie,
 * kept server-side under its SHA-256 (in the database, or in Redis with REDIS_URL: every worker
 * and machine knows every session), with a CSRF token of its own. A session ends after
 * CONSOLE_IDLE_MINUTES without a request, CONSOLE_SESSION_HOURS after sign-in whatever happens,
 * at sign-out, and when its account is disabled or its password changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AccountRepository, ConsoleAccount, ConsoleSession } from './account-repository.js';

/** Where sessions are kept: the database's accounts repository, or Redis (redis-sessions.ts). */
export type SessionStore = Pick<
  AccountRepository,
  'createSession' | 'findSession' | 'touchSession' | 'deleteSession' | 'deleteAccountSessions'
>;

export interface SessionTimes {
  /** A session ends after this long without a request (ms). */
  idleMs: number;
  /** A session ends this long after sign-in (ms). */
  absoluteMs: number;
}

/** A session's last use is written at most this often (ms): not one write per request. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** The fingerprint of an account's password hash a session keeps (ConsoleSession.credential). */
const credentialOf = (account: ConsoleAccount): string =>
  createHash('sha256').update(account.passwordHash).digest('base64url').slice(0, 22);

export interface OpenSession {
  account: ConsoleAccount;
  session: ConsoleSession;
}

export class ConsoleSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly accounts: Pick<AccountRepository, 'findAccount'>,
    private readonly times: SessionTimes,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session for a signed-in account: its token (for the cookie) and CSRF token. */
  async open(account: ConsoleAccount): Promise<{ token: string; csrfToken: string }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.store.createSession({
      idHash: hashToken(token),
      accountId: account.id,
      csrfToken,
      createdAt: at,
      lastSeenAt: at,
      credential: credentialOf(account),
    });
    return { token, csrfToken };
  }

  /** The session of a token and its account; undefined (and the session gone) when it ended. */
  async resolve(token: string | undefined): Promise<OpenSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const idHash = hashToken(token);
    const session = await this.store.findSession(idHash);
    if (!session) return undefined;
    const at = this.now();
    const expired =
      at - session.lastSeenAt >= this.times.idleMs ||
      at - session.createdAt >= this.times.absoluteMs;
    const account = expired ? undefined : await this.accounts.findAccount(session.accountId);
    if (!account || account.disabledAt !== null || session.credential !== credentialOf(account)) {
      await this.store.deleteSession(idHash);
      return undefined;
    }
    if (at - session.lastSeenAt >= TOUCH_EVERY_MS) {
      await this.store.touchSession(idHash, at);
      session.lastSeenAt = at;
    }
    return { account, session };
  }

  async close(token: string): Promise<void> {
    await this.store.deleteSession(hashToken(token));
  }

  /** Ends every session of an account (sign-out everywhere). */
  closeAll(accountId: string): Promise<number> {
    return this.store.deleteAccountSessions(accountId);
  }
}
