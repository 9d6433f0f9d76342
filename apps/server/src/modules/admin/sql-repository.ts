/**
 * The admin API's storage, one repository for both databases (../../db/query/runner.ts): its keys,
 * the stores as it reads and writes them one at a time (audited, announced on the change feed
 * and in the outbox), the audit log and the idempotency keys. The console's store table is read
 * through it (../stores/table-repository.ts).
 *
 * Dialect cases: the store writers' lock and the row lock on the store written (PostgreSQL;
 * SQLite's transaction holds the write lock), and how a store row is written
 * (../stores/change-writer.ts).
 */
import { MARK_WRITTEN } from '../../db/dataset.js';
import { outboxInserts } from '../../db/outbox.js';
import { upsertStores } from '../stores/change-writer.js';
import { STORE_WRITE_LOCK } from '../stores/row-sql.js';
import {
  storeWritten,
  type CommittedChange,
  type OutboxRowsFor,
  type StoreChangeKind,
  type WriteCallback,
} from '../stores/changes.js';
import type { StoreTableFilter, StoreTablePage, StoreTableRepository } from '../stores/table.js';
import type { StoreRecord } from '../../db/types.js';
import { IdempotencyKeys } from './idempotency-keys.js';
import {
  ifMatchAllows,
  toKey,
  type AdminRepository,
  type AdminStore,
  type AdminWrite,
  type ApiKeyRow,
  type AuditEntry,
  type IdempotentAnswer,
} from './repository.js';
import {
  all,
  changes,
  first,
  rawQuery,
  type QueryRunner,
  type Work,
} from '../../db/query/runner.js';
import { byteOrder, isoText } from '../../db/query/dialect-sql.js';

const STORE_COLUMNS = [
  'store_id as storeId',
  'country',
  'doc',
  'hash',
  'source',
] as const satisfies readonly string[];

/** The change of a write's status, for the change feed (none: nothing was written). */
const KINDS: Partial<Record<AdminWrite['status'], StoreChangeKind>> = {
  created: 'created',
  replaced: 'updated',
  deleted: 'deleted',
};

export class SqlAdminRepository implements AdminRepository {
  constructor(
    private readonly sql: QueryRunner,
    private readonly table: StoreTableRepository,
    /** Called after a store write: this process's store index is stale; the change is announced. */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {
    this.idempotency = new IdempotencyKeys(sql);
  }

  private readonly idempotency: IdempotencyKeys;

  storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    return this.table.storeTable(filter);
  }

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

  claimIdempotent(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    return this.idempotency.claim(keyId, idemKey, requestHash);
  }

  saveIdempotent(keyId: string, idemKey: string, a: IdempotentAnswer): Promise<void> {
    return this.idempotency.save(keyId, idemKey, a);
  }

  releaseIdempotent(keyId: string, idemKey: string): Promise<void> {
    return this.idempotency.release(keyId, idemKey);
  }

  /** The store as stored, locked for the transaction's write on PostgreSQL. */
  private current(storeId: string): Work<AdminStore | undefined> {
    const query = this.sql.db
      .selectFrom('stores')
      .select(STORE_COLUMNS)
      .where('store_id', '=', storeId);
    return first(this.sql.dialect === 'postgres' ? query.forUpdate() : query);
  }

  private log(
    actor: string,
    action: 'create' | 'replace' | 'delete',
    storeId: string,
    before: string | undefined,
    after: string | undefined,
  ): Work<number> {
    return changes(
      this.sql.db.insertInto('store_audit').values({
        at: new Date().toISOString(),
        actor,
        action,
        store_id: storeId,
        before_doc: before ?? null,
        after_doc: after ?? null,
      }),
    );
  }

  /**
   * One write transaction (under the store writers' lock on PostgreSQL); after a commit that
   * wrote, the change (with the data version read in the transaction) is announced.
   */
  private async write(
    operation: 'put' | 'delete',
    actor: string,
    fn: () => Work<AdminWrite>,
  ): Promise<AdminWrite> {
    const { db, dialect } = this.sql;
    const outboxRows = this.outboxRows;
    let change: CommittedChange | undefined;
    const work = function* (): Work<AdminWrite> {
      if (dialect === 'postgres') {
        yield* all(rawQuery('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]));
      }
      const out = yield* fn();
      const kind = KINDS[out.status];
      if (kind) {
        const version = yield* first(db.selectFrom('store_version').select('version'));
        const storeId = out.store?.storeId ?? out.storeId ?? '';
        change = storeWritten(operation, actor, String(version?.version ?? 0), { storeId, kind });
        for (const insert of outboxInserts(db, outboxRows(change), Date.now())) yield insert;
        yield* changes(rawQuery(MARK_WRITTEN));
      }
      return out;
    };
    const out = await this.sql.transaction(work());
    if (change) this.changed(change);
    return out;
  }

  putStore(record: StoreRecord, ifMatch: string | undefined, actor: string): Promise<AdminWrite> {
    const dialect = this.sql.dialect;
    const current = (id: string) => this.current(id);
    const log = this.log.bind(this);
    return this.write('put', actor, function* () {
      const before = yield* current(record.storeId);
      if (!ifMatchAllows(ifMatch, before?.hash)) return { status: 'conflict' };
      if (before && before.hash === record.hash && before.source === record.source) {
        return { status: 'unchanged', store: before };
      }
      yield* upsertStores(dialect, [record]);
      const action = before ? 'replace' : 'create';
      yield* log(actor, action, record.storeId, before?.doc, record.doc);
      const store = (yield* current(record.storeId))!;
      return { status: before ? 'replaced' : 'created', store };
    });
  }

  deleteStore(storeId: string, ifMatch: string | undefined, actor: string): Promise<AdminWrite> {
    const db = this.sql.db;
    const current = (id: string) => this.current(id);
    const log = this.log.bind(this);
    return this.write('delete', actor, function* () {
      const before = yield* current(storeId);
      if (!before) return { status: 'missing' };
      if (!ifMatchAllows(ifMatch, before.hash)) return { status: 'conflict' };
      yield* changes(db.deleteFrom('stores').where('store_id', '=', storeId));
      yield* log(actor, 'delete', storeId, before.doc, undefined);
      return { status: 'deleted', storeId };
    });
  }
}
