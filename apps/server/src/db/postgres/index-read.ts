/**
 * Reads every store of a PostgreSQL database into the store index's data: the rows and the
 * change counter from one REPEATABLE READ snapshot, in batches.
 */
import type pg from 'pg';
import { buildIndexParts, type IndexParts, type IndexRow } from '../store-index-build.js';

/** Rows read per query while building the index. */
const BUILD_BATCH = 20_000;

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
];

/** Reads on `client` (connected, no transaction open). Failures are the driver's errors. */
export async function readPgIndex(
  client: pg.ClientBase,
): Promise<{ version: string; parts: IndexParts }> {
  const rows: IndexRow[] = [];
  const docs: Buffer[] = [];
  let version: string;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const v = await client.query<{ v: string }>('SELECT version::text AS v FROM store_version');
    version = v.rows[0]?.v ?? '0';
    let after = '0';
    for (;;) {
      const batch = await client.query<IndexedRow>({
        text: `SELECT id, latitude, longitude, country, sales_products, service_products,
            training_products, carriers, drop_off, hash, doc
          FROM stores WHERE id > $1::bigint ORDER BY id LIMIT ${BUILD_BATCH}`,
        values: [after],
        rowMode: 'array',
      });
      for (const r of batch.rows) {
        const doc = Buffer.from(r[10]);
        docs.push(doc);
        rows.push([
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
  }
  return { version, parts: buildIndexParts({ rows, docs: () => docs }) };
}
