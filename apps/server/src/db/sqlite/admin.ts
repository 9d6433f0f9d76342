/** The admin repository on SQLite (../admin.ts). */
import type BetterSqlite3 from 'better-sqlite3';
import type { StoreRecord } from '../types.js';
import {
  ifMatchAllows,
  type AdminRepository,
  type AdminStore,
  type AdminWrite,
  type ApiKeyRow,
  type AuditEntry,
  type IdempotentAnswer,
  type KeyDbRow,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT,
  toKey,
} from '../admin.js';
import {
  storeWritten,
  type CommittedChange,
  type OutboxRowsFor,
  type WriteCallback,
} from '../store-changes.js';
import { writeOutbox } from './outbox.js';
import { sqliteGuard } from './errors.js';
import { SqliteStoreTable } from './store-table.js';
import type { StoreTableFilter, StoreTablePage } from '../store-table.js';
import { UPSERT_STORE, storeParams } from './store-writes.js';
import { MARK_WRITTEN } from '../dataset.js';

const STORE_COLUMNS = 'store_id AS storeId, country, doc, hash, source';

export class SqliteAdminRepository implements AdminRepository {
  constructor(
    private readonly db: BetterSqlite3.Database,
    /** Called after a store write: the connection's search index is stale; the change is announced. */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {}

  /** The change feed's entry of a one-store write, read in its transaction. */
  private committed(
    operation: 'put' | 'delete',
    actor: string,
    storeId: string,
    kind: 'created' | 'updated' | 'deleted',
  ): CommittedChange {
    const version = this.db.prepare('SELECT version FROM store_version').pluck().get() as number;
    const change = storeWritten(operation, actor, String(version), { storeId, kind });
    writeOutbox(this.db, this.outboxRows(change));
    return change;
  }

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    return new SqliteStoreTable(this.db).storeTable(filter);
  }

