/** The admin repository on PostgreSQL (../admin.ts). */
import type pg from 'pg';
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
  type StoreChangeKind,
  type WriteCallback,
} from '../store-changes.js';
import { writeOutbox } from './outbox.js';
import { guarded } from './errors.js';
import { withClient } from './client.js';
import { MARK_WRITTEN } from '../dataset.js';
import { STORE_WRITE_LOCK, UPSERT, columnsOf } from './store-writes.js';
import { PgStoreTable } from './store-table.js';
import type { StoreTableFilter, StoreTablePage } from '../store-table.js';

const STORE_COLUMNS = 'store_id AS "storeId", country, doc, hash, source';

/** The change of a write's status, for the change feed (none: nothing was written). */
const KINDS: Partial<Record<AdminWrite['status'], StoreChangeKind>> = {
  created: 'created',
  replaced: 'updated',
  deleted: 'deleted',
};

export class PgAdminRepository implements AdminRepository {
  constructor(
    private readonly pool: pg.Pool,
    /**
     * Called after a store write: this process's store index is rebuilt before it answers
     * again; the change is announced.
     */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {}

  private table: PgStoreTable | undefined;

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    return (this.table ??= new PgStoreTable(this.pool)).storeTable(filter);
  }

  async createKey(key: Omit<ApiKeyRow, 'createdAt' | 'revokedAt' | 'lastUsedAt'>): Promise<void> {
    await guarded(() =>
      this.pool.query(
        'INSERT INTO api_keys (id, name, secret_hash, scopes) VALUES ($1, $2, $3, $4)',
        [key.id, key.name, key.secretHash, key.scopes.join(',')],
      ),
    );
  }

  async listKeys(): Promise<ApiKeyRow[]> {
    const { rows } = await guarded(() =>
      this.pool.query<KeyDbRow>('SELECT * FROM api_keys ORDER BY created_at, id'),
    );
    return rows.map(toKey);
  }

  async revokeKey(id: string): Promise<boolean> {
    const res = await guarded(() =>
      this.pool.query(
        'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
        [id],
      ),
    );
    return (res.rowCount ?? 0) > 0;
  }

