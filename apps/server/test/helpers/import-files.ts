/** Import files for the import tests: rows as CSV (columns of the first row), and the maps engine. */
import { loadEmbeddedProvider, type EmbeddedProvider } from '@locator/geo';
import type { ConfigService } from '../../src/config/service.js';
import type { Database } from '../../src/db/types.js';
import { importStores, type ImportOptions } from '../../src/modules/imports/run.js';

export type Row = Record<string, string>;

/** A valid GB row near Regent Street, London. */
export function gbRow(storeId: string, extra: Row = {}): Row {
  return {
    storeId,
    title: `Shop ${storeId}`,
    country: 'GB',
    street1: '1 High Street',
    city: 'London',
    latitude: '51.5142',
    longitude: '-0.1420',
    salesProducts: 'phone',
    ...extra,
  };
}

const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csv(rows: readonly Row[], columns = Object.keys(rows[0] ?? {})): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))]
    .map((l) => `${l}\n`)
    .join('');
}

let maps: Promise<EmbeddedProvider> | undefined;
/** The embedded maps engine (built gazetteer), loaded once. */
export const mapsEngine = () => (maps ??= loadEmbeddedProvider({ build: false }));

/** Imports a CSV text with the options (CSV, upsert unless said). */
export function importCsv(
  text: string | Buffer,
  db: Database,
  cfg: ConfigService,
  options: Partial<ImportOptions> = {},
) {
  return importStores(text, db, cfg, { fileName: 'stores.csv', format: 'csv', ...options });
}

/** The store ids a search around central London finds. */
export async function londonIds(db: Database): Promise<string[]> {
  const hits = await db.search.nearest({
    latitude: 51.5142,
    longitude: -0.142,
    radiusKm: 50,
    limit: 100,
    countries: ['GB'],
    channel: 'sales',
    dropOff: 'any',
  });
  return hits.map((h) => (JSON.parse(h.doc) as { storeId: string }).storeId).sort();
}
