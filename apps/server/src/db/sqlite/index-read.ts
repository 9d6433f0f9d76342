/**
 * Reads every store of a SQLite database into the store index's data, in one read transaction
 * (both passes over the rows see the same snapshot), with that snapshot's change counter.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { buildIndexParts, type IndexParts, type IndexRow } from '../store-index-build.js';

export function readSqliteIndex(db: BetterSqlite3.Database): {
  version: string;
  parts: IndexParts;
} {
  const rows = db
    .prepare(
      `SELECT id, latitude, longitude, country, sales_products, service_products,
         training_products, carriers, drop_off, hash, length(CAST(doc AS BLOB))
       FROM stores ORDER BY id`,
    )
    .raw();
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
