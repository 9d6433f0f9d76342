/**
 * The console's accounts and their sessions, one repository for both databases
 * (../../db/query/runner.ts). An account is an email (stored lower-case), a role and a password hash
 * (modules/console/passwords.ts); a session is stored under a hash of its token, never the token.
 */
import { all, changes, first, type QueryRunner, type Work } from '../../db/query/runner.js';

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
interface AccountDbRow {
  id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: string | Date;
  disabled_at: string | Date | null;
}

interface SessionDbRow {
  id_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: number | string;
  last_seen_at: number | string;
  credential: string;
}

const isoOf = (v: string | Date): string => (typeof v === 'string' ? v : v.toISOString());

function toAccount(r: AccountDbRow): ConsoleAccount {
  return {
    id: r.id,
    email: r.email,
    role: r.role as ConsoleRole,
    passwordHash: r.password_hash,
    createdAt: isoOf(r.created_at),
    disabledAt: r.disabled_at === null ? null : isoOf(r.disabled_at),
  };
}

function toSession(r: SessionDbRow): ConsoleSession {
  return {
    idHash: r.id_hash,
    accountId: r.account_id,
    csrfToken: r.csrf_token,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    credential: r.credential,
  };
}

export class SqlAccountRepository implements AccountRepository {
  constructor(private readonly sql: QueryRunner) {}

  private get db() {
    return this.sql.db;
  }

  async createAccount(a: Omit<ConsoleAccount, 'createdAt' | 'disabledAt'>): Promise<boolean> {
    const insert = this.db
      .insertInto('console_accounts')
      .values({
        id: a.id,
        email: a.email,
        role: a.role,
        password_hash: a.passwordHash,
        created_at: new Date().toISOString(),
      })
      .onConflict((c) => c.column('email').doNothing());
    return (await this.sql.run(changes(insert))) > 0;
  }

  async listAccounts(): Promise<ConsoleAccount[]> {
    const rows = await this.sql.run(
      all(this.db.selectFrom('console_accounts').selectAll().orderBy('email')),
    );
    return rows.map(toAccount);
  }

  private async one(column: 'email' | 'id', value: string): Promise<ConsoleAccount | undefined> {
    const row = await this.sql.run(
      first(this.db.selectFrom('console_accounts').selectAll().where(column, '=', value)),
    );
    return row && toAccount(row);
  }

  findAccountByEmail(email: string): Promise<ConsoleAccount | undefined> {
    return this.one('email', email);
  }

  findAccount(id: string): Promise<ConsoleAccount | undefined> {
    return this.one('id', id);
  }

  /** Changes an account (`update` returns its id) and ends its sessions, in one transaction. */
  private endSessionsAfter(update: Work<{ id: string } | undefined>): Promise<boolean> {
    const db = this.db;
    return this.sql.transaction(
      (function* () {
        const changed = yield* update;
        if (!changed) return false;
        yield* changes(db.deleteFrom('console_sessions').where('account_id', '=', changed.id));
        return true;
      })(),
    );
  }

  disableAccount(email: string): Promise<boolean> {
    return this.endSessionsAfter(
      first(
        this.db
          .updateTable('console_accounts')
          .set({ disabled_at: new Date().toISOString() })
          .where('email', '=', email)
          .where('disabled_at', 'is', null)
          .returning('id'),
      ),
    );
  }

  setPassword(email: string, passwordHash: string): Promise<boolean> {
    return this.endSessionsAfter(
      first(
        this.db
          .updateTable('console_accounts')
          .set({ password_hash: passwordHash })
          .where('email', '=', email)
          .returning('id'),
      ),
    );
  }

  async setRole(email: string, role: ConsoleRole): Promise<boolean> {
    const update = this.db.updateTable('console_accounts').set({ role }).where('email', '=', email);
    return (await this.sql.run(changes(update))) > 0;
  }

  async createSession(s: ConsoleSession): Promise<void> {
    await this.sql.run(
      changes(
        this.db.insertInto('console_sessions').values({
          id_hash: s.idHash,
          account_id: s.accountId,
          csrf_token: s.csrfToken,
          created_at: s.createdAt,
          last_seen_at: s.lastSeenAt,
          credential: s.credential,
        }),
      ),
    );
  }

  async findSession(idHash: string): Promise<ConsoleSession | undefined> {
    const row = await this.sql.run(
      first(this.db.selectFrom('console_sessions').selectAll().where('id_hash', '=', idHash)),
    );
    return row && toSession(row);
  }

  async touchSession(idHash: string, lastSeenAt: number): Promise<void> {
    await this.sql.run(
      changes(
        this.db
          .updateTable('console_sessions')
          .set({ last_seen_at: lastSeenAt })
          .where('id_hash', '=', idHash),
      ),
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.sql.run(
      changes(this.db.deleteFrom('console_sessions').where('id_hash', '=', idHash)),
    );
  }

  deleteAccountSessions(accountId: string): Promise<number> {
    return this.sql.run(
      changes(this.db.deleteFrom('console_sessions').where('account_id', '=', accountId)),
    );
  }
}
