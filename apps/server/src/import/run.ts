/**
 * The import: parse → validate every row (each problem reported with line, field, reason) →
 * geocode rows without coordinates → apply the whole file in one transaction, or nothing.
 * A file already applied (same content hash) changes nothing, and is not read again; an
 * unchanged row is left alone.
 */
import { hash } from 'node:crypto';
import type { ConfigService } from '../config/service.js';
import type { Database, ApplyResult, StoreRecord } from '../db/types.js';
import { META_DATASET } from '../demo/seed.js';
import { toRecord } from '../stores/doc.js';
import { forEachRow, type ImportFormat, type RowProblem } from './parse.js';
import { importRowSchema, RowMapper } from './row.js';

/** Finds a position for an address; undefined when it cannot. */
export type Geocoder = (
  address: string,
  country: string,
) => Promise<{ latitude: number; longitude: number } | undefined>;

export interface ImportOptions {
  fileName: string;
  format: ImportFormat;
  /** Absent: rows without coordinates are errors. */
  geocoder?: Geocoder;
  dryRun?: boolean;
}

export interface ImportReport {
  rows: number;
  problems: RowProblem[];
  geocoded: number;
  applied?: ApplyResult;
}

export async function importStores(
  content: Buffer | string,
  db: Database,
  config: ConfigService,
  options: ImportOptions,
): Promise<ImportReport> {
  const problems: RowProblem[] = [];
  const text = typeof content === 'string' ? content : content.toString('utf8');
  const fileHash = hash('sha256', text, 'hex');
  if (!options.dryRun) {
    // The same file again changes nothing: answer before reading it.
    const applied = await db.stores.appliedImport(fileHash);
    if (applied !== undefined) {
      return {
        rows: applied,
        problems,
        geocoded: 0,
        applied: {
          inserted: 0,
          updated: 0,
          unchanged: applied,
          alreadyApplied: true,
          removed: 0,
        },
      };
    }
  }
  const dropOffId = config.catalogue.repairTypes.find((r) => r.code === 'rt2')?._id ?? '';
  const mapper = new RowMapper(config.catalogue);
  const seen = new Map<string, number>();
  const records: StoreRecord[] = [];
  const pending: { index: number; address: string; country: string; line: number }[] = [];
  const rows = forEachRow(text, options.format, problems, (row) => {
    const parsed = importRowSchema.safeParse(row.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({
          line: row.line,
          field: issue.path.join('.') || '(row)',
          reason: issue.message,
        });
      }
      return;
    }
    const data = parsed.data;
    const target = config.resolve(data.country);
    if (!target || target.kind !== 'country') {
      problems.push({
        line: row.line,
        field: 'country',
        reason: `"${data.country}" is not configured`,
      });
      return;
    }
    const iso = target.country.countryCode;
    const first = seen.get(data.storeId);
    if (first !== undefined) {
      problems.push({ line: row.line, field: 'storeId', reason: `duplicate of line ${first}` });
      return;
    }
    seen.set(data.storeId, row.line);
    const { doc, problems: rowProblems } = mapper.toDoc(data, iso, target.country.carriers);
    for (const p of rowProblems) problems.push({ line: row.line, ...p });
    if (!doc) return;
    if (data.latitude === undefined) {
      if (!options.geocoder) {
        problems.push({
          line: row.line,
          field: 'latitude',
          reason: 'no coordinates and no geocoder',
        });
        return;
      }
      pending.push({
        index: records.length,
        address: [doc.street1, doc.postalCode, doc.city, doc.state].filter(Boolean).join(', '),
        country: iso,
        line: row.line,
      });
    }
    // Once a problem is known nothing will be written: no need to build records any more.
    if (problems.length === 0) records.push(toRecord(doc, iso, 'import', dropOffId));
  });
  let geocoded = 0;
  for (const p of pending) {
    if (problems.length > 0) break; // the file will not be applied anyway
    const hit = await options.geocoder!(p.address, p.country);
    if (!hit) {
      problems.push({ line: p.line, field: 'latitude', reason: `address not found: ${p.address}` });
      continue;
    }
    const rec = records[p.index]!;
    const doc = JSON.parse(rec.doc) as Parameters<typeof toRecord>[0];
    doc.latitude = hit.latitude;
    doc.longitude = hit.longitude;
    doc.geoCodeStatus = 'ADDRESS_INTERPOLATED';
    records[p.index] = toRecord(doc, rec.country, 'import', dropOffId);
    geocoded += 1;
  }
  const report: ImportReport = { rows, problems, geocoded };
  if (problems.length > 0 || options.dryRun) return report;
  const wasDemo = (await db.meta.get(META_DATASET)) === 'demo';
  report.applied = await db.stores.applyImport(
    records,
    fileHash,
    options.fileName,
    wasDemo ? { removeSource: 'demo' } : {},
  );
  if (!report.applied.alreadyApplied) await db.meta.set(META_DATASET, 'import');
  return report;
}
