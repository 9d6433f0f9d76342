/**
 * The console's accounts and their sessions (both databases: ./sqlite/accounts.ts,
 * ./postgres/accounts.ts). An account is an email (stored lower-case), a role and a password
 * hash (console/passwords.ts); a session is stored under a hash of its token, never the token.
 */

export type ConsoleRole = 'viewer' | 'editor' | 'admin';
export const CONSOLE_ROLES: readonly ConsoleRole[] = ['viewer', 'editor', 'admin'];

export interface ConsoleAccount {
  id: string;
  email: string;
  role: ConsoleRole;
  passwordHash: string;
  createdAt: string;
  disabledAt: string | null;
}

export interface ConsoleSession {
  /** SHA-256 of the session's token, hex. */
  idHash: string;
  accountId: string;
  /** The token every state-changing request must echo (X-CSRF-Token). */
  csrfToken: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds of the last request that used it (renewed at most once a minute). */
  lastSeenAt: number;
  /**
   * A fingerprint of the account's password hash when the session opened: a password changed
   * since ends it, wherever the session is kept.
   */
  credential: string;
}

export interface AccountRepository {
  /** False when an account with that email exists already. */
  createAccount(account: Omit<ConsoleAccount, 'createdAt' | 'disabledAt'>): Promise<boolean>;
  listAccounts(): Promise<ConsoleAccount[]>;
  findAccountByEmail(email: string): Promise<ConsoleAccount | undefined>;
  findAccount(id: string): Promise<ConsoleAccount | undefined>;
  /** False when there is no such active account. Its sessions end with it. */
  disableAccount(email: string): Promise<boolean>;
  /** False when there is no such account. Its sessions end: the old password no longer opens one. */
  setPassword(email: string, passwordHash: string): Promise<boolean>;
  /** False when there is no such account. Its sessions stay (each request reads the role). */
  setRole(email: string, role: ConsoleRole): Promise<boolean>;
  createSession(session: ConsoleSession): Promise<void>;
  findSession(idHash: string): Promise<ConsoleSession | undefined>;
  touchSession(idHash: string, lastSeenAt: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of an account; how many there were. */
  deleteAccountSessions(accountId: string): Promise<number>;
}

/** A console_accounts row as both databases read it (timestamps as text on SQLite). */
export interface AccountDbRow {
  id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: string | Date;
  disabled_at: string | Date | null;
}

export interface SessionDbRow {
  id_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: number | string;
  last_seen_at: number | string;
  credential: string;
}

const isoOf = (v: string | Date): string => (typeof v === 'string' ? v : v.toISOString());

export function toAccount(r: AccountDbRow): ConsoleAccount {
  return {
    id: r.id,
    email: r.email,
    role: r.role as ConsoleRole,
    passwordHash: r.password_hash,
    createdAt: isoOf(r.created_at),
    disabledAt: r.disabled_at === null ? null : isoOf(r.disabled_at),
  };
}

export function toSession(r: SessionDbRow): ConsoleSession {
  return {
    idHash: r.id_hash,
    accountId: r.account_id,
    csrfToken: r.csrf_token,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    credential: r.credential,
  };
}
