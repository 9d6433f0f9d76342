/**
 * Reads the stores into the store index's data (./store-index-build.ts): every store with the
 * change counter of the same snapshot (a build, on the builder thread's own connection,
 * ./store-index-worker.ts), or a few stores by id with the counter (a patch,
 * ./store-overlay.ts). A dialect case, each database read the way its driver reads fastest:
 * - SQLite: one read transaction, better-sqlite3's row iterator streamed into the build (both
 *   passes over the rows see the same snapshot);
 * - PostgreSQL: one REPEATABLE READ snapshot read in batches of rows as arrays; a patch in one
 *   statement.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { buildIndexParts, type IndexParts, type IndexRow } from './store-index-build.js';
import type { ChangedRows } from './store-overlay.js';
import type pg from 'pg';

/** The columns of IndexRow. */
const SQLITE_INDEX_COLUMNS = `id, latitude, longitude, country, sales_products, service_products,
  training_products, carriers, drop_off, hash, length(CAST(doc AS BLOB)), store_id`;

export function readSqliteIndex(db: BetterSqlite3.Database): {
  version: string;
  parts: IndexParts;
} {
  const rows = db.prepare(`SELECT ${SQLITE_INDEX_COLUMNS} FROM stores ORDER BY id`).raw();
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
      `SELECT ${SQLITE_INDEX_COLUMNS}, CAST(doc AS BLOB) FROM stores
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

// PostgreSQL

/** Rows read per query while building the index. */
const BUILD_BATCH = 20_000;

/** The columns an index reads, in IndexRow's order with the document in place of its size. */
const PG_INDEX_COLUMNS = `id, latitude, longitude, country, sales_products, service_products,
  training_products, carriers, drop_off, hash, doc, store_id`;

type IndexedRow = [
  id: string,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  trainingProducts: string,
  carriers: string,
  dropOff: boolean,
  hash: string,
  doc: string,
  storeId: string,
];

/** A row read with PG_INDEX_COLUMNS as the index's row and its document's bytes. */
function indexRow(r: IndexedRow): { row: IndexRow; doc: Buffer } {
  const doc = Buffer.from(r[10]);
  return { row: rowOf(r, doc.length), doc };
}

/** The index's row of a row read with PG_INDEX_COLUMNS, its document `docBytes` long. */
function rowOf(r: IndexedRow, docBytes: number): IndexRow {
  return [
    Number(r[0]),
    r[1],
    r[2],
    r[3],
    r[4],
    r[5],
    r[6],
    r[7],
    r[8] ? 1 : 0,
    r[9],
    docBytes,
    r[11],
  ];
}

/** Reads on `client` (connected, no transaction open). Failures are the driver's errors. */
export async function readPgIndex(
  client: pg.ClientBase,
): Promise<{ version: string; parts: IndexParts }> {
  const rows: IndexRow[] = [];
  const docs = new DocumentChunks();
  let version: string;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const v = await client.query<{ v: string }>('SELECT version::text AS v FROM store_version');
    version = v.rows[0]?.v ?? '0';
    let after = '0';
    for (;;) {
      const batch = await client.query<IndexedRow>({
        text: `SELECT ${PG_INDEX_COLUMNS} FROM stores WHERE id > $1::bigint ORDER BY id
          LIMIT ${BUILD_BATCH}`,
        values: [after],
        rowMode: 'array',
      });
      for (const r of batch.rows) rows.push(rowOf(r, docs.append(r[10])));
      if (batch.rows.length < BUILD_BATCH) break;
      after = batch.rows[batch.rows.length - 1]![0];
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return { version, parts: buildIndexParts({ rows, docs: () => docs.views() }) };
}

/** Bytes of one chunk of DocumentChunks: above glibc's largest mmap threshold (32 MiB). */
const CHUNK_BYTES = 64 * 1024 * 1024;

/**
 * A build's documents, written one after another into 64 MiB chunks as they are read. A
 * `Buffer` per document (a million of them at 1,000,000 stores, in 8 KiB pool slabs) left the
 * builder thread's malloc arenas holding ~1.3 GB after the thread ended, resident in every
 * worker (PostgreSQL at 1,000,000 stores: 1,950 MiB a worker, against 620 on SQLite, whose
 * documents stream into the build). Each chunk is a mapping of its own, returned whole when
 * the build drops it.
 */
export class DocumentChunks {
  private readonly chunks: Buffer[] = [];
  /** Each document's end in its chunk; a chunk's first document is where the last ended. */
  private readonly ends: number[] = [];
  /** The number of documents before each chunk. */
  private readonly firsts: number[] = [];
  private chunk = Buffer.allocUnsafe(0);
  private at = 0;

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Writes the document's UTF-8 bytes; their length. */
  append(text: string): number {
    const size = Buffer.byteLength(text);
    if (this.chunks.length === 0 || this.at + size > this.chunk.length) {
      this.chunk = Buffer.allocUnsafe(Math.max(this.chunkBytes, size));
      this.chunks.push(this.chunk);
      this.firsts.push(this.ends.length);
      this.at = 0;
    }
    this.at += this.chunk.write(text, this.at);
    this.ends.push(this.at);
    return size;
  }

  /** Every document in order, as a view of its chunk. */
  *views(): Iterable<Uint8Array> {
    for (let c = 0; c < this.chunks.length; c += 1) {
      const chunk = this.chunks[c]!;
      const last = c + 1 < this.firsts.length ? this.firsts[c + 1]! : this.ends.length;
      let start = 0;
      for (let k = this.firsts[c]!; k < last; k += 1) {
        yield chunk.subarray(start, this.ends[k]!);
        start = this.ends[k]!;
      }
    }
  }
}

/** These stores (those that exist) and the counter, in one statement (one snapshot). */
export async function readPgStores(
  db: pg.Pool | pg.ClientBase,
  storeIds: readonly string[],
): Promise<ChangedRows> {
  // The counter's row joined to the stores: it comes back even when no store is left.
  const { rows } = await db.query<[string, ...Partial<IndexedRow>]>({
    text: `SELECT v.version::text, s.* FROM store_version v
      LEFT JOIN (SELECT ${PG_INDEX_COLUMNS} FROM stores WHERE store_id = ANY($1::text[])) s ON true`,
    values: [storeIds],
    rowMode: 'array',
  });
  const out: ChangedRows = { version: rows[0]?.[0] ?? '0', rows: [], docs: [] };
  for (const [, ...r] of rows) {
    if (r[0] === null || r[0] === undefined) continue;
    const { row, doc } = indexRow(r as IndexedRow);
    out.rows.push(row);
    out.docs.push(doc);
  }
  return out;
}