  async createKey(key: Omit<ApiKeyRow, 'createdAt' | 'revokedAt' | 'lastUsedAt'>): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare(
          'INSERT INTO api_keys (id, name, secret_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(key.id, key.name, key.secretHash, key.scopes.join(','), new Date().toISOString()),
    );
  }

  async listKeys(): Promise<ApiKeyRow[]> {
    return sqliteGuard(() =>
      (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as KeyDbRow[]).map(
        toKey,
      ),
    );
  }

  async revokeKey(id: string): Promise<boolean> {
    return sqliteGuard(
      () =>
        this.db
          .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
          .run(new Date().toISOString(), id).changes > 0,
    );
  }

  async findKey(id: string): Promise<ApiKeyRow | undefined> {
    return sqliteGuard(() => {
      const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as
        KeyDbRow | undefined;
      return row && toKey(row);
    });
  }

  async touchKey(id: string, at: Date, since: Date): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare(
          `UPDATE api_keys SET last_used_at = ?
            WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)`,
        )
        .run(at.toISOString(), id, since.toISOString()),
    );
  }

  async listStores(after: string | undefined, limit: number): Promise<AdminStore[]> {
    return sqliteGuard(
      () =>
        this.db
          .prepare(
            `SELECT ${STORE_COLUMNS} FROM stores WHERE store_id > ? ORDER BY store_id LIMIT ?`,
          )
          .all(after ?? '', limit) as AdminStore[],
    );
  }

  async getStore(storeId: string): Promise<AdminStore | undefined> {
    return sqliteGuard(() => this.get(storeId));
  }

  private get(storeId: string): AdminStore | undefined {
    return this.db
      .prepare(`SELECT ${STORE_COLUMNS} FROM stores WHERE store_id = ?`)
      .get(storeId) as AdminStore | undefined;
  }

  private log(actor: string, action: string, storeId: string, before?: string, after?: string) {
    this.db
      .prepare(
        `INSERT INTO store_audit (at, actor, action, store_id, before_doc, after_doc)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(new Date().toISOString(), actor, action, storeId, before ?? null, after ?? null);
  }

  async putStore(
    record: StoreRecord,
    ifMatch: string | undefined,
    actor: string,
  ): Promise<AdminWrite> {
    let change: CommittedChange | undefined;
    const out = sqliteGuard(() =>
      this.db
        .transaction((): AdminWrite => {
          const before = this.get(record.storeId);
          if (!ifMatchAllows(ifMatch, before?.hash)) return { status: 'conflict' };
          if (before && before.hash === record.hash && before.source === record.source) {
            return { status: 'unchanged', store: before };
          }
          this.db.prepare(UPSERT_STORE).run(storeParams(record));
          this.log(actor, before ? 'replace' : 'create', record.storeId, before?.doc, record.doc);
          this.db.prepare(MARK_WRITTEN).run();
          change = this.committed('put', actor, record.storeId, before ? 'updated' : 'created');
          return { status: before ? 'replaced' : 'created', store: this.get(record.storeId)! };
        })
        .immediate(),
    );
    if (change) this.changed(change);
    return out;
  }

  async deleteStore(
    storeId: string,
    ifMatch: string | undefined,
    actor: string,
  ): Promise<AdminWrite> {
    let change: CommittedChange | undefined;
    const out = sqliteGuard(() =>
      this.db
        .transaction((): AdminWrite => {
          const before = this.get(storeId);
          if (!before) return { status: 'missing' };
          if (!ifMatchAllows(ifMatch, before.hash)) return { status: 'conflict' };
          this.db.prepare('DELETE FROM stores WHERE store_id = ?').run(storeId);
          this.log(actor, 'delete', storeId, before.doc);
          this.db.prepare(MARK_WRITTEN).run();
          change = this.committed('delete', actor, storeId, 'deleted');
          return { status: 'deleted' };
        })
        .immediate(),
    );
    if (change) this.changed(change);
    return out;
  }

  async audit(query: { storeId?: string; limit: number }): Promise<AuditEntry[]> {
    return sqliteGuard(() =>
      (
        this.db
          .prepare(
            `SELECT id, at, actor, action, store_id AS storeId, before_doc AS before,
               after_doc AS after FROM store_audit
             WHERE (? IS NULL OR store_id = ?) ORDER BY id DESC LIMIT ?`,
          )
          .all(query.storeId ?? null, query.storeId ?? null, query.limit) as AuditEntry[]
      ).map((e) => ({ ...e, id: Number(e.id) })),
    );
  }

  async claimIdempotent(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    return sqliteGuard(() =>
      this.db
        .transaction((): IdempotentAnswer | undefined => {
          const now = Date.now();
          this.db
            .prepare(
              `DELETE FROM admin_idempotency WHERE created_at <= ?
                 OR (status = ? AND created_at <= ?)`,
            )
            .run(
              new Date(now - IDEMPOTENCY_TTL_MS).toISOString(),
              IN_FLIGHT,
              new Date(now - IDEMPOTENCY_LEASE_MS).toISOString(),
            );
          const claimed = this.db
            .prepare(
              `INSERT INTO admin_idempotency (key_id, idem_key, request_hash, status, created_at)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
            )
            .run(keyId, idemKey, requestHash, IN_FLIGHT, new Date(now).toISOString());
          if (claimed.changes > 0) return undefined;
          return this.db
            .prepare(
              `SELECT request_hash AS requestHash, status, etag, body FROM admin_idempotency
               WHERE key_id = ? AND idem_key = ?`,
            )
            .get(keyId, idemKey) as IdempotentAnswer;
        })
        .immediate(),
    );
  }

  async saveIdempotent(keyId: string, idemKey: string, a: IdempotentAnswer): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare(
          `UPDATE admin_idempotency SET status = ?, etag = ?, body = ?
           WHERE key_id = ? AND idem_key = ? AND request_hash = ? AND status = ?`,
        )
        .run(a.status, a.etag, a.body, keyId, idemKey, a.requestHash, IN_FLIGHT),
    );
  }

  async releaseIdempotent(keyId: string, idemKey: string): Promise<void> {
    sqliteGuard(() =>
      this.db
        .prepare('DELETE FROM admin_idempotency WHERE key_id = ? AND idem_key = ? AND status = ?')
        .run(keyId, idemKey, IN_FLIGHT),
    );
  }
}
