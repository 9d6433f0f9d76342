/**
 * Search-form rules (PRODUCT.md#search-form, #geolocation, #form-state, #validation): fields per locale variant, required and
 * conditional (showOnly) fields, schema errors, form validity, the Search button, carrier
 * options, the search text's sanitising and the statistics rule.
 *
 * Field values are strings. `products` holds the chosen product option's `value` ("iphone",
 * "ipad", "all", …) — the value the carrier rule compares with; `carrier` holds a carrier name
 * or "No-Contract".
 *
 * Decisions where PRODUCT.md is silent:
 * - The "other" variant is the regional catch-all locales (asia, europe, amei, lac), whose
 *   search form offers a country, placed before the location (the place is searched within
 *   the chosen country, so choosing it afterwards would wipe the place); cn_zh is country cn
 *   with language zh.
 * - A field that is not shown is not required. Values are blank when empty after trimming.
 * - The schema error of a required field other than search is "form.error.required".
 * - The carrier field "has options" when the country has at least one carrier of its own (the
 *   prepended "No-Contract" does not count).
 * - The statistics comparison treats the path code "uk" as ISO "GB" (the UK site's country
 *   code is "uk", reverse geocoding answers "GB").
 * - The search text is capped at 200 characters (code points).
 */
import { isMultiCountry } from './catchall.js';
import type { LocationSearchStatistic, SearchRequest } from './types.js';

export type FormFieldName = 'search' | 'country' | 'products' | 'carrier';
export type FormVariant = 'other' | 'cn_zh' | 'default';

export type FormValues = Record<FormFieldName, string>;
export type FormErrors = Partial<Record<FormFieldName, string>>;
export type FormTouched = Partial<Record<FormFieldName, boolean>>;

/** Error of an empty or unknown location (PRODUCT.md#validation). */
export const LOCATION_NOT_FOUND = 'form.location.error.notFound';
/** Schema error of any other empty required field. */
export const FIELD_REQUIRED = 'form.error.required';
/** The carrier option prepended to a country's carriers (PRODUCT.md#search-form). */
export const NO_CONTRACT = 'No-Contract';
/** Product values of the phone and tablet categories (PRODUCT.md#code-lists). */
export const CARRIER_PRODUCT_VALUES: readonly string[] = ['iphone', 'ipad'];
export const SEARCH_TEXT_MAX_LENGTH = 200;

export const EMPTY_FORM_VALUES: Readonly<FormValues> = Object.freeze({
  search: '',
  country: '',
  products: '',
  carrier: '',
});

const FIELDS: Record<FormVariant, Record<'sales' | 'service', readonly FormFieldName[]>> = {
  // The country comes first: it limits the place search and the products offered.
  other: {
    sales: ['country', 'search', 'products'],
    service: ['country', 'search', 'products', 'carrier'],
  },
  cn_zh: { sales: ['search', 'products'], service: ['search', 'products'] },
  default: { sales: ['search', 'products'], service: ['search', 'products', 'carrier'] },
};

/** The form variant of a locale (PRODUCT.md#search-form). */
export function formVariant(country: string, lang: string): FormVariant {
  if (isMultiCountry(country)) return 'other';
  if (country.toLowerCase() === 'cn' && lang.toLowerCase() === 'zh') return 'cn_zh';
  return 'default';
}

/** The fields of the form, in order (PRODUCT.md#search-form table). Unknown channels get the sales fields. */
export function formFields(variant: FormVariant, channel: string): readonly FormFieldName[] {
  return FIELDS[variant][channel === 'service' ? 'service' : 'sales'];
}

