/**
 * The console accounts' one repository (modules/console/account-repository.ts) on both databases, and the query
 * runners under it (db/query/runner.ts): a transaction is all or none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { DIALECTS, PG_TEST_URL, openTestDb, type TestDb } from './helpers/databases.js';
import { changes, first, type QueryRunner } from '../src/db/query/runner.js';
import { sqliteQueryRunner } from '../src/db/query/sqlite-runner.js';
import { pgQueryRunner } from '../src/db/query/postgres-runner.js';

const session = (idHash: string, accountId: string, at = 1_700_000_000_000) => ({
  idHash,
  accountId,
  csrfToken: `csrf-${idHash}`,
  createdAt: at,
  lastSeenAt: at,
  credential: 'cred',
});

describe.each(DIALECTS)('console accounts on %s', (dialect) => {
  let t: TestDb;
  let sql: QueryRunner;
  let closeRunner: () => Promise<void>;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    if (dialect === 'sqlite') {
      const conn = new BetterSqlite3(t.file!);
      sql = sqliteQueryRunner(conn);
      closeRunner = async () => void conn.close();
    } else {
      const pool = new pg.Pool({ connectionString: PG_TEST_URL, max: 2 });
      sql = pgQueryRunner(pool);
      closeRunner = () => pool.end();
    }
  }, 60_000);
  afterAll(async () => {
    await closeRunner?.();
    await t?.cleanup();
  });

  it('keeps accounts by email, their roles and passwords, and ends sessions with them', async () => {
    const accounts = t.db.accounts;
    const base = { role: 'editor' as const, passwordHash: 'h1' };
    expect(await accounts.createAccount({ id: 'b', email: 'b@example.com', ...base })).toBe(true);
    expect(await accounts.createAccount({ id: 'a', email: 'a@example.com', ...base })).toBe(true);
    expect(await accounts.createAccount({ id: 'c', email: 'a@example.com', ...base })).toBe(false);
    const listed = await accounts.listAccounts();
    expect(listed.map((a) => a.email)).toEqual(['a@example.com', 'b@example.com']);
    expect(listed[0]).toMatchObject({ id: 'a', role: 'editor', passwordHash: 'h1' });
    expect(listed[0]!.disabledAt).toBeNull();
    expect(Date.parse(listed[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await accounts.findAccount('b'))?.email).toBe('b@example.com');
    expect(await accounts.findAccountByEmail('nobody@example.com')).toBeUndefined();

    await accounts.createSession(session('s1', 'a'));
    await accounts.touchSession('s1', 1_700_000_060_000);
    expect(await accounts.findSession('s1')).toEqual({
      ...session('s1', 'a'),
      lastSeenAt: 1_700_000_060_000,
    });
    expect(await accounts.setRole('a@example.com', 'admin')).toBe(true);
    expect(await accounts.setRole('nobody@example.com', 'admin')).toBe(false);
    expect(await accounts.findSession('s1')).toBeDefined();

    expect(await accounts.setPassword('a@example.com', 'h2')).toBe(true);
    expect(await accounts.findSession('s1')).toBeUndefined();
    expect((await accounts.findAccount('a'))?.passwordHash).toBe('h2');
    expect(await accounts.setPassword('nobody@example.com', 'h2')).toBe(false);

    await accounts.createSession(session('s2', 'a'));
    await accounts.createSession(session('s3', 'b'));
    expect(await accounts.disableAccount('a@example.com')).toBe(true);
    expect(await accounts.disableAccount('a@example.com')).toBe(false);
    expect(await accounts.findSession('s2')).toBeUndefined();
    expect(await accounts.findSession('s3')).toBeDefined();
    expect((await accounts.findAccount('a'))?.disabledAt).not.toBeNull();

    await accounts.createSession(session('s4', 'b'));
    expect(await accounts.deleteAccountSessions('b')).toBe(2);
    await accounts.deleteSession('s1');
  });

  it('runs a transaction all or none', async () => {
    const insert = (id: string) =>
      sql.db.insertInto('console_accounts').values({
        id,
        email: `${id}@example.com`,
        role: 'viewer',
        password_hash: 'h',
        created_at: new Date().toISOString(),
      });
    const find = (id: string) =>
      sql.run(first(sql.db.selectFrom('console_accounts').select('id').where('id', '=', id)));
    // The second statement breaks the primary key: the first is undone with it.
    await expect(
      sql.transaction(
        (function* () {
          yield* changes(insert('tx-1'));
          yield* changes(insert('tx-1'));
        })(),
      ),
    ).rejects.toThrow();
    expect(await find('tx-1')).toBeUndefined();
    expect(
      await sql.transaction(
        (function* () {
          yield* changes(insert('tx-2'));
          return yield* changes(insert('tx-3'));
        })(),
      ),
    ).toBe(1);
    expect(await find('tx-2')).toEqual({ id: 'tx-2' });
    expect(await t.db.accounts.findAccount('tx-3')).toBeDefined();
  });
});
