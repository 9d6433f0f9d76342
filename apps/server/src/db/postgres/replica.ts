/**
 * The in-memory search replica of the PostgreSQL stores table (PG_SEARCH=memory, the default):
 * the same StoreIndex the SQLite search uses (../store-index.ts: positions as unit
 * vectors, filter bits, documents as bytes, in grid order), built from one REPEATABLE READ
 * snapshot of the table, so that a search costs the server ~0.1 ms of CPU and the database
 * nothing, instead of a GiST KNN walk (~1 ms of PostgreSQL CPU per 99-result search, measured in
 * bench:api).
 *
 * Freshness: migration 3 keeps a change counter (`store_version`, bumped by a statement trigger
 * on `stores`, in the writing transaction). A search reads it at most every VERSION_CHECK_MS
 * (one query shared by the searches waiting for it); when it differs from the replica's, the
 * replica is dropped and rebuilt in the background while PostGIS answers, so a search never
 * sees data older than VERSION_CHECK_MS after a commit, the same bound as SQLite's
 * `PRAGMA data_version`. This process's own writes drop the replica at once.
 *
 * Outages: a failed counter read throws DATABASE_UNAVAILABLE (503) like any query; the replica
 * does not answer for a database it cannot reach for longer than VERSION_CHECK_MS.
 */
import type pg from 'pg';
import { StoreIndex, VERSION_CHECK_MS, type IndexRow } from '../store-index.js';
import { guarded } from './errors.js';

/** Rows read per query while building. */
const BUILD_BATCH = 20_000;

type Row = [
  id: string,
  latitude: number,
  longitude: number,
  country: string,
  salesProducts: string,
  serviceProducts: string,
  carriers: string,
  dropOff: boolean,
  hash: string,
  doc: string,
];

export class StoreReplica {
  private index: StoreIndex | undefined;
  private indexVersion: string | undefined;
  /** The counter as last read, and when. */
  private version: string | undefined;
  private checkedAt = 0;
  private checking: Promise<string> | undefined;
  private building: Promise<void> | undefined;
  /** Bumped by drop(): a build that started before it must not install its index. */
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly checkMs = VERSION_CHECK_MS,
  ) {}

  /**
   * The replica when it holds the table's current version; undefined while it is being built
   * (the caller searches PostGIS). Throws DATABASE_UNAVAILABLE when the counter cannot be read.
   */
  async current(): Promise<StoreIndex | undefined> {
    if (this.version === undefined || Date.now() - this.checkedAt >= this.checkMs) {
      this.checking ??= this.readVersion().finally(() => {
        this.checking = undefined;
      });
      this.version = await this.checking;
      this.checkedAt = Date.now();
    }
    // The counter only grows; a replica built from a newer snapshot than the last read is current.
    if (this.index && BigInt(this.indexVersion ?? -1) >= BigInt(this.version)) return this.index;
    if (this.index) this.index = undefined; // stale: PostGIS answers until the rebuild
    this.building ??= this.build()
      .catch(() => undefined) // an outage mid-build: the next search tries again
      .finally(() => {
        this.building = undefined;
      });
    return undefined;
  }

  /** After this process's writes: the replica is rebuilt before it answers again. */
  drop(): void {
    this.index = undefined;
    this.version = undefined;
    this.generation += 1;
  }

  /** Resolves when no build is running (tests). */
  async settled(): Promise<void> {
    await this.building;
  }

  private async readVersion(): Promise<string> {
    const { rows } = await guarded(() =>
      this.pool.query<{ v: string }>('SELECT version::text AS v FROM store_version'),
    );
    return rows[0]?.v ?? '0';
  }

  private async build(): Promise<void> {
    const generation = this.generation;
    const client = await guarded(() => this.pool.connect());
    // A connection lost mid-build fails the query in flight; without a listener its 'error'
    // event would be thrown as an uncaught exception.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    let version: string;
    const rows: IndexRow[] = [];
    const docs: Buffer[] = [];
    try {
      // One snapshot for the counter and every batch.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const v = await client.query<{ v: string }>('SELECT version::text AS v FROM store_version');
      version = v.rows[0]?.v ?? '0';
      let after = '0';
      for (;;) {
        const batch = await client.query<Row>({
          text: `SELECT id, latitude, longitude, country, sales_products, service_products,
              carriers, drop_off, hash, doc
            FROM stores WHERE id > $1::bigint ORDER BY id LIMIT ${BUILD_BATCH}`,
          values: [after],
          rowMode: 'array',
        });
        for (const r of batch.rows) {
          const doc = Buffer.from(r[9]);
          docs.push(doc);
          rows.push([
            Number(r[0]),
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            r[7] ? 1 : 0,
            r[8],
            doc.length,
          ]);
        }
        if (batch.rows.length < BUILD_BATCH) break;
        after = batch.rows[batch.rows.length - 1]![0];
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.off('error', ignore);
      client.release();
    }
    if (generation !== this.generation) return; // this process wrote meanwhile
    this.index = new StoreIndex({ rows, docs: () => docs });
    this.indexVersion = version;
  }
}
