/**
 * Store pages' reads on SQLite (see ../store-pages.ts). The version is the stores' change
 * counter (store_version, bumped by triggers) with the count and time of the imports recorded:
 * the same in every process, changed by every write of a store and every import (which records
 * itself), and read in microseconds (no scan of the stores).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteGuard } from './errors.js';
import type { StoreDirectoryRow, StorePagesRepository, StoredStore } from '../store-pages.js';

type Db = BetterSqlite3.Database;

/** Rows read per step of `directory()`. */
const CHUNK = 2000;

/** Code-unit order of storeIds within a country (the sitemaps list stores in this order). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class SqliteStorePages implements StorePagesRepository {
  private readonly versionStmt: BetterSqlite3.Statement;
  private readonly directoryStmt: BetterSqlite3.Statement;
  private readonly db: Db;
  /** Prepared reads by table and number of storeIds (a page reads at most a few dozen). */
  private readonly byIds = new Map<string, BetterSqlite3.Statement>();
  private readonly lastImportStmt: BetterSqlite3.Statement;

  constructor(db: Db) {
    this.db = db;
    this.versionStmt = db
      .prepare(
        `SELECT (SELECT version FROM store_version) || ':' || (SELECT count(*) FROM imports)
           || ':' || (SELECT coalesce(max(applied_at), '') FROM imports)`,
      )
      .pluck();
    this.directoryStmt = db.prepare(
      `SELECT id, store_id AS storeId, country,
         coalesce(json_extract(doc, '$.title'), '') AS title,
         coalesce(json_extract(doc, '$.street1'), '') AS street,
         coalesce(json_extract(doc, '$.state'), '') AS state,
         coalesce(json_extract(doc, '$.city'), '') AS city,
         coalesce(changed_at, '') AS changedAt
       FROM stores WHERE id > ? ORDER BY id LIMIT ${CHUNK}`,
    );
    this.lastImportStmt = db.prepare('SELECT max(applied_at) FROM imports').pluck();
  }

  async version(): Promise<string> {
    return sqliteGuard(() => this.versionStmt.get() as string);
  }

  /**
   * Read CHUNK rows at a time, yielding to the event loop in between: the connection is
   * synchronous, and one read of 200,000 documents would hold every other request for seconds.
   */
  async directory(): Promise<StoreDirectoryRow[]> {
    const out: StoreDirectoryRow[] = [];
    let after = 0;
    for (;;) {
      const rows = sqliteGuard(
        () => this.directoryStmt.all(after) as (StoreDirectoryRow & { id: number })[],
      );
      for (const r of rows) {
        out.push({
          storeId: r.storeId,
          country: r.country,
          title: String(r.title),
          street: String(r.street),
          state: String(r.state),
          city: String(r.city),
          changedAt: r.changedAt,
        });
      }
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out.sort((a, b) =>
      a.country === b.country ? compare(a.storeId, b.storeId) : compare(a.country, b.country),
    );
  }

  private byIdsStmt(select: string, n: number): BetterSqlite3.Statement {
    const key = `${select}|${n}`;
    let stmt = this.byIds.get(key);
    if (!stmt) {
      stmt = this.db.prepare(`${select} WHERE store_id IN (${Array(n).fill('?').join(',')})`);
      this.byIds.set(key, stmt);
    }
    return stmt;
  }

  async stores(storeIds: readonly string[]): Promise<StoredStore[]> {
    if (storeIds.length === 0) return [];
    const select = 'SELECT store_id AS storeId, country, doc FROM stores';
    return sqliteGuard(
      () => this.byIdsStmt(select, storeIds.length).all(...storeIds) as StoredStore[],
    );
  }

  async removed(storeIds: readonly string[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const select = 'SELECT store_id AS id FROM removed_stores';
    return sqliteGuard(() =>
      (this.byIdsStmt(select, storeIds.length).all(...storeIds) as { id: string }[]).map(
        (r) => r.id,
      ),
    );
  }

  async lastImport(): Promise<string | undefined> {
    return sqliteGuard(() => (this.lastImportStmt.get() as string | null) ?? undefined);
  }
}
