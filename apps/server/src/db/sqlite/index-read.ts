/**
 * Reads the stores of a SQLite database into the store index's data: every store in one read
 * transaction (both passes over the rows see the same snapshot), with that snapshot's change
 * counter (a build); or a few stores by id with the counter (a patch, ../../modules/search/store-overlay.ts).
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  buildIndexParts,
  type IndexParts,
  type IndexRow,
} from '../../modules/search/store-index-build.js';
import type { ChangedRows } from '../../modules/search/store-overlay.js';

/** The columns of IndexRow. */
const INDEX_COLUMNS = `id, latitude, longitude, country, sales_products, service_products,
  training_products, carriers, drop_off, hash, length(CAST(doc AS BLOB)), store_id`;

export function readSqliteIndex(db: BetterSqlite3.Database): {
  version: string;
  parts: IndexParts;
} {
  const rows = db.prepare(`SELECT ${INDEX_COLUMNS} FROM stores ORDER BY id`).raw();
  const docs = db.prepare('SELECT CAST(doc AS BLOB) FROM stores ORDER BY id').pluck();
  const version = db.prepare('SELECT version FROM store_version').pluck();
  return db.transaction(() => ({
    version: String(version.get() as number),
    parts: buildIndexParts({
      rows: rows.iterate() as Iterable<IndexRow>,
      docs: () => docs.iterate() as Iterable<Buffer>,
    }),
  }))();
}

/** These stores (those that exist) and the counter, in one read transaction. */
export function readSqliteStores(
  db: BetterSqlite3.Database,
  storeIds: readonly string[],
): ChangedRows {
  const rows = db
    .prepare(
      `SELECT ${INDEX_COLUMNS}, CAST(doc AS BLOB) FROM stores
       WHERE store_id IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  const version = db.prepare('SELECT version FROM store_version').pluck();
  return db.transaction(() => {
    const out: ChangedRows = { version: String(version.get() as number), rows: [], docs: [] };
    for (const r of rows.all(JSON.stringify(storeIds)) as [...IndexRow, Buffer][]) {
      out.docs.push(r.pop() as Buffer);
      out.rows.push(r as unknown as IndexRow);
    }
    return out;
  })();
}
