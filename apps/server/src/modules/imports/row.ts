/**
 * One import row: its schema (documented columns, README "Import") and its mapping to a store
 * document. Lists are arrays in JSON or ";"-separated in CSV; codes refer to the catalogue.
 */
import { z } from 'zod';
import { GEO_CODE_STATUSES } from '@locator/core/admin-api';
import type { Catalogue } from '../../config/schema.js';
import type { StoreDoc } from '../stores/doc.js';
import { hoursOfRow } from './hours.js';

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max),
  );

const list = z.preprocess(
  (v) => {
    if (v === null || v === undefined || v === '') return [];
    if (typeof v === 'string')
      return v
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean);
    if (Array.isArray(v)) return v.map((x) => (typeof x === 'number' ? String(x) : x));
    return v;
  },
  z.array(z.string().min(1).max(60)),
);

/** A plain decimal number: no hexadecimal ("0x33"), exponent, "Infinity" or thousands separator. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? undefined
        : typeof v === 'string'
          ? DECIMAL.test(v)
            ? Number(v)
            : v
          : v,
    z
      .number({ error: 'must be a decimal number like 51.5142' })
      .min(min, { error: `must be between ${min} and ${max}` })
      .max(max, { error: `must be between ${min} and ${max}` })
      .optional(),
  );

export { FORBIDDEN_CHARACTERS, forbiddenCharacter } from '@locator/core';
export { GEO_CODE_STATUSES } from '@locator/core/admin-api';

export const importRowSchema = z.object({
  storeId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, ".", "_" or "-"'),
  ),
  title: z.string().trim().min(1).max(200),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
  street1: z.string().trim().min(1).max(200),
  street2: text(200),
  city: z.string().trim().min(1).max(100),
  state: text(100),
  postalCode: text(20),
  phone: text(40),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  storeWeb: text(300)
    .refine(
      (v) => v === '' || /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v),
      'must be a web address',
    )
    // "javascript:…", "data:…", "vbscript:…", "mailto:…": only http(s) addresses, with or without
    // the scheme ("www.example.com:8080/x" has a host, not a scheme, before its colon).
    .refine(
      (v) => /^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+-]*:/i.test(v),
      'must be an http or https address',
    ),
  storeTypes: list.pipe(z.array(z.string().regex(/^\d{1,3}$/, 'must be numbers'))),
  badges: list,
  salesProducts: list,
  serviceProducts: list,
  /** Device categories the store trains on; a store with any is a training provider. */
  trainingProducts: list,
  serviceTypes: list,
  valueAddedServices: list,
  specialties: list,
  carriers: list,
  apptSchedulerIndVal: text(10),
  geoCodeStatus: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(GEO_CODE_STATUSES).optional(),
  ),
  hours: text(1000),
  specialHours: z.preprocess(
    (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(';') : v),
    text(20_000),
  ),
  timeZone: text(64),
});

export type ImportRow = z.infer<typeof importRowSchema>;

export const IMPORT_COLUMNS = Object.keys(importRowSchema.shape);

/** Lookup tables of one import: code → id per list, carrier names by lower case per country. */
export class RowMapper {
  private readonly products: Map<string, string>;
  private readonly badges: Map<string, string>;
  private readonly repairTypes: Map<string, string>;
  private readonly vas: Map<string, string>;
  private readonly specialties: Map<string, string>;
  private readonly carriersByCountry = new Map<string, Map<string, string>>();

  constructor(catalogue: Catalogue) {
    const byCode = (list: readonly { code: string; id: string }[]) =>
      new Map(list.map((x) => [x.code, x.id]));
    this.products = byCode(catalogue.products.map((p) => ({ code: p.code, id: p._id })));
    this.badges = byCode(catalogue.badges);
    this.repairTypes = byCode(catalogue.repairTypes.map((r) => ({ code: r.code, id: r._id })));
    this.vas = byCode(catalogue.vas.map((r) => ({ code: r.code, id: r._id })));
    this.specialties = byCode(
      catalogue.solutionsSpeciality.map((r) => ({ code: r.code, id: r._id })),
    );
  }

  /** Maps codes to catalogue ids; returns the problems found (field, reason). */
  toDoc(
    row: ImportRow,
    iso: string,
    carriers: readonly { name: string }[],
  ): { doc?: StoreDoc; problems: { field: string; reason: string; invalid?: boolean }[] } {
    const problems: { field: string; reason: string; invalid?: boolean }[] = [];
    const ids = (field: string, codes: string[], table: Map<string, string>): string[] => {
      const out: string[] = [];
      for (const code of codes) {
        const id = table.get(code);
        if (id === undefined) problems.push({ field, reason: `unknown code "${code}"` });
        else out.push(id);
      }
      return out;
    };
    let known = this.carriersByCountry.get(iso);
    if (!known) {
      known = new Map(carriers.map((c) => [c.name.toLowerCase(), c.name]));
      this.carriersByCountry.set(iso, known);
    }
    const carrierNames: string[] = [];
    for (const c of row.carriers) {
      const hit = known.get(c.toLowerCase());
      if (hit) carrierNames.push(hit);
      else {
        problems.push({
          field: 'carriers',
          reason: `"${c}" is not a carrier of ${row.country.toUpperCase()}`,
        });
      }
    }
    if ((row.latitude === undefined) !== (row.longitude === undefined)) {
      problems.push({
        field: row.latitude === undefined ? 'latitude' : 'longitude',
        reason: 'give both latitude and longitude, or neither',
      });
    }
    const hours = hoursOfRow(row);
    for (const p of hours.problems) problems.push({ ...p, invalid: true });
    const doc: StoreDoc = {
      id: row.storeId,
      storeId: row.storeId,
      title: row.title,
      storeBadges: ids('badges', row.badges, this.badges),
      street1: row.street1,
      street2: row.street2,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      phone: row.phone,
      latitude: row.latitude ?? 0,
      longitude: row.longitude ?? 0,
      geoCodeStatus: row.geoCodeStatus ?? 'BULK_UPLOAD',
      storeWeb: row.storeWeb,
      apptSchedulerIndVal: row.apptSchedulerIndVal,
      storeTypes: row.storeTypes.map(Number),
      salesProducts: ids('salesProducts', row.salesProducts, this.products),
      serviceProducts: ids('serviceProducts', row.serviceProducts, this.products),
      ...(row.trainingProducts.length > 0
        ? { trainingProducts: ids('trainingProducts', row.trainingProducts, this.products) }
        : {}),
      serviceTypes: ids('serviceTypes', row.serviceTypes, this.repairTypes),
      valueAddedServices: ids('valueAddedServices', row.valueAddedServices, this.vas),
      solutionsSpecialties: ids('specialties', row.specialties, this.specialties),
      ...(hours.hours ? { hours: hours.hours } : {}),
      carriers: carrierNames,
      demo: false,
    };
    return problems.length ? { problems } : { doc, problems };
  }
}
