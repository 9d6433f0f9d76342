/**
 * The admin repository on SQLite (../admin.ts): its store writes and the console's store table;
 * the rest is shared (../admin-records.ts).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { StoreRecord } from '../types.js';
import { ifMatchAllows, type AdminRepository, type AdminStore, type AdminWrite } from '../admin.js';
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
import { UPSERT_STORE, storeParams } from './store-sql.js';
import { MARK_WRITTEN } from '../dataset.js';
import { SqlAdminRecords } from '../admin-records.js';
import type { QueryRunner } from '../query/runner.js';

const STORE_COLUMNS = 'store_id AS storeId, country, doc, hash, source';

export class SqliteAdminRepository extends SqlAdminRecords implements AdminRepository {
  constructor(
    sql: QueryRunner,
    private readonly db: BetterSqlite3.Database,
    /** Called after a store write: the connection's search index is stale; the change is announced. */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {
    super(sql);
  }

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
}
