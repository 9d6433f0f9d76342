/**
 * The admin API's records, one repository for both databases (./query/runner.ts): its keys,
 * the stores as it reads them, the audit log and the idempotency keys. The admin API's store
 * writes, and the console's store table, are each database's own still (./sqlite/admin.ts,
 * ./postgres/admin.ts, which extend this class).
 */
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT,
  toKey,
  type AdminRepository,
  type AdminStore,
  type ApiKeyRow,
  type AuditEntry,
  type IdempotentAnswer,
} from './admin.js';
import { all, changes, first, type QueryRunner, type Work } from './query/runner.js';
import { byteOrder, isoText } from './query/dialect-sql.js';

const STORE_COLUMNS = [
  'store_id as storeId',
  'country',
  'doc',
  'hash',
  'source',
] as const satisfies readonly string[];

type Records = Omit<AdminRepository, 'putStore' | 'deleteStore' | 'storeTable'>;

export class SqlAdminRecords implements Records {
  constructor(protected readonly sql: QueryRunner) {}

  async createKey(key: Omit<ApiKeyRow, 'createdAt' | 'revokedAt' | 'lastUsedAt'>): Promise<void> {
    const insert = this.sql.db.insertInto('api_keys').values({
      id: key.id,
      name: key.name,
      secret_hash: key.secretHash,
      scopes: key.scopes.join(','),
      created_at: new Date().toISOString(),
    });
    await this.sql.run(changes(insert));
  }

  async listKeys(): Promise<ApiKeyRow[]> {
    const query = this.sql.db
      .selectFrom('api_keys')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id');
    return (await this.sql.run(all(query))).map(toKey);
  }

  async revokeKey(id: string): Promise<boolean> {
    const update = this.sql.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null);
    return (await this.sql.run(changes(update))) > 0;
  }

  async findKey(id: string): Promise<ApiKeyRow | undefined> {
    const row = await this.sql.run(
      first(this.sql.db.selectFrom('api_keys').selectAll().where('id', '=', id)),
    );
    return row && toKey(row);
  }

  async touchKey(id: string, at: Date, since: Date): Promise<void> {
    const update = this.sql.db
      .updateTable('api_keys')
      .set({ last_used_at: at.toISOString() })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since.toISOString())]),
      );
    await this.sql.run(changes(update));
  }

  async listStores(after: string | undefined, limit: number): Promise<AdminStore[]> {
    const storeId = byteOrder(this.sql.dialect, 'store_id');
    const query = this.sql.db
      .selectFrom('stores')
      .select(STORE_COLUMNS)
      .where(storeId, '>', after ?? '')
      .orderBy(storeId)
      .limit(limit);
    return this.sql.run(all(query));
  }

  getStore(storeId: string): Promise<AdminStore | undefined> {
    return this.sql.run(
      first(this.sql.db.selectFrom('stores').select(STORE_COLUMNS).where('store_id', '=', storeId)),
    );
  }

  async audit(query: { storeId?: string; limit: number }): Promise<AuditEntry[]> {
    let select = this.sql.db
      .selectFrom('store_audit')
      .select([
        'id',
        'at',
        'actor',
        'action',
        'store_id as storeId',
        'before_doc as before',
        'after_doc as after',
      ])
      .orderBy('id', 'desc')
      .limit(query.limit);
    if (query.storeId !== undefined) select = select.where('store_id', '=', query.storeId);
    return (await this.sql.run(all(select))).map((e) => ({
      ...e,
      id: Number(e.id),
      at: isoText(e.at),
      action: e.action as AuditEntry['action'],
    }));
  }

  async claimIdempotent(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    const db = this.sql.db;
    const now = Date.now();
    const claim = function* (): Work<{ answer: IdempotentAnswer | undefined; gone: boolean }> {
      // Answers past their time, and claims in flight past their lease, are forgotten first.
      yield* changes(
        db
          .deleteFrom('admin_idempotency')
          .where((eb) =>
            eb.or([
              eb('created_at', '<=', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()),
              eb.and([
                eb('status', '=', IN_FLIGHT),
                eb('created_at', '<=', new Date(now - IDEMPOTENCY_LEASE_MS).toISOString()),
              ]),
            ]),
          ),
      );
      // Concurrent claims: the primary key lets one insert; the others read its row.
      const claimed = yield* changes(
        db
          .insertInto('admin_idempotency')
          .values({
            key_id: keyId,
            idem_key: idemKey,
            request_hash: requestHash,
            status: IN_FLIGHT,
            created_at: new Date(now).toISOString(),
          })
          .onConflict((c) => c.doNothing()),
      );
      if (claimed > 0) return { answer: undefined, gone: false };
      const answer = yield* first(
        db
          .selectFrom('admin_idempotency')
          .select(['request_hash as requestHash', 'status', 'etag', 'body'])
          .where('key_id', '=', keyId)
          .where('idem_key', '=', idemKey),
      );
      return { answer, gone: answer === undefined };
    };
    // Each statement on its own, as the claim needs no more: the insert is the atomic step.
    const { answer, gone } = await this.sql.run(claim());
    // Gone in between (released by another process's failed first request): this request may
    // claim it.
    return gone ? this.claimIdempotent(keyId, idemKey, requestHash) : answer;
  }

  async saveIdempotent(keyId: string, idemKey: string, a: IdempotentAnswer): Promise<void> {
    const update = this.sql.db
      .updateTable('admin_idempotency')
      .set({ status: a.status, etag: a.etag, body: a.body })
      .where('key_id', '=', keyId)
      .where('idem_key', '=', idemKey)
      .where('request_hash', '=', a.requestHash)
      .where('status', '=', IN_FLIGHT);
    await this.sql.run(changes(update));
  }

  async releaseIdempotent(keyId: string, idemKey: string): Promise<void> {
    const release = this.sql.db
      .deleteFrom('admin_idempotency')
      .where('key_id', '=', keyId)
      .where('idem_key', '=', idemKey)
      .where('status', '=', IN_FLIGHT);
    await this.sql.run(changes(release));
  }
}
