/**
 * One import row: its schema (documented columns, README "Import") and its mapping to a store
 * document. Lists are arrays in JSON or ";"-separated in CSV; codes refer to the catalogue.
 */
import { z } from 'zod';
import type { Catalogue } from '../config/schema.js';
import type { StoreDoc } from '../stores/doc.js';

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

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v,
    z.number().min(min).max(max).optional(),
  );

export const GEO_CODE_STATUSES = [
  'BULK_UPLOAD',
  'DATA_FEED',
  'ADDRESS_PARCEL',
  'ADDRESS_INTERPOLATED',
] as const;

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
  storeWeb: text(300).refine(
    (v) => v === '' || /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v),
    'must be a web address',
  ),
  storeTypes: list.pipe(z.array(z.string().regex(/^\d{1,3}$/, 'must be numbers'))),
  badges: list,
  salesProducts: list,
  serviceProducts: list,
  serviceTypes: list,
  valueAddedServices: list,
  specialties: list,
  carriers: list,
  apptSchedulerIndVal: text(10),
  geoCodeStatus: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(GEO_CODE_STATUSES).optional(),
  ),
});

export type ImportRow = z.infer<typeof importRowSchema>;

export const IMPORT_COLUMNS = Object.keys(importRowSchema.shape);

/** Maps codes to catalogue ids; returns the problems found (field, reason). */
export function toDoc(
  row: ImportRow,
  catalogue: Catalogue,
  carriers: readonly string[],
): { doc?: StoreDoc; problems: { field: string; reason: string }[] } {
  const problems: { field: string; reason: string }[] = [];
  const ids = (field: string, codes: string[], table: { code: string; id: string }[]): string[] =>
    codes.flatMap((code) => {
      const hit = table.find((t) => t.code === code);
      if (!hit) problems.push({ field, reason: `unknown code "${code}"` });
      return hit ? [hit.id] : [];
    });
  const products = catalogue.products.map((p) => ({ code: p.code, id: p._id }));
  const known = new Map(carriers.map((c) => [c.toLowerCase(), c]));
  const carrierNames = row.carriers.flatMap((c) => {
    const hit = known.get(c.toLowerCase());
    if (!hit)
      problems.push({
        field: 'carriers',
        reason: `"${c}" is not a carrier of ${row.country.toUpperCase()}`,
      });
    return hit ? [hit] : [];
  });
  if ((row.latitude === undefined) !== (row.longitude === undefined)) {
    problems.push({
      field: row.latitude === undefined ? 'latitude' : 'longitude',
      reason: 'give both latitude and longitude, or neither',
    });
  }
  const doc: StoreDoc = {
    id: row.storeId,
    storeId: row.storeId,
    title: row.title,
    storeBadges: ids(
      'badges',
      row.badges,
      catalogue.badges.map((b) => ({ code: b.code, id: b.id })),
    ),
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
    salesProducts: ids('salesProducts', row.salesProducts, products),
    serviceProducts: ids('serviceProducts', row.serviceProducts, products),
    serviceTypes: ids(
      'serviceTypes',
      row.serviceTypes,
      catalogue.repairTypes.map((r) => ({ code: r.code, id: r._id })),
    ),
    valueAddedServices: ids(
      'valueAddedServices',
      row.valueAddedServices,
      catalogue.vas.map((r) => ({ code: r.code, id: r._id })),
    ),
    solutionsSpecialties: ids(
      'specialties',
      row.specialties,
      catalogue.solutionsSpeciality.map((r) => ({ code: r.code, id: r._id })),
    ),
    carriers: carrierNames,
    demo: false,
  };
  return problems.length ? { problems } : { doc, problems };
}
