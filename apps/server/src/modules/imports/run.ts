/**
 * The import: decode → parse → validate every row (every problem of every row, with line,
 * column, value and reason) → place rows without coordinates → plan the change against the
 * stored stores by content → write it in one transaction, or nothing. Modes: "upsert" adds and
 * changes; "sync" also removes the stores the file lacks, up to a share of them unless allowed.
 * The same content imported again changes nothing, whatever the file it comes in.
 */
import type { ConfigService } from '../../config/service.js';
import type { Database, StoreRecord } from '../../db/types.js';
import type { StoreChangeResult, WriteMode } from '../stores/writes.js';
import { DATASET_DEMO, META_DATASET } from '../../db/dataset.js';
import { toRecord, type StoreDoc } from '../stores/doc.js';
import type { ImportOutcome, RowProblem } from './codes.js';
import { decodeImport, type NamedEncoding } from './decode.js';
import { forEachRowAsync, type ImportFormat } from './parse.js';
import type { CountryCheck, GeocodeHit, Geocoder } from './placement.js';
import { RowMapper } from './row.js';
import { CHANGE_LIST_LIMIT, changeList, type ChangeList } from './change-list.js';
import { validateRow } from './validate.js';

export type { Geocoder } from './placement.js';

/** The share of the stored stores a sync removes without --allow-removal (10 %). */
export const DEFAULT_MAX_REMOVAL_SHARE = 0.1;

export interface ImportOptions {
  fileName: string;
  format: ImportFormat;
  /** Default "upsert". */
  mode?: WriteMode;
  /** Plan and report only. */
  dryRun?: boolean;
  /** A sync refuses to remove more than this share (0–1) of the stores; default 0.1. */
  maxRemovalShare?: number;
  /** A sync may remove any number of stores. */
  allowRemoval?: boolean;
  /** Absent: rows without coordinates are not placed (listed as problems). */
  geocoder?: Geocoder;
  /** Absent: coordinates are not checked against the country's boundaries. */
  countryCheck?: CountryCheck;
  /** The file's encoding when it is not UTF-8 or UTF-16 with a byte-order mark. */
  encoding?: NamedEncoding;
  /** Records every store written or removed in the audit log with this actor (the admin API). */
  actor?: string;
}

/** A row placed from its address. */
export interface GeocodedRow {
  line: number;
  storeId: string;
  address: string;
  quality: string;
  matched: string;
  latitude: number;
  longitude: number;
}

export interface ImportReport {
  outcome: ImportOutcome;
  fileName: string;
  format: ImportFormat;
  mode: WriteMode;
  dryRun: boolean;
  encoding: string;
  /** Rows read (a CSV header is not a row). */
  rows: number;
  /** Rows with at least one problem. */
  invalid: number;
  problems: RowProblem[];
  geocoded: number;
  geocodedRows: GeocodedRow[];
  /** What the valid rows change (or would change); absent when the database was not asked. */
  changes?: StoreChangeResult;
  /** The removal threshold applied (share of the stores), Infinity when removal is allowed. */
  maxRemovalShare: number;
  /** The stores created, updated (column by column) and removed; with `changes`. */
  listed?: ChangeList;
}

export async function importStores(
  content: Buffer | string,
  db: Pick<Database, 'meta' | 'storeWrites'>,
  config: ConfigService,
  options: ImportOptions,
): Promise<ImportReport> {
  const mode = options.mode ?? 'upsert';
  const dryRun = options.dryRun ?? false;
  const maxRemovalShare = options.allowRemoval
    ? Infinity
    : (options.maxRemovalShare ?? DEFAULT_MAX_REMOVAL_SHARE);
  const decoded = decodeImport(content, options.encoding);
  const problems: RowProblem[] = decoded.problem ? [decoded.problem] : [];
  const report: ImportReport = {
    outcome: 'INVALID_ROWS',
    fileName: options.fileName,
    format: options.format,
    mode,
    dryRun,
    encoding: decoded.encoding,
    rows: 0,
    invalid: 0,
    problems,
    geocoded: 0,
    geocodedRows: [],
    maxRemovalShare,
  };
  if (decoded.problem) return report;

  const dropOffId = config.catalogue.repairTypes.find((r) => r.code === 'rt2')?._id ?? '';
  const context = {
    config,
    mapper: new RowMapper(config.catalogue),
    seen: new Map<string, number>(),
    ...(options.countryCheck ? { countryCheck: options.countryCheck } : {}),
  };
  const invalidLines = new Set<number>();
  const records: StoreRecord[] = [];
  const pending: { doc: StoreDoc; iso: string; line: number }[] = [];
  // Read with pauses for other work: a server's requests are answered while a large body is read.
  report.rows = await forEachRowAsync(decoded.text, options.format, problems, (row) => {
    const checked = validateRow(row, context);
    if (checked.problems.length > 0) {
      invalidLines.add(row.line);
      problems.push(...checked.problems);
      return;
    }
    const { doc, iso } = checked;
    if (!checked.placed) pending.push({ doc: doc!, iso: iso!, line: row.line });
    else records.push(toRecord(doc!, iso!, 'import', dropOffId));
  });

  for (const p of pending) {
    const d = p.doc;
    const address = [d.street1, d.postalCode, d.city, d.state].filter(Boolean).join(', ');
    const hit = options.geocoder
      ? await options.geocoder(address, p.iso, {
          street: d.street1,
          postalCode: d.postalCode,
          city: d.city,
          state: d.state,
        })
      : undefined;
    if (!hit) {
      invalidLines.add(p.line);
      problems.push({
        line: p.line,
        field: 'latitude',
        value: address,
        code: 'NOT_PLACED',
        reason: options.geocoder
          ? 'no coordinates, and the address could not be placed'
          : 'no coordinates and no geocoder',
      });
      continue;
    }
    d.latitude = hit.latitude;
    d.longitude = hit.longitude;
    d.geoCodeStatus = 'ADDRESS_INTERPOLATED';
    records.push(toRecord(d, p.iso, 'import', dropOffId));
    report.geocodedRows.push({
      line: p.line,
      storeId: d.storeId,
      address,
      quality: (hit as Partial<GeocodeHit>).quality ?? 'unknown',
      matched: (hit as Partial<GeocodeHit>).matched ?? '',
      latitude: hit.latitude,
      longitude: hit.longitude,
    });
  }
  report.geocoded = report.geocodedRows.length;
  report.invalid = invalidLines.size;
  problems.sort((a, b) => a.line - b.line);

  if (report.rows === 0) {
    if (problems.length === 0) report.outcome = 'EMPTY_FILE';
    return report;
  }
  if (problems.length > 0 && !dryRun) return report;

  const wasDemo = (await db.meta.get(META_DATASET)) === DATASET_DEMO;
  const changes = await db.storeWrites.applyChanges({
    mode,
    records,
    ...(wasDemo ? { replaceSource: 'demo' } : {}),
    maxRemovalShare,
    dryRun: dryRun || problems.length > 0,
    ...(options.actor ? { actor: options.actor } : {}),
    fileName: options.fileName,
    listLimit: CHANGE_LIST_LIMIT,
  });
  const { listed, ...counts } = changes;
  report.changes = counts;
  if (listed) report.listed = changeList(listed, records, context.seen, config.catalogue);
  // A written change marked the data as imported in its own transaction (db/dataset.ts).
  report.outcome =
    problems.length > 0
      ? 'INVALID_ROWS'
      : changes.refused
        ? 'REMOVAL_REFUSED'
        : dryRun
          ? 'DRY_RUN'
          : 'APPLIED';
  return report;
}
