/**
 * Store writes by content (./writes.ts), one writer for both databases
 * (../../db/query/runner.ts): one transaction reads every store's hash, plans, and writes. SQLite's
 * transaction holds the write lock from its start; on PostgreSQL the store writers' advisory
 * lock serialises them. Other processes follow through the stores' change counter; this
 * process's store index is dropped at once through `changed`.
 *
 * Dialect cases: the lock, and how store rows are written (./row-sql.ts: a prepared statement
 * per store on SQLite, batches of column arrays on PostgreSQL).
 */
import { inSpatialOrder } from '../search/geo.js';
import { MARK_WRITTEN } from '../../db/dataset.js';
import type { StoreRecord } from '../../db/types.js';
import type { CommittedChange, OutboxRowsFor, WriteCallback } from './changes.js';
import { outboxInserts } from '../../db/outbox.js';
import {
  committedImport,
  idsToList,
  importEntry,
  listedChanges,
  planChanges,
  type StoreChangeResult,
  type StoreChangeSet,
  type StoredState,
  type StoreWriteRepository,
} from './writes.js';
import {
  all,
  changes,
  first,
  rawQuery,
  type QueryRunner,
  type Work,
} from '../../db/query/runner.js';
import type { SqlDialect } from '../../db/query/builder.js';
import {
  BATCH,
  INSERT_STORE,
  INSERT_STORES,
  STORE_WRITE_LOCK,
  UPSERT,
  UPSERT_STORE,
  columnsOf,
  storeParams,
} from './row-sql.js';

/** Store ids per statement that reads or deletes by id. */
const IDS = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The statements writing these stores, new ones getting row ids in this order. */
export function* upsertStores(dialect: SqlDialect, records: readonly StoreRecord[]): Work<void> {
  yield* writeStores(dialect, records, { sqlite: UPSERT_STORE, postgres: UPSERT });
}

/** The statements inserting these stores (none of them stored), row ids in this order. */
export function* insertStores(dialect: SqlDialect, records: readonly StoreRecord[]): Work<void> {
  yield* writeStores(dialect, records, { sqlite: INSERT_STORE, postgres: INSERT_STORES });
}

function* writeStores(
  dialect: SqlDialect,
  records: readonly StoreRecord[],
  sql: Record<SqlDialect, string>,
): Work<void> {
  if (dialect === 'sqlite') {
    for (const r of records) yield* changes(rawQuery(sql.sqlite, [storeParams(r)]));
  } else {
    for (const part of chunks(records, BATCH)) {
      yield* changes(rawQuery(sql.postgres, columnsOf(part)));
    }
  }
}

export class SqlStoreWrites implements StoreWriteRepository {
  constructor(
    private readonly sql: QueryRunner,
    /** Called after a write: this process's store index is stale; the change is announced. */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {}

  async applyChanges(set: StoreChangeSet): Promise<StoreChangeResult> {
    const { db, dialect } = this.sql;
    const outboxRows = this.outboxRows;
    /** Stores' columns by id, read in the transaction. */
    const read = function* (ids: readonly string[]) {
      const out = new Map<string, { country: string; doc: string }>();
      for (const part of chunks(ids, IDS)) {
        const rows = yield* all(
          db
            .selectFrom('stores')
            .select(['store_id', 'country', 'doc'])
            .where('store_id', 'in', part),
        );
        for (const r of rows) out.set(r.store_id, { country: r.country, doc: r.doc });
      }
      return out;
    };
    let change: CommittedChange | undefined;
    const write = function* (): Work<StoreChangeResult> {
      if (dialect === 'postgres') {
        yield* all(rawQuery('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]));
      }
      const stored = new Map<string, StoredState>();
      for (const r of yield* all(db.selectFrom('stores').select(['store_id', 'hash', 'source']))) {
        stored.set(r.store_id, { hash: r.hash, source: r.source });
      }
      const plan = planChanges(stored, set);
      const limit = set.listLimit;
      const listed =
        limit === undefined
          ? undefined
          : listedChanges(plan, limit, yield* read(idsToList(plan, limit).read));
      if (set.dryRun || plan.result.refused) {
        return { ...plan.result, written: false, ...(listed ? { listed } : {}) };
      }
      const at = new Date().toISOString();
      if (set.actor) {
        const before = yield* read([...plan.removals, ...plan.upserts.map((r) => r.storeId)]);
        const entries = [
          ...plan.removals.map((id) => ({
            action: 'delete',
            store_id: id,
            before_doc: before.get(id)?.doc ?? null,
            after_doc: null,
          })),
          ...plan.upserts.map((r) => {
            const doc = before.get(r.storeId)?.doc ?? null;
            return {
              action: doc === null ? 'create' : 'replace',
              store_id: r.storeId,
              before_doc: doc,
              after_doc: r.doc,
            };
          }),
        ];
        for (const part of chunks(entries, IDS)) {
          const values = part.map((e) => ({ ...e, at, actor: set.actor! }));
          yield* changes(db.insertInto('store_audit').values(values));
        }
      }
      for (const part of chunks(plan.removals, IDS)) {
        yield* changes(db.deleteFrom('stores').where('store_id', 'in', part));
      }
      // New stores get row ids (and heap places) in spatial order (see inSpatialOrder).
      yield* upsertStores(dialect, inSpatialOrder(plan.upserts));
      const entry = importEntry(set);
      yield* changes(
        db
          .insertInto('imports')
          .values({
            file_hash: entry.id,
            file_name: entry.fileName,
            rows: entry.rows,
            applied_at: at,
          })
          .onConflict((c) =>
            c.column('file_hash').doUpdateSet((eb) => ({
              file_name: eb.ref('excluded.file_name'),
              rows: eb.ref('excluded.rows'),
              applied_at: eb.ref('excluded.applied_at'),
            })),
          ),
      );
      yield* changes(rawQuery(MARK_WRITTEN));
      const version = yield* first(db.selectFrom('store_version').select('version'));
      change = committedImport(set, plan, String(version?.version ?? 0));
      for (const insert of outboxInserts(db, outboxRows(change), Date.now())) yield insert;
      return { ...plan.result, written: true, ...(listed ? { listed } : {}) };
    };
    const result = await this.sql.transaction(write());
    if (result.written) this.changed(change);
    return result;
  }
}
