/** The console's accounts and sessions on SQLite (../accounts.ts). */
import type BetterSqlite3 from 'better-sqlite3';
import {
  toAccount,
  toSession,
  type AccountDbRow,
  type AccountRepository,
  type ConsoleAccount,
  type ConsoleRole,
  type ConsoleSession,
  type SessionDbRow,
} from '../accounts.js';
import { sqliteGuard } from './errors.js';

export class SqliteAccountRepository implements AccountRepository {
  constructor(private readonly db: BetterSqlite3.Database) {}

  async createAccount(a: Omit<ConsoleAccount, 'createdAt' | 'disabledAt'>): Promise<boolean> {
    return sqliteGuard(
      () =>
        this.db
          .prepare(
            `INSERT INTO console_accounts (id, email, role, password_hash, created_at)
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
          )
          .run(a.id, a.email, a.role, a.passwordHash, new Date().toISOString()).changes > 0,
    );
  }

  async listAccounts(): Promise<ConsoleAccount[]> {
    return sqliteGuard(() =>
      (
        this.db.prepare('SELECT * FROM console_accounts ORDER BY email').all() as AccountDbRow[]
      ).map(toAccount),
    );
  }

  private one(where: string, value: string): ConsoleAccount | undefined {
    const row = this.db.prepare(`SELECT * FROM console_accounts WHERE ${where} = ?`).get(value) as
      AccountDbRow | undefined;
    return row && toAccount(row);
  }

  async findAccountByEmail(email: string): Promise<ConsoleAccount | undefined> {
    return sqliteGuard(() => this.one('email', email));
  }

  async findAccount(id: string): Promise<ConsoleAccount | undefined> {
    return sqliteGuard(() => this.one('id', id));
  }

  async disableAccount(email: string): Promise<boolean> {
    return sqliteGuard(() =>
      this.db.transaction(() => {
        const id = this.db
          .prepare(
            `UPDATE console_accounts SET disabled_at = ? WHERE email = ? AND disabled_at IS NULL
             RETURNING id`,
          )
          .pluck()
          .get(new Date().toISOString(), email) as string | undefined;
        if (id === undefined) return false;
        this.db.prepare('DELETE FROM console_sessions WHERE account_id = ?').run(id);
        return true;
      })(),
    );
  }

  async setPassword(email: string, passwordHash: string): Promise<boolean> {
    return sqliteGuard(() =>
      this.db.transaction(() => {
        const id = this.db
          .prepare('UPDATE console_accounts SET password_hash = ? WHERE email = ? RETURNING id')
          .pluck()
          .get(passwordHash, email) as string | undefined;
        if (id === undefined) return false;
        this.db.prepare('DELETE FROM console_sessions WHERE account_id = ?').run(id);
        return true;
      })(),
    );
  }

  async setRole(email: string, role: ConsoleRole): Promise<boolean> {
    return sqliteGuard(
      () =>
        this.db.prepare('UPDATE console_accounts SET role = ? WHERE email = ?').run(role, email)
          .changes > 0,
    );
  }

  async createSession(s: ConsoleSession): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare(
          `INSERT INTO console_sessions
             (id_hash, account_id, csrf_token, created_at, last_seen_at, credential)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(s.idHash, s.accountId, s.csrfToken, s.createdAt, s.lastSeenAt, s.credential),
    );
  }

  async findSession(idHash: string): Promise<ConsoleSession | undefined> {
    return sqliteGuard(() => {
      const row = this.db
        .prepare('SELECT * FROM console_sessions WHERE id_hash = ?')
        .get(idHash) as SessionDbRow | undefined;
      return row && toSession(row);
    });
  }

  async touchSession(idHash: string, lastSeenAt: number): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare('UPDATE console_sessions SET last_seen_at = ? WHERE id_hash = ?')
        .run(lastSeenAt, idHash),
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    sqliteGuard(() =>
      this.db.prepare('DELETE FROM console_sessions WHERE id_hash = ?').run(idHash),
    );
  }

  async deleteAccountSessions(accountId: string): Promise<number> {
    return sqliteGuard(
      () =>
        this.db.prepare('DELETE FROM console_sessions WHERE account_id = ?').run(accountId).changes,
    );
  }
}
