/**
 * Store writes by content on PostgreSQL (../store-writes.ts): one transaction, serialised with
 * the other store writers by the same advisory lock, reads every store's hash, plans, and
 * writes in batches. The statement trigger bumps store_version, so every process's store
 * index follows; this process's is rebuilt at once through `changed`.
 */
import type pg from 'pg';
import { inSpatialOrder } from '../geo.js';
import { withClient } from './client.js';
import { MARK_WRITTEN } from '../dataset.js';
import type { StoreRecord } from '../types.js';
import { storeTableColumns } from '../store-table-columns.js';
import type { CommittedChange, OutboxRowsFor, WriteCallback } from '../store-changes.js';
import { writeOutbox } from './outbox.js';
import {
  committedImport,
  idsToList,
  importEntry,
  listedChanges,
  planChanges,
  type ListedChanges,
  type StorePlan,
  type StoreChangeResult,
  type StoreChangeSet,
  type StoredState,
  type StoreWriteRepository,
} from '../store-writes.js';

/** Rows per statement of a batched write. */
export const BATCH = 2000;

/** The lock every store writer takes (as the file import does). */
export const STORE_WRITE_LOCK = 724012;

/** Inserts stores from column arrays (columnsOf), as one statement per batch. */
export const INSERT_STORES = `INSERT INTO stores (store_id, country, latitude, longitude,
    sales_products, service_products, training_products, carriers, drop_off, hash, source, doc,
    search_text, name_key, city_key, postcode_key, channels, badges)
  SELECT s, c, la, lo, sp, vp, tp, ca, d, h,
    so, doc, st, nk, ck, pk, ch, b
  FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[],
    $7::text[], $8::text[], $9::bool[], $10::text[], $11::text[], $12::text[], $13::text[],
    $14::text[], $15::text[], $16::text[], $17::text[], $18::text[])
    AS t(s, c, la, lo, sp, vp, tp, ca, d, h, so, doc, st, nk, ck, pk, ch, b)`;

/** INSERT_STORES, replacing the stores with the same store ids. */
export const UPSERT = `${INSERT_STORES}
  ON CONFLICT (store_id) DO UPDATE SET country = excluded.country,
    latitude = excluded.latitude, longitude = excluded.longitude,
    sales_products = excluded.sales_products, service_products = excluded.service_products,
    training_products = excluded.training_products, carriers = excluded.carriers, drop_off = excluded.drop_off, hash = excluded.hash,
    source = excluded.source, doc = excluded.doc, search_text = excluded.search_text,
    name_key = excluded.name_key, city_key = excluded.city_key,
    postcode_key = excluded.postcode_key, channels = excluded.channels, badges = excluded.badges`;

export function columnsOf(records: readonly StoreRecord[]): unknown[] {
  const table = records.map(storeTableColumns);
  return [
    records.map((r) => r.storeId),
    records.map((r) => r.country),
    records.map((r) => r.latitude),
    records.map((r) => r.longitude),
    records.map((r) => r.salesProducts),
    records.map((r) => r.serviceProducts),
    records.map((r) => r.trainingProducts),
    records.map((r) => r.carriers),
    records.map((r) => r.dropOff),
    records.map((r) => r.hash),
    records.map((r) => r.source),
    records.map((r) => r.doc),
    table.map((t) => t.searchText),
    table.map((t) => t.nameKey),
    table.map((t) => t.cityKey),
    table.map((t) => t.postcodeKey),
    table.map((t) => t.channels),
    table.map((t) => t.badges),
  ];
}

