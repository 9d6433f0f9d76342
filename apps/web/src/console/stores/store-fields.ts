/**
 * The fields of the store screen: every column of the admin API's store (StoreInput in
 * @locator/core/admin-api) but the id, which the path gives, in the order the screen shows them.
 */
import { STORE_COLUMNS } from '@locator/core/admin-api';

/** What the store offers: lists of catalogue codes (and its specialties in words). */
export const OFFER_FIELDS = [
  'storeTypes',
  'badges',
  'salesProducts',
  'serviceProducts',
  'trainingProducts',
  'serviceTypes',
  'valueAddedServices',
  'specialties',
  'carriers',
] as const;

export const STORE_FIELDS = [
  'title',
  'country',
  'street1',
  'street2',
  'city',
  'state',
  'postalCode',
  'phone',
  'storeWeb',
  'latitude',
  'longitude',
  'hours',
  'specialHours',
  'timeZone',
  ...OFFER_FIELDS,
  'apptSchedulerIndVal',
  'geoCodeStatus',
] as const;
export type StoreField = (typeof STORE_FIELDS)[number];

/** Fields whose value is a list, written with ";" between the items. */
export const LIST_FIELDS: ReadonlySet<StoreField> = new Set([...OFFER_FIELDS, 'specialHours']);

/** Fields the store cannot be saved without (StoreInput's required columns). */
export const REQUIRED_FIELDS: ReadonlySet<StoreField> = new Set([
  'title',
  'country',
  'street1',
  'city',
  'latitude',
  'longitude',
]);

/** The coordinates: numbers in the form, checked for their range. */
export const COORDINATE_FIELDS: ReadonlySet<StoreField> = new Set(['latitude', 'longitude']);

/** The screen's fields are the API's columns: a column added there must be added here. */
export function missingStoreFields(columns: readonly string[] = STORE_COLUMNS): string[] {
  const shown = new Set<string>(STORE_FIELDS);
  return columns.filter((c) => c !== 'storeId' && !shown.has(c));
}

/** The field whose input stands for another's in the form (the schedule editor's three columns). */
export const ANCHOR_FIELD: Partial<Record<StoreField, StoreField>> = {
  specialHours: 'hours',
  timeZone: 'hours',
};
