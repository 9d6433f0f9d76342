/**
 * What the store pages read (pages/): a store by the candidate storeIds of its address, the
 * removed stores (tombstones written by triggers, migration 6), every store's directory fields,
 * and a data version that changes whenever the stores do, so that rendered pages and sitemaps are
 * cached by it. One repository for both databases (../../db/query/runner.ts).
 */
import { all, compiledOnce, first, type QueryRunner } from '../../db/query/runner.js';
import { isoText, jsonDocument, jsonText } from '../../db/query/dialect-sql.js';

/** A store's fields the directory and sitemaps need. */
export interface StoreDirectoryRow {
  storeId: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  title: string;
  /** The first address line (tells apart stores of one name in a city). */
  street: string;
  /** Region or state as written in the store's address ("" when it has none). */
  state: string;
  city: string;
  /** The store's last change, "YYYY-MM-DDTHH:MM:SS.sssZ" (kept by the database, migration 8). */
  changedAt: string;
}

/** One store as stored: its country and API document (JSON text, see modules/stores/doc.ts). */
export interface StoredStore {
  storeId: string;
  country: string;
  doc: string;
}

export interface StorePagesRepository {
  /**
   * A token that changes whenever the stores table changes (in any process): cheap, read at
   * most every few milliseconds by the pages' cache.
   */
  version(): Promise<string>;
  /** Every store's directory fields, by country and storeId. */
  directory(): Promise<StoreDirectoryRow[]>;
  /** The stores among these storeIds (any order). */
  stores(storeIds: readonly string[]): Promise<StoredStore[]>;
  /** Those of these storeIds whose store was deleted and not added again (any order). */
  removed(storeIds: readonly string[]): Promise<string[]>;
  /** When the last import file was applied (ISO 8601), or undefined (demo data only). */
  lastImport(): Promise<string | undefined>;
}

/** Rows read per step of `directory()`. */
const CHUNK = 2000;

/** Code-unit order of storeIds within a country (the sitemaps list stores in this order). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class SqlStorePages implements StorePagesRepository {
  private readonly versionQuery;

  constructor(private readonly sql: QueryRunner) {
    this.versionQuery = compiledOnce(
      this.sql.db.selectNoFrom((eb) => [
        eb.selectFrom('store_version').select('version').as('version'),
        eb
          .selectFrom('imports')
          .select((i) => i.fn.countAll().as('n'))
          .as('imports'),
        eb
          .selectFrom('imports')
          .select((i) => i.fn.max('applied_at').as('at'))
          .as('lastImport'),
      ]),
    );
  }

  /**
   * The stores' change counter (store_version, bumped by triggers) with the count and time of
   * the imports recorded: the same in every process, changed by every write of a store and every
   * import (which records itself), and read without a scan of the stores.
   */
  async version(): Promise<string> {
    const row = await this.sql.run(first(this.versionQuery));
    const last = row?.lastImport;
    return `${String(row?.version ?? 0)}:${String(row?.imports ?? 0)}:${last ? isoText(last) : ''}`;
  }

  /**
   * Read CHUNK rows at a time, yielding to the event loop in between: the SQLite connection is
   * synchronous, and one read of 200,000 documents would hold every other request for seconds.
   */
  async directory(): Promise<StoreDirectoryRow[]> {
    const { db, dialect } = this.sql;
    const out: StoreDirectoryRow[] = [];
    let after: number | string = 0;
    for (;;) {
      const page = db
        .selectFrom((q) =>
          q
            .selectFrom('stores')
            .select(['id', 'store_id', 'country', 'changed_at'])
            .select(jsonDocument(dialect, 'doc').as('d'))
            .where('id', '>', after)
            .orderBy('id')
            .limit(CHUNK)
            .as('s'),
        )
        .select(['id', 'store_id', 'country', 'changed_at'])
        .select([
          jsonText('d', 'title').as('title'),
          jsonText('d', 'street1').as('street'),
          jsonText('d', 'state').as('state'),
          jsonText('d', 'city').as('city'),
        ])
        .orderBy('id');
      const rows = await this.sql.run(all(page));
      for (const r of rows) {
        out.push({
          storeId: r.store_id,
          country: r.country,
          title: String(r.title),
          street: String(r.street),
          state: String(r.state),
          city: String(r.city),
          changedAt: r.changed_at === null ? '' : isoText(r.changed_at),
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

  async stores(storeIds: readonly string[]): Promise<StoredStore[]> {
    if (storeIds.length === 0) return [];
    const rows = await this.sql.run(
      all(
        this.sql.db
          .selectFrom('stores')
          .select(['store_id', 'country', 'doc'])
          .where('store_id', 'in', storeIds),
      ),
    );
    return rows.map((r) => ({ storeId: r.store_id, country: r.country, doc: r.doc }));
  }

  async removed(storeIds: readonly string[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const rows = await this.sql.run(
      all(
        this.sql.db
          .selectFrom('removed_stores')
          .select('store_id')
          .where('store_id', 'in', storeIds),
      ),
    );
    return rows.map((r) => r.store_id);
  }

  async lastImport(): Promise<string | undefined> {
    const row = await this.sql.run(
      first(this.sql.db.selectFrom('imports').select((eb) => eb.fn.max('applied_at').as('at'))),
    );
    return row?.at ? isoText(row.at) : undefined;
  }
}
