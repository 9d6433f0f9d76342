/** The console's accounts and sessions on PostgreSQL (../accounts.ts). */
import type pg from 'pg';
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
import { guarded } from './errors.js';

export class PgAccountRepository implements AccountRepository {
  constructor(private readonly pool: pg.Pool) {}

  async createAccount(a: Omit<ConsoleAccount, 'createdAt' | 'disabledAt'>): Promise<boolean> {
    const { rowCount } = await guarded(() =>
      this.pool.query(
        `INSERT INTO console_accounts (id, email, role, password_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING`,
        [a.id, a.email, a.role, a.passwordHash],
      ),
    );
    return (rowCount ?? 0) > 0;
  }

  async listAccounts(): Promise<ConsoleAccount[]> {
    const { rows } = await guarded(() =>
      this.pool.query<AccountDbRow>('SELECT * FROM console_accounts ORDER BY email'),
    );
    return rows.map(toAccount);
  }

  private async one(where: 'email' | 'id', value: string): Promise<ConsoleAccount | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<AccountDbRow>(`SELECT * FROM console_accounts WHERE ${where} = $1`, [value]),
    );
    return rows[0] && toAccount(rows[0]);
  }

  findAccountByEmail(email: string): Promise<ConsoleAccount | undefined> {
    return this.one('email', email);
  }

  findAccount(id: string): Promise<ConsoleAccount | undefined> {
    return this.one('id', id);
  }

  /** Changes an account and ends its sessions, in one statement. */
  private async endSessionsAfter(update: string, params: unknown[]): Promise<boolean> {
    const { rows } = await guarded(() =>
      this.pool.query<{ id: string }>(
        `WITH changed AS (${update} RETURNING id),
              ended AS (DELETE FROM console_sessions WHERE account_id IN (SELECT id FROM changed))
         SELECT id FROM changed`,
        params,
      ),
    );
    return rows.length > 0;
  }

  disableAccount(email: string): Promise<boolean> {
    return this.endSessionsAfter(
      'UPDATE console_accounts SET disabled_at = now() WHERE email = $1 AND disabled_at IS NULL',
      [email],
    );
  }

  setPassword(email: string, passwordHash: string): Promise<boolean> {
    return this.endSessionsAfter(
      'UPDATE console_accounts SET password_hash = $2 WHERE email = $1',
      [email, passwordHash],
    );
  }

  async setRole(email: string, role: ConsoleRole): Promise<boolean> {
    const res = await guarded(() =>
      this.pool.query('UPDATE console_accounts SET role = $2 WHERE email = $1', [email, role]),
    );
    return (res.rowCount ?? 0) > 0;
  }

  async createSession(s: ConsoleSession): Promise<void> {
    await guarded(() =>
      this.pool.query(
        `INSERT INTO console_sessions
           (id_hash, account_id, csrf_token, created_at, last_seen_at, credential)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [s.idHash, s.accountId, s.csrfToken, s.createdAt, s.lastSeenAt, s.credential],
      ),
    );
  }

  async findSession(idHash: string): Promise<ConsoleSession | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<SessionDbRow>('SELECT * FROM console_sessions WHERE id_hash = $1', [idHash]),
    );
    return rows[0] && toSession(rows[0]);
  }

  async touchSession(idHash: string, lastSeenAt: number): Promise<void> {
    await guarded(() =>
      this.pool.query('UPDATE console_sessions SET last_seen_at = $2 WHERE id_hash = $1', [
        idHash,
        lastSeenAt,
      ]),
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    await guarded(() =>
      this.pool.query('DELETE FROM console_sessions WHERE id_hash = $1', [idHash]),
    );
  }

  async deleteAccountSessions(accountId: string): Promise<number> {
    const { rowCount } = await guarded(() =>
      this.pool.query('DELETE FROM console_sessions WHERE account_id = $1', [accountId]),
    );
    return rowCount ?? 0;
  }
}