function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** True for the phone and tablet product values, case-insensitive (PRODUCT.md#validation). */
export function isCarrierProduct(productValue: string | null | undefined): boolean {
  return CARRIER_PRODUCT_VALUES.includes((productValue ?? '').trim().toLowerCase());
}

export interface FormContext {
  /** The fields of the form (formFields). */
  fields: readonly FormFieldName[];
  /** The chosen country's carriers (without "No-Contract"). */
  carriers: readonly { name: string }[];
}

/** Whether a field of the form is shown (PRODUCT.md#validation showOnly). */
export function isFieldShown(
  field: FormFieldName,
  values: Partial<FormValues>,
  fields: readonly FormFieldName[],
): boolean {
  if (!fields.includes(field)) return false;
  if (field === 'carrier') return isCarrierProduct(values.products);
  if (field === 'products') return !fields.includes('country') || !isBlank(values.country);
  return true;
}

/** Whether a field is required in the current state (PRODUCT.md#validation). */
export function isFieldRequired(
  field: FormFieldName,
  values: Partial<FormValues>,
  ctx: FormContext,
): boolean {
  if (!isFieldShown(field, values, ctx.fields)) return false;
  if (field === 'carrier') return ctx.carriers.length > 0;
  return true;
}

/** Schema errors: every required field that is empty (PRODUCT.md#validation). */
export function schemaErrors(values: Partial<FormValues>, ctx: FormContext): FormErrors {
  const errors: FormErrors = {};
  for (const field of ctx.fields) {
    if (isFieldRequired(field, values, ctx) && isBlank(values[field])) {
      errors[field] = field === 'search' ? LOCATION_NOT_FOUND : FIELD_REQUIRED;
    }
  }
  return errors;
}

/**
 * The required fields still empty, in form order: what a search attempt on an incomplete form
 * names to the visitor (each gets its schema error, focus goes to the first).
 */
export function missingFields(values: Partial<FormValues>, ctx: FormContext): FormFieldName[] {
  const errors = schemaErrors(values, ctx);
  return ctx.fields.filter((field) => errors[field] !== undefined);
}

function hasAny(record: Partial<Record<string, unknown>>): boolean {
  return Object.values(record).some((v) => v !== undefined && v !== false && v !== '');
}

/** Valid: no schema errors, at least one touched field, no field errors (PRODUCT.md#validation). */
export function isFormValid(state: {
  schemaErrors: FormErrors;
  touched: FormTouched;
  errors: FormErrors;
}): boolean {
  return !hasAny(state.schemaErrors) && hasAny(state.touched) && !hasAny(state.errors);
}

/** The Search button is disabled while the form is invalid or while geolocating (PRODUCT.md#validation, #geolocation). */
export function isSearchDisabled(valid: boolean, geolocating: boolean): boolean {
  return !valid || geolocating;
}

/** Carrier options: "No-Contract" first, then the carriers, de-duplicated (PRODUCT.md#search-form). */
export function carrierOptions(carriers: readonly { name: string }[]): { name: string }[] {
  const names = carriers.map((c) => c.name.trim()).filter((n) => n !== '' && n !== NO_CONTRACT);
  return [NO_CONTRACT, ...new Set(names)].map((name) => ({ name }));
}

export interface FormState {
  values: FormValues;
  errors: FormErrors;
  touched: FormTouched;
}

/** Editing a field clears its error and marks it touched (PRODUCT.md#form-state). */
export function editField<S extends FormState>(state: S, field: FormFieldName, value: string): S {
  const { [field]: _cleared, ...errors } = state.errors;
  return {
    ...state,
    values: { ...state.values, [field]: value },
    errors,
    touched: { ...state.touched, [field]: true },
  };
}

/** Changing the country clears search, carrier and products (PRODUCT.md#search-form). */
export function changeCountry(values: FormValues, country: string): FormValues {
  return { ...values, country, search: '', carrier: '', products: '' };
}

const SAFE_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#34': '"',
  nbsp: ' ',
};

/**
 * The search field's default value as plain text (PRODUCT.md#validation): comments, script/style blocks and
 * tags removed, a few harmless entities decoded (&amp; &quot; &apos; &#39; &#34; &nbsp;), any
 * remaining "<" or ">" and control characters removed, whitespace collapsed, length capped.
 * Non-strings give "".
 */
export function sanitiseSearchText(
  input: unknown,
  maxLength: number = SEARCH_TEXT_MAX_LENGTH,
): string {
  if (typeof input !== 'string') return '';
  const text = input
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-z!?][^>]*(?:>|$)/gi, ' ')
    .replace(/&(amp|quot|apos|#39|#34|nbsp);/gi, (_m, name: string) =>
      String(SAFE_ENTITIES[name.toLowerCase()]),
    )
    // eslint-disable-next-line no-control-regex
    .replace(/[<>\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, Math.max(0, maxLength)).join('').trim();
}

function isoCountry(code: string): string {
  const c = code.trim().toLowerCase();
  return c === 'uk' ? 'gb' : c;
}

/** Send the statistic only when the reverse-geocoded country is the searched one (PRODUCT.md#validation). */
export function shouldSendStatistic(
  reverseGeocodedCountry: string | null | undefined,
  searchedCountry: string | null | undefined,
): boolean {
  const found = isoCountry(reverseGeocodedCountry ?? '');
  return found !== '' && found === isoCountry(searchedCountry ?? '');
}

/** The location-search statistic of a search (PRODUCT.md#location-search-statistic, #product-api). */
export function locationSearchStatistic(
  request: Pick<
    SearchRequest,
    'channel' | 'countryCode' | 'latitude' | 'longitude' | 'product' | 'formattedAddress'
  >,
  locale: string,
): LocationSearchStatistic {
  return {
    channel: request.channel,
    country: request.countryCode,
    locale,
    latitude: request.latitude,
    longitude: request.longitude,
    product: request.product,
    searchedLocation: request.formattedAddress,
  };
}
