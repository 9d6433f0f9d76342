/**
 * One row's checks, all of them (a row's every problem is reported, not the first): forbidden
 * characters, the row schema, the country, a repeated store id, catalogue codes and carriers,
 * the phone and website (normalised as stored), and the coordinates (decimal, not 0,0, inside
 * the country).
 */
import type { ConfigService } from '../../config/service.js';
import type { StoreDoc } from '../stores/doc.js';
import type { ProblemCode, RowProblem } from './codes.js';
import type { RawRow } from './parse.js';
import { normaliseContactFields } from './contact-fields.js';
import type { CountryCheck } from './placement.js';
import { forbiddenCharacter, importRowSchema, type RowMapper } from './row.js';

export interface RowContext {
  config: ConfigService;
  mapper: RowMapper;
  /** store id → line of its first row. */
  seen: Map<string, number>;
  countryCheck?: CountryCheck;
}

export interface CheckedRow {
  problems: RowProblem[];
  doc?: StoreDoc;
  /** ISO code of the row's country. */
  iso?: string;
  /** False when the row has no coordinates (to be geocoded). */
  placed: boolean;
}

function shown(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

const COORDINATE_FIELDS = new Set(['latitude', 'longitude']);

export function validateRow(row: RawRow, ctx: RowContext): CheckedRow {
  const problems: RowProblem[] = [];
  const add = (field: string, code: ProblemCode, reason: string, value?: unknown) => {
    const v = shown(value === undefined ? row.values[field] : value);
    problems.push({
      line: row.line,
      field,
      ...(v !== undefined ? { value: v } : {}),
      code,
      reason,
    });
  };
  const bad = new Set<string>();
  for (const [field, value] of Object.entries(row.values)) {
    const ch = forbiddenCharacter(value);
    if (ch) {
      bad.add(field);
      add(field, 'FORBIDDEN_CHARACTER', `contains the control or bidirectional character ${ch}`);
    }
  }
  const parsed = importRowSchema.safeParse(row.values);
  const storeId = typeof row.values.storeId === 'string' ? row.values.storeId.trim() : undefined;
  if (storeId) {
    const first = ctx.seen.get(storeId);
    if (first !== undefined) add('storeId', 'DUPLICATE_STORE', `duplicate of line ${first}`);
    else ctx.seen.set(storeId, row.line);
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || '(row)';
      const top = String(issue.path[0] ?? '');
      if (bad.has(top)) continue;
      const raw = row.values[top];
      const code: ProblemCode = COORDINATE_FIELDS.has(top)
        ? 'INVALID_COORDINATE'
        : raw === undefined || raw === null || raw === ''
          ? 'REQUIRED'
          : 'INVALID_VALUE';
      add(field, code, raw === undefined || raw === null ? 'required' : issue.message, raw);
    }
    return { problems, placed: false };
  }
  const data = parsed.data;
  if (typeof row.values.storeId === 'number') ctx.seen.set(data.storeId, row.line);
  const target = ctx.config.resolve(data.country);
  if (!target || target.kind !== 'country') {
    add('country', 'UNKNOWN_COUNTRY', `"${data.country}" is not a configured country`);
    return { problems, placed: false };
  }
  const iso = target.country.countryCode;
  const { doc, problems: mapped } = ctx.mapper.toDoc(data, iso, target.country.carriers);
  for (const p of mapped) {
    const code: ProblemCode = COORDINATE_FIELDS.has(p.field)
      ? 'INVALID_COORDINATE'
      : p.invalid
        ? 'INVALID_VALUE'
        : 'UNKNOWN_CODE';
    add(p.field, code, p.reason);
  }
  if (doc) {
    for (const p of normaliseContactFields(doc, iso)) {
      if (!bad.has(p.field)) add(p.field, p.code, p.reason);
    }
  }
  const { latitude, longitude } = data;
  if (latitude !== undefined && longitude !== undefined) {
    if (latitude === 0 && longitude === 0) {
      add(
        'latitude',
        'INVALID_COORDINATE',
        '0,0 is not a store position',
        `${latitude},${longitude}`,
      );
    } else if (ctx.countryCheck && !ctx.countryCheck(latitude, longitude, iso)) {
      add(
        'latitude',
        'OUTSIDE_COUNTRY',
        `${latitude},${longitude} is not in ${iso}`,
        `${latitude},${longitude}`,
      );
    }
  }
  if (problems.length > 0 || !doc) return { problems, placed: false };
  return { problems, doc, iso, placed: latitude !== undefined };
}