  async findKey(id: string): Promise<ApiKeyRow | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<KeyDbRow>('SELECT * FROM api_keys WHERE id = $1', [id]),
    );
    return rows[0] && toKey(rows[0]);
  }

  async touchKey(id: string, at: Date, since: Date): Promise<void> {
    await guarded(() =>
      this.pool.query(
        `UPDATE api_keys SET last_used_at = $2
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`,
        [id, at, since],
      ),
    );
  }

  async listStores(after: string | undefined, limit: number): Promise<AdminStore[]> {
    const { rows } = await guarded(() =>
      this.pool.query<AdminStore>(
        `SELECT ${STORE_COLUMNS} FROM stores WHERE store_id COLLATE "C" > $1 ORDER BY store_id COLLATE "C"
         LIMIT $2`,
        [after ?? '', limit],
      ),
    );
    return rows;
  }

  async getStore(storeId: string): Promise<AdminStore | undefined> {
    const { rows } = await guarded(() =>
      this.pool.query<AdminStore>(`SELECT ${STORE_COLUMNS} FROM stores WHERE store_id = $1`, [
        storeId,
      ]),
    );
    return rows[0];
  }

  /**
   * One write transaction under the store writers' lock; after a commit that wrote, the change
   * (with the data version read in the transaction) is announced.
   */
  private async write(
    operation: 'put' | 'delete',
    actor: string,
    fn: (client: pg.PoolClient) => Promise<AdminWrite>,
  ): Promise<AdminWrite> {
    return withClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]);
        const out = await fn(client);
        const kind = KINDS[out.status];
        let change: CommittedChange | undefined;
        if (kind) {
          const { rows } = await client.query<{ v: string }>(
            'SELECT version::text AS v FROM store_version',
          );
          const storeId = out.store?.storeId ?? out.storeId ?? '';
          change = storeWritten(operation, actor, rows[0]?.v ?? '0', { storeId, kind });
          await writeOutbox(client, this.outboxRows(change));
          await client.query(MARK_WRITTEN);
        }
        await client.query('COMMIT');
        if (kind) this.changed(change);
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  private async current(client: pg.PoolClient, storeId: string): Promise<AdminStore | undefined> {
    const { rows } = await client.query<AdminStore>(
      `SELECT ${STORE_COLUMNS} FROM stores WHERE store_id = $1 FOR UPDATE`,
      [storeId],
    );
    return rows[0];
  }

  private async log(
    client: pg.PoolClient,
    actor: string,
    action: string,
    storeId: string,
    before?: string,
    after?: string,
  ): Promise<void> {
    await client.query(
      `INSERT INTO store_audit (actor, action, store_id, before_doc, after_doc)
       VALUES ($1, $2, $3, $4, $5)`,
      [actor, action, storeId, before ?? null, after ?? null],
    );
  }

  async putStore(
    record: StoreRecord,
    ifMatch: string | undefined,
    actor: string,
  ): Promise<AdminWrite> {
    return this.write('put', actor, async (client) => {
      const before = await this.current(client, record.storeId);
      if (!ifMatchAllows(ifMatch, before?.hash)) return { status: 'conflict' };
      if (before && before.hash === record.hash && before.source === record.source) {
        return { status: 'unchanged', store: before };
      }
      await client.query(UPSERT, columnsOf([record]));
      await this.log(
        client,
        actor,
        before ? 'replace' : 'create',
        record.storeId,
        before?.doc,
        record.doc,
      );
      return {
        status: before ? 'replaced' : 'created',
        store: (await this.current(client, record.storeId))!,
      };
    });
  }

  async deleteStore(
    storeId: string,
    ifMatch: string | undefined,
    actor: string,
  ): Promise<AdminWrite> {
    return this.write('delete', actor, async (client) => {
      const before = await this.current(client, storeId);
      if (!before) return { status: 'missing' };
      if (!ifMatchAllows(ifMatch, before.hash)) return { status: 'conflict' };
      await client.query('DELETE FROM stores WHERE store_id = $1', [storeId]);
      await this.log(client, actor, 'delete', storeId, before.doc);
      return { status: 'deleted', storeId };
    });
  }

  async audit(query: { storeId?: string; limit: number }): Promise<AuditEntry[]> {
    const { rows } = await guarded(() =>
      this.pool.query<AuditEntry & { at: Date; id: string }>(
        `SELECT id, at, actor, action, store_id AS "storeId", before_doc AS before,
           after_doc AS after FROM store_audit
         WHERE ($1::text IS NULL OR store_id = $1) ORDER BY id DESC LIMIT $2`,
        [query.storeId ?? null, query.limit],
      ),
    );
    return rows.map((e) => ({ ...e, id: Number(e.id), at: e.at.toISOString() }));
  }

  async claimIdempotent(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    return guarded(async () => {
      await this.pool.query(
        `DELETE FROM admin_idempotency
         WHERE created_at <= now() - $1::int * interval '1 millisecond'
           OR (status = $2 AND created_at <= now() - $3::int * interval '1 millisecond')`,
        [IDEMPOTENCY_TTL_MS, IN_FLIGHT, IDEMPOTENCY_LEASE_MS],
      );
      // Concurrent claims: the unique key lets one insert; the others see its row.
      const claimed = await this.pool.query(
        `INSERT INTO admin_idempotency (key_id, idem_key, request_hash, status)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [keyId, idemKey, requestHash, IN_FLIGHT],
      );
      if ((claimed.rowCount ?? 0) > 0) return undefined;
      const { rows } = await this.pool.query<IdempotentAnswer>(
        `SELECT request_hash AS "requestHash", status, etag, body FROM admin_idempotency
         WHERE key_id = $1 AND idem_key = $2`,
        [keyId, idemKey],
      );
      // Gone in between (released by a failed first request): this request may claim it.
      return rows[0] ?? this.claimIdempotent(keyId, idemKey, requestHash);
    });
  }

  async saveIdempotent(keyId: string, idemKey: string, a: IdempotentAnswer): Promise<void> {
    await guarded(() =>
      this.pool.query(
        `UPDATE admin_idempotency SET status = $1, etag = $2, body = $3
         WHERE key_id = $4 AND idem_key = $5 AND request_hash = $6 AND status = $7`,
        [a.status, a.etag, a.body, keyId, idemKey, a.requestHash, IN_FLIGHT],
      ),
    );
  }

  async releaseIdempotent(keyId: string, idemKey: string): Promise<void> {
    await guarded(() =>
      this.pool.query(
        'DELETE FROM admin_idempotency WHERE key_id = $1 AND idem_key = $2 AND status = $3',
        [keyId, idemKey, IN_FLIGHT],
      ),
    );
  }
}