/** Audit entries of a change set, with the documents before (read before the writes). */
async function audit(
  client: pg.PoolClient,
  actor: string,
  upserts: readonly StoreRecord[],
  removals: readonly string[],
): Promise<void> {
  const ids = [...removals, ...upserts.map((r) => r.storeId)];
  const before = new Map<string, string>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const { rows } = await client.query<{ store_id: string; doc: string }>(
      'SELECT store_id, doc FROM stores WHERE store_id = ANY($1::text[])',
      [ids.slice(i, i + BATCH)],
    );
    for (const r of rows) before.set(r.store_id, r.doc);
  }
  const entries = [
    ...removals.map((id) => ['delete', id, before.get(id) ?? null, null] as const),
    ...upserts.map((r) => {
      const b = before.get(r.storeId) ?? null;
      return [b === null ? 'create' : 'replace', r.storeId, b, r.doc] as const;
    }),
  ];
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = entries.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO store_audit (actor, action, store_id, before_doc, after_doc)
       SELECT $1, a, s, b, af FROM unnest($2::text[], $3::text[], $4::text[], $5::text[])
         AS t(a, s, b, af)`,
      [
        actor,
        batch.map((e) => e[0]),
        batch.map((e) => e[1]),
        batch.map((e) => e[2]),
        batch.map((e) => e[3]),
      ],
    );
  }
}

/** The changes listed (StoreChangeSet.listLimit), read inside the transaction. */
async function list(
  client: pg.PoolClient,
  plan: StorePlan,
  limit: number | undefined,
): Promise<ListedChanges | undefined> {
  if (limit === undefined) return undefined;
  const ids = idsToList(plan, limit).read;
  const before = new Map<string, { country: string; doc: string }>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const { rows } = await client.query<{ store_id: string; country: string; doc: string }>(
      'SELECT store_id, country, doc FROM stores WHERE store_id = ANY($1::text[])',
      [ids.slice(i, i + BATCH)],
    );
    for (const r of rows) before.set(r.store_id, { country: r.country, doc: r.doc });
  }
  return listedChanges(plan, limit, before);
}

export class PgStoreWrites implements StoreWriteRepository {
  constructor(
    private readonly pool: pg.Pool,
    /**
     * Called after a write: this process's store index is rebuilt before it answers again; the
     * change is announced.
     */
    private readonly changed: WriteCallback,
    /** The webhook deliveries a change makes, written in its transaction. */
    private readonly outboxRows: OutboxRowsFor = () => [],
  ) {}

  async applyChanges(set: StoreChangeSet): Promise<StoreChangeResult> {
    let result: StoreChangeResult | undefined;
    let change: CommittedChange | undefined;
    try {
      return await withClient(this.pool, async (client) => {
        try {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock($1)', [STORE_WRITE_LOCK]);
          const { rows } = await client.query<{ store_id: string; hash: string; source: string }>(
            'SELECT store_id, hash, source FROM stores',
          );
          const stored = new Map<string, StoredState>();
          for (const r of rows) stored.set(r.store_id, { hash: r.hash, source: r.source });
          const plan = planChanges(stored, set);
          const listed = await list(client, plan, set.listLimit);
          if (set.dryRun || plan.result.refused) {
            await client.query('ROLLBACK');
            return { ...plan.result, written: false, ...(listed ? { listed } : {}) };
          }
          if (set.actor) await audit(client, set.actor, plan.upserts, plan.removals);
          for (let i = 0; i < plan.removals.length; i += BATCH) {
            await client.query('DELETE FROM stores WHERE store_id = ANY($1::text[])', [
              plan.removals.slice(i, i + BATCH),
            ]);
          }
          // New stores get ids (and heap places) in spatial order (see inSpatialOrder).
          const ordered = inSpatialOrder(plan.upserts);
          for (let i = 0; i < ordered.length; i += BATCH) {
            await client.query(UPSERT, columnsOf(ordered.slice(i, i + BATCH)));
          }
          const entry = importEntry(set);
          await client.query(
            `INSERT INTO imports (file_hash, file_name, rows) VALUES ($1, $2, $3)
             ON CONFLICT (file_hash) DO UPDATE SET file_name = excluded.file_name,
               rows = excluded.rows, applied_at = now()`,
            [entry.id, entry.fileName, entry.rows],
          );
          const { rows: version } = await client.query<{ v: string }>(
            'SELECT version::text AS v FROM store_version',
          );
          change = committedImport(set, plan, version[0]?.v ?? '0');
          await writeOutbox(client, this.outboxRows(change));
          await client.query(MARK_WRITTEN);
          await client.query('COMMIT');
          result = { ...plan.result, written: true, ...(listed ? { listed } : {}) };
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    } finally {
      if (result?.written) this.changed(change);
    }
  }
}
