/**
 * The store form ↔ the admin API's store. The form holds every field as the text a person
 * types; the API reads and writes a store as its columns (`row` of the store answer, StoreInput).
 * The form is checked with the API's own schema (storeInputSchema of @locator/core/admin-api),
 * the one validator, before anything is sent; the server then checks what only it knows
 * (catalogue codes, phone numbers, the country's borders) and answers the same problems.
 */
import { forbiddenCharacter } from '@locator/core';
import { STORE_ID_PATTERN, storeInputSchema } from '@locator/core/admin-api';
import type { StoreProblemCode } from '@locator/core/admin-answers';
import type { HoursValue } from './hours/hours-draft';
import { parseCoordinate } from './location/pin-position';
import { COORDINATE_FIELDS, STORE_FIELDS, type StoreField } from './store-fields';

export type StoreFormValues = Record<StoreField, string>;

/** A field's problem: the API's reason code, said in words by the screen (store.error.*). */
export interface FieldProblem {
  field: StoreField | 'storeId';
  code: StoreProblemCode | 'INVALID_STORE_ID';
}

export const emptyStoreForm = (): StoreFormValues =>
  Object.fromEntries(STORE_FIELDS.map((f) => [f, ''])) as StoreFormValues;

/** The form of a store as the API answers its columns. */
export function formFromRow(row: Readonly<Record<string, string | undefined>>): StoreFormValues {
  const form = emptyStoreForm();
  for (const f of STORE_FIELDS) form[f] = row[f] ?? '';
  return form;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The store's columns as a PUT sends them: trimmed text, empty fields left out (a PUT replaces
 * the whole store: a column left out is none), coordinates as numbers when they read as one.
 */
export function rowFromForm(form: StoreFormValues): Record<string, string | number> {
  const row: Record<string, string | number> = {};
  for (const f of STORE_FIELDS) {
    const value = form[f].trim();
    if (value === '') continue;
    row[f] = COORDINATE_FIELDS.has(f) && DECIMAL.test(value) ? Number(value) : value;
  }
  return row;
}

/** The problems of a form, from the API's schema: one per field, in the screen's order. */
export function storeFormProblems(form: StoreFormValues, storeId?: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (storeId !== undefined && !STORE_ID_PATTERN.test(storeId)) {
    problems.push({ field: 'storeId', code: storeId === '' ? 'REQUIRED' : 'INVALID_STORE_ID' });
  }
  const result = storeInputSchema.safeParse(rowFromForm(form));
  if (result.success) return problems;
  const fields = new Set(result.error.issues.map((i) => String(i.path[0])));
  for (const field of STORE_FIELDS) {
    if (!fields.has(field)) continue;
    const value = form[field].trim();
    const code: StoreProblemCode = forbiddenCharacter(value)
      ? 'FORBIDDEN_CHARACTER'
      : value === ''
        ? 'REQUIRED'
        : COORDINATE_FIELDS.has(field)
          ? 'INVALID_COORDINATE'
          : 'INVALID_VALUE';
    problems.push({ field, code });
  }
  return problems;
}

/** The problems of the server's INVALID_BODY answer, on the screen's fields. */
export function problemsFromAnswer(
  problems: readonly { column: string; code: StoreProblemCode }[],
): FieldProblem[] {
  const known = new Set<string>(STORE_FIELDS);
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const p of problems) {
    // A problem of no field of the form (the whole store) is said at the first field.
    const field = (known.has(p.column) ? p.column : 'title') as StoreField;
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, code: p.code });
  }
  return out;
}

/** The form's opening hours as the schedule editor edits them (its columns, none when empty). */
export function hoursOfForm(form: StoreFormValues): HoursValue {
  const special = form.specialHours
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    hours: form.hours.trim() === '' ? null : form.hours.trim(),
    specialHours: special.length > 0 ? special : null,
    timeZone: form.timeZone.trim() === '' ? null : form.timeZone.trim(),
  };
}

/** The form with the schedule editor's hours in its three columns. */
export function formWithHours(form: StoreFormValues, value: HoursValue): StoreFormValues {
  const special = value.specialHours ?? [];
  return {
    ...form,
    hours: String(value.hours ?? ''),
    specialHours: (typeof special === 'string' ? [special] : special).join('; '),
    timeZone: String(value.timeZone ?? ''),
  };
}

/**
 * The form's position as numbers, none while either coordinate does not read as one within its
 * range (the map cannot show a latitude of 91: the form says what is wrong with it instead).
 */
export function positionOfForm(form: StoreFormValues): { lat: number | null; lon: number | null } {
  const lat = parseCoordinate(form.latitude, 'latitude');
  const lon = parseCoordinate(form.longitude, 'longitude');
  return lat === undefined || lon === undefined ? { lat: null, lon: null } : { lat, lon };
}
