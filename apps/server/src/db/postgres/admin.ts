/**
 * The admin repository on PostgreSQL (../admin.ts): its store writes and the console's store
 * table; the rest is shared (../admin-records.ts).
 */
import type pg from 'pg';
import type { StoreRecord } from '../types.js';
import { ifMatchAllows, type AdminRepository, type AdminStore, type AdminWrite } from '../admin.js';
import {
  storeWritten,
  type CommittedChange,
  type OutboxRowsFor,
  type StoreChangeKind,
  type WriteCallback,
} from '../store-changes.js';
import { writeOutbox } from './outbox.js';
import { withClient } from './client.js';
import { MARK_WRITTEN } from '../dataset.js';
import { SqlAdminRecords } from '../admin-records.js';
import type { QueryRunner } from '../query/runner.js';
import { STORE_WRITE_LOCK, UPSERT, columnsOf } from './store-sql.js';
import { PgStoreTable } from './store-table.js';
import type { StoreTableFilter, StoreTablePage } from '../store-table.js';

const STORE_COLUMNS = 'store_id AS "storeId", country, doc, hash, source';

/** The change of a write's status, for the change feed (none: nothing was written). */
const KINDS: Partial<Record<AdminWrite['status'], StoreChangeKind>> = {
  created: 'created',
  replaced: 'updated',
  deleted: 'deleted',
};

export class PgAdminRepository extends SqlAdminRecords implements AdminRepository {
  constructor(
    sql: QueryRunner,
    private readonly pool: pg.Pool,
    /**
     * Called after a store write: this process's store index is rebuilt before it answers
     * again; the change is announced.
     */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {
    super(sql);
  }

  private table: PgStoreTable | undefined;

  async storeTable(filter: StoreTableFilter): Promise<StoreTablePage> {
    return (this.table ??= new PgStoreTable(this.pool)).storeTable(filter);
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
}
