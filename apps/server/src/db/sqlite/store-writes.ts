/**
 * Store writes by content on SQLite (../store-writes.ts): one immediate transaction reads every
 * store's hash, plans, and writes. Other connections see the commit through `PRAGMA
 * data_version`; this connection's store index is dropped through `changed`.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { inSpatialOrder } from '../geo.js';
import { sqliteGuard } from './errors.js';
import { MARK_WRITTEN } from '../dataset.js';
import type { CommittedChange, OutboxRowsFor, WriteCallback } from '../store-changes.js';
import { writeOutbox } from './outbox.js';
import type { StoreRecord } from '../types.js';
import { storeTableColumns } from '../store-table-columns.js';
import {
  committedImport,
  idsToList,
  importEntry,
  listedChanges,
  planChanges,
  type StorePlan,
  type StoreChangeResult,
  type StoreChangeSet,
  type StoredState,
  type StoreWriteRepository,
} from '../store-writes.js';

/** Inserts a store (named parameters of a StoreRecord, dropOff as 0 or 1). */
export const INSERT_STORE = `INSERT INTO stores (store_id, country, latitude, longitude,
    sales_products, service_products, training_products, carriers, drop_off, hash, source, doc,
    changed_at, search_text, name_key, city_key, postcode_key, channels, badges)
  VALUES (@storeId, @country, @latitude, @longitude, @salesProducts, @serviceProducts,
    @trainingProducts, @carriers, @dropOff, @hash, @source, @doc,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), @searchText, @nameKey, @cityKey, @postcodeKey,
    @channels, @badges)`;

/** INSERT_STORE, replacing the store with the same store id. */
export const UPSERT_STORE = `${INSERT_STORE}
  ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
    latitude = excluded.latitude, longitude = excluded.longitude,
    sales_products = excluded.sales_products, service_products = excluded.service_products,
    training_products = excluded.training_products, carriers = excluded.carriers, drop_off = excluded.drop_off, hash = excluded.hash,
    source = excluded.source, doc = excluded.doc, search_text = excluded.search_text,
    name_key = excluded.name_key, city_key = excluded.city_key,
    postcode_key = excluded.postcode_key, channels = excluded.channels, badges = excluded.badges`;

/** The named parameters of INSERT_STORE and UPSERT_STORE for a record. */
export function storeParams(r: StoreRecord): Record<string, unknown> {
  return { ...r, ...storeTableColumns(r), dropOff: r.dropOff ? 1 : 0 };
}

export class SqliteStoreWrites implements StoreWriteRepository {
  private readonly stateStmt: BetterSqlite3.Statement;
  private readonly upsertStmt: BetterSqlite3.Statement;
  private readonly deleteStmt: BetterSqlite3.Statement;
  private readonly docStmt: BetterSqlite3.Statement;
  private readonly beforeStmt: BetterSqlite3.Statement;
  private readonly auditStmt: BetterSqlite3.Statement;
  private readonly versionStmt: BetterSqlite3.Statement;
  private readonly importStmt: BetterSqlite3.Statement;
  private readonly markStmt: BetterSqlite3.Statement;

  constructor(
    private readonly db: BetterSqlite3.Database,
    /** Called after a write: the connection's search index is stale; the change is announced. */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {
    this.stateStmt = db.prepare('SELECT store_id, hash, source FROM stores').raw();
    this.upsertStmt = db.prepare(UPSERT_STORE);
    this.deleteStmt = db.prepare('DELETE FROM stores WHERE store_id = ?');
    this.docStmt = db.prepare('SELECT doc FROM stores WHERE store_id = ?').pluck();
    this.beforeStmt = db.prepare('SELECT country, doc FROM stores WHERE store_id = ?');
    this.auditStmt = db.prepare(
      `INSERT INTO store_audit (at, actor, action, store_id, before_doc, after_doc)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.versionStmt = db.prepare('SELECT version FROM store_version').pluck();
    this.markStmt = db.prepare(MARK_WRITTEN);
    this.importStmt = db.prepare(
      `INSERT INTO imports (file_hash, file_name, rows, applied_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (file_hash) DO UPDATE SET file_name = excluded.file_name,
         rows = excluded.rows, applied_at = excluded.applied_at`,
    );
  }

  async applyChanges(set: StoreChangeSet): Promise<StoreChangeResult> {
    return sqliteGuard(() => {
      let change: CommittedChange | undefined;
      const run = this.db.transaction((): StoreChangeResult => {
        const stored = new Map<string, StoredState>();
        for (const [id, hash, source] of this.stateStmt.iterate() as Iterable<
          [string, string, string]
        >) {
          stored.set(id, { hash, source });
        }
        const plan = planChanges(stored, set);
        const listed = this.list(plan, set.listLimit);
        if (set.dryRun || plan.result.refused)
          return { ...plan.result, written: false, ...(listed ? { listed } : {}) };
        const at = new Date().toISOString();
        const actor = set.actor;
        for (const id of plan.removals) {
          if (actor) this.auditStmt.run(at, actor, 'delete', id, this.docStmt.get(id), null);
          this.deleteStmt.run(id);
        }
        // New stores get row ids in spatial order (see inSpatialOrder).
        for (const r of inSpatialOrder(plan.upserts)) {
          if (actor) {
            const before = (this.docStmt.get(r.storeId) as string | undefined) ?? null;
            const action = before === null ? 'create' : 'replace';
            this.auditStmt.run(at, actor, action, r.storeId, before, r.doc);
          }
          this.upsertStmt.run(storeParams(r));
        }
        const entry = importEntry(set);
        this.importStmt.run(entry.id, entry.fileName, entry.rows, at);
        this.markStmt.run();
        const version = String(this.versionStmt.get() as number);
        change = committedImport(set, plan, version);
        writeOutbox(this.db, this.outboxRows(change));
        return { ...plan.result, written: true, ...(listed ? { listed } : {}) };
      });
      const result = run.immediate();
      if (result.written) this.changed(change);
      return result;
    });
  }

  /** The changes listed (StoreChangeSet.listLimit), read inside the transaction. */
  private list(plan: StorePlan, limit: number | undefined) {
    if (limit === undefined) return undefined;
    const before = new Map<string, { country: string; doc: string }>();
    for (const id of idsToList(plan, limit).read) {
      const row = this.beforeStmt.get(id) as { country: string; doc: string } | undefined;
      if (row) before.set(id, row);
    }
    return listedChanges(plan, limit, before);
  }
}
