/**
 * Stores → an import file (CSV with the documented columns): the inverse of the import's row
 * mapping, used to turn generated data into import files (benchmark, tests). Cells that
 * look like formulas are neutralised (../../csv-cell.ts).
 */
import { specialDatesText, weeklyHoursText } from '@locator/core';
import type { Catalogue } from '../../config/schema.js';
import type { StoreRecord } from '../../db/types.js';
import type { StoreDoc } from '../stores/doc.js';
import { csvCell } from '../../csv-cell.js';
import { IMPORT_COLUMNS } from './row.js';

export interface ExportOptions {
  /** Rewrites each store id (e.g. DEMO-… → IMP-…). */
  storeId?: (id: string) => string;
  /** Rewrites each title (e.g. drops " (Demo)"). */
  title?: (title: string) => string;
}

/** Turns stored stores back into import rows (catalogue ids → codes, lists ";"-joined). */
export function rowMaker(
  catalogue: Catalogue,
  options: ExportOptions = {},
): (record: Pick<StoreRecord, 'country' | 'doc'>) => Record<string, string> {
  const codes = (list: readonly { _id: string; code: string }[]) => {
    const byId = new Map(list.map((x) => [x._id, x.code]));
    return (ids: readonly string[]) => ids.map((id) => byId.get(id) ?? id).join(';');
  };
  const products = codes(catalogue.products);
  const badges = codes(catalogue.badges.map((b) => ({ _id: b.id, code: b.code })));
  const repairTypes = codes(catalogue.repairTypes);
  const vas = codes(catalogue.vas);
  const specialties = codes(catalogue.solutionsSpeciality);
  return (r) => {
    const d = JSON.parse(r.doc) as StoreDoc;
    return {
      storeId: options.storeId ? options.storeId(d.storeId) : d.storeId,
      title: options.title ? options.title(d.title) : d.title,
      country: r.country,
      street1: d.street1,
      street2: d.street2,
      city: d.city,
      state: d.state,
      postalCode: d.postalCode,
      phone: d.phone,
      latitude: String(d.latitude),
      longitude: String(d.longitude),
      storeWeb: d.storeWeb,
      storeTypes: d.storeTypes.join(';'),
      badges: badges(d.storeBadges),
      salesProducts: products(d.salesProducts),
      serviceProducts: products(d.serviceProducts),
      trainingProducts: products(d.trainingProducts ?? []),
      serviceTypes: repairTypes(d.serviceTypes),
      valueAddedServices: vas(d.valueAddedServices),
      specialties: specialties(d.solutionsSpecialties),
      carriers: d.carriers.join(';'),
      apptSchedulerIndVal: d.apptSchedulerIndVal,
      geoCodeStatus: d.geoCodeStatus,
      hours: d.hours ? weeklyHoursText(d.hours.week) : '',
      specialHours: d.hours ? specialDatesText(d.hours.special) : '',
      timeZone: d.hours?.timeZone ?? '',
    };
  };
}

/** The export's header line: the import columns. */
export const CSV_HEADER = IMPORT_COLUMNS.join(',');

/** One row of rowMaker as a CSV line (without its line break). */
export function csvLine(row: Record<string, string>): string {
  return IMPORT_COLUMNS.map((k) => csvCell(row[k] ?? '')).join(',');
}

/** The CSV text (header line first) importing these stores. */
export function toImportCsv(
  records: readonly StoreRecord[],
  catalogue: Catalogue,
  options: ExportOptions = {},
): string {
  const toRow = rowMaker(catalogue, options);
  const lines = [CSV_HEADER];
  for (const r of records) lines.push(csvLine(toRow(r)));
  return `${lines.join('\n')}\n`;
}
