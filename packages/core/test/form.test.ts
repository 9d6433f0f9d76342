import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM_VALUES,
  FIELD_REQUIRED,
  LOCATION_NOT_FOUND,
  carrierOptions,
  changeCountry,
  editField,
  formFields,
  formVariant,
  isCarrierProduct,
  isFieldRequired,
  isFieldShown,
  isFormValid,
  isSearchDisabled,
  locationSearchStatistic,
  missingFields,
  sanitiseSearchText,
  schemaErrors,
  shouldSendStatistic,
} from '../src/form.js';
import type { FormContext, FormValues } from '../src/form.js';

const values = (v: Partial<FormValues>): FormValues => ({ ...EMPTY_FORM_VALUES, ...v });

describe('fields per locale variant (PRODUCT.md#search-form)', () => {
  it('picks the variant', () => {
    expect(formVariant('asia', 'en')).toBe('other');
    expect(formVariant('LAC', 'es')).toBe('other');
    expect(formVariant('cn', 'zh')).toBe('cn_zh');
    expect(formVariant('CN', 'ZH')).toBe('cn_zh');
    expect(formVariant('cn', 'en')).toBe('default');
    expect(formVariant('us', 'en')).toBe('default');
  });

  it.each([
    ['other', 'sales', ['country', 'search', 'products']],
    ['other', 'service', ['country', 'search', 'products', 'carrier']],
    ['cn_zh', 'sales', ['search', 'products']],
    ['cn_zh', 'service', ['search', 'products']],
    ['default', 'sales', ['search', 'products']],
    ['default', 'service', ['search', 'products', 'carrier']],
  ] as const)('%s / %s → %j', (variant, channel, fields) => {
    expect(formFields(variant, channel)).toEqual(fields);
  });
});

describe('showOnly (PRODUCT.md#validation)', () => {
  const other = formFields('other', 'service');
  const dflt = formFields('default', 'service');

  it('shows carrier only after a phone or tablet product is chosen', () => {
    expect(isFieldShown('carrier', values({}), dflt)).toBe(false);
    expect(isFieldShown('carrier', values({ products: 'watch' }), dflt)).toBe(false);
    expect(isFieldShown('carrier', values({ products: 'iphone' }), dflt)).toBe(true);
    expect(isFieldShown('carrier', values({ products: 'IPad' }), dflt)).toBe(true);
    expect(
      isFieldShown('carrier', values({ products: 'iphone' }), formFields('cn_zh', 'service')),
    ).toBe(false);
  });

  it('shows products only after a country is chosen where a country field exists', () => {
    expect(isFieldShown('products', values({}), other)).toBe(false);
    expect(isFieldShown('products', values({ country: 'np' }), other)).toBe(true);
    expect(isFieldShown('products', values({}), dflt)).toBe(true);
  });

  it('always shows search and country when in the form', () => {
    expect(isFieldShown('search', {}, dflt)).toBe(true);
    expect(isFieldShown('country', {}, other)).toBe(true);
    expect(isFieldShown('country', {}, dflt)).toBe(false);
  });

  it('knows the phone and tablet values', () => {
    expect(isCarrierProduct(' iPhone ')).toBe(true);
    expect(isCarrierProduct('ipod')).toBe(false);
    expect(isCarrierProduct(undefined)).toBe(false);
  });
});

describe('required fields and schema errors (PRODUCT.md#validation)', () => {
  const ctx = (
    fields = formFields('default', 'service'),
    carriers = [{ name: 'Jio' }],
  ): FormContext => ({
    fields,
    carriers,
  });

  it('reports the empty location as form.location.error.notFound', () => {
    expect(schemaErrors(values({ products: 'watch' }), ctx()).search).toBe(LOCATION_NOT_FOUND);
    expect(schemaErrors(values({ search: '   ', products: 'watch' }), ctx()).search).toBe(
      LOCATION_NOT_FOUND,
    );
  });

  it('lists the missing fields in form order', () => {
    expect(missingFields(values({ search: 'Mumbai' }), ctx())).toEqual(['products']);
    expect(missingFields(values({}), ctx())).toEqual(['search', 'products']);
    expect(missingFields(values({ search: 'Mumbai', products: 'iphone' }), ctx())).toEqual([
      'carrier',
    ]);
    expect(missingFields(values({ search: 'Mumbai', products: 'watch' }), ctx())).toEqual([]);
  });

  it('requires products when empty', () => {
    expect(schemaErrors(values({ search: 'Mumbai' }), ctx())).toEqual({ products: FIELD_REQUIRED });
  });

  it('requires carrier for iphone/ipad when it has options and is empty', () => {
    expect(schemaErrors(values({ search: 'Mumbai', products: 'IPHONE' }), ctx())).toEqual({
      carrier: FIELD_REQUIRED,
    });
    expect(
      schemaErrors(values({ search: 'Mumbai', products: 'ipad', carrier: 'No-Contract' }), ctx()),
    ).toEqual({});
    expect(
      schemaErrors(values({ search: 'Mumbai', products: 'iphone' }), ctx(undefined, [])),
    ).toEqual({});
    expect(schemaErrors(values({ search: 'Mumbai', products: 'watch' }), ctx())).toEqual({});
  });

  it('requires products only once the country is set in the "other" variant', () => {
    const fields = formFields('other', 'sales');
    expect(schemaErrors(values({ search: 'Thimphu' }), ctx(fields))).toEqual({
      country: FIELD_REQUIRED,
    });
    expect(schemaErrors(values({ search: 'Thimphu', country: 'bt' }), ctx(fields))).toEqual({
      products: FIELD_REQUIRED,
    });
    expect(isFieldRequired('products', values({ country: 'bt' }), ctx(fields))).toBe(true);
    expect(isFieldRequired('carrier', values({ products: 'iphone' }), ctx(fields))).toBe(false);
  });

  it('treats missing values as empty', () => {
    expect(schemaErrors({}, ctx())).toEqual({
      search: LOCATION_NOT_FOUND,
      products: FIELD_REQUIRED,
    });
  });

  it('is empty for a complete form', () => {
    expect(
      schemaErrors(values({ search: 'Mumbai', products: 'iphone', carrier: 'Jio' }), ctx()),
    ).toEqual({});
  });
});

describe('validity and the Search button (PRODUCT.md#validation)', () => {
  it('needs no schema errors, a touched field and no field errors', () => {
    expect(isFormValid({ schemaErrors: {}, touched: { search: true }, errors: {} })).toBe(true);
    expect(isFormValid({ schemaErrors: {}, touched: {}, errors: {} })).toBe(false);
    expect(isFormValid({ schemaErrors: {}, touched: { search: false }, errors: {} })).toBe(false);
    expect(
      isFormValid({
        schemaErrors: { products: FIELD_REQUIRED },
        touched: { search: true },
        errors: {},
      }),
    ).toBe(false);
    expect(
      isFormValid({
        schemaErrors: {},
        touched: { search: true },
        errors: { search: LOCATION_NOT_FOUND },
      }),
    ).toBe(false);
    expect(
      isFormValid({
        schemaErrors: { search: undefined },
        touched: { search: true },
        errors: { search: '' },
      }),
    ).toBe(true);
  });

  it('disables Search while invalid or geolocating', () => {
    expect(isSearchDisabled(true, false)).toBe(false);
    expect(isSearchDisabled(false, false)).toBe(true);
    expect(isSearchDisabled(true, true)).toBe(true);
  });
});

describe('form state transitions (PRODUCT.md#search-form, #form-state)', () => {
  it('editing a field clears its error and marks it touched', () => {
    const state = {
      values: values({ search: 'x' }),
      errors: { search: LOCATION_NOT_FOUND, products: FIELD_REQUIRED },
      touched: {},
      isSubmitting: false,
    };
    const next = editField(state, 'search', 'Paris');
    expect(next.values.search).toBe('Paris');
    expect(next.errors).toEqual({ products: FIELD_REQUIRED });
    expect(next.touched).toEqual({ search: true });
    expect(next.isSubmitting).toBe(false);
    expect(state.values.search).toBe('x');
  });

  it('changing the country clears search, carrier and products', () => {
    expect(
      changeCountry(
        values({ search: 'a', country: 'np', products: 'iphone', carrier: 'Ncell' }),
        'bt',
      ),
    ).toEqual({ search: '', country: 'bt', products: '', carrier: '' });
  });
});

describe('carrier options (PRODUCT.md#search-form)', () => {
  it('puts No-Contract first and removes duplicates and blanks', () => {
    expect(
      carrierOptions([{ name: 'Jio' }, { name: 'No-Contract' }, { name: ' ' }, { name: 'Jio' }]),
    ).toEqual([{ name: 'No-Contract' }, { name: 'Jio' }]);
    expect(carrierOptions([])).toEqual([{ name: 'No-Contract' }]);
  });
});

describe('search text sanitising (PRODUCT.md#validation)', () => {
  it.each([
    ['Paris, France', 'Paris, France'],
    ['<b>Paris</b>', 'Paris'],
    ['<script>alert(1)</script>Berlin', 'Berlin'],
    ['<SCRIPT src=x>alert(1)', ''],
    ['<style>p{}</style>Rome', 'Rome'],
    ['<img src=x onerror=alert(1)>Oslo', 'Oslo'],
    ['<!-- c -->Lima', 'Lima'],
    ['<a href="x">Nice', 'Nice'],
    ['Nice <i', 'Nice'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['Marks &amp; Spencer', 'Marks & Spencer'],
    ['&quot;Q&quot; &#39;x&#39; &apos;y&apos; &#34;z&#34;', '"Q" \'x\' \'y\' "z"'],
    ['a&nbsp;b', 'a b'],
    ['&amp;lt;b&amp;gt;', '&lt;b&gt;'],
    ['  São   Paulo \n\t ', 'São Paulo'],
    ['a < b > c', 'a b c'],
    ['x\u0000y\u001fz', 'x y z'],
    ['東京都', '東京都'],
  ])('%j → %j', (input, output) => {
    expect(sanitiseSearchText(input)).toBe(output);
  });

  it('never leaves a tag', () => {
    for (const input of [
      '<<script>script>',
      '<scr<script>ipt>',
      '<svg/onload=alert(1)>',
      '&lt;img&gt;',
    ]) {
      expect(sanitiseSearchText(input)).not.toMatch(/[<>]/);
    }
  });

  it('caps the length by code points', () => {
    expect(sanitiseSearchText('a'.repeat(500))).toHaveLength(200);
    expect(sanitiseSearchText('😀'.repeat(5), 3)).toBe('😀😀😀');
    expect(sanitiseSearchText('ab cd', 3)).toBe('ab');
    expect(sanitiseSearchText('abc', -1)).toBe('');
  });

  it('gives "" for non-strings', () => {
    expect(sanitiseSearchText(undefined)).toBe('');
    expect(sanitiseSearchText(42)).toBe('');
  });
});

describe('statistics rule (PRODUCT.md#validation, #location-search-statistic)', () => {
  it('sends only when the reverse-geocoded country is the searched one, case-insensitively', () => {
    expect(shouldSendStatistic('IN', 'in')).toBe(true);
    expect(shouldSendStatistic('fr', 'in')).toBe(false);
    expect(shouldSendStatistic('GB', 'uk')).toBe(true);
    expect(shouldSendStatistic('', '')).toBe(false);
    expect(shouldSendStatistic(undefined, 'in')).toBe(false);
    expect(shouldSendStatistic('in', null)).toBe(false);
  });

  it('builds the statistic', () => {
    expect(
      locationSearchStatistic(
        {
          channel: 'service',
          countryCode: 'in',
          latitude: 19.07,
          longitude: 72.87,
          product: 'Phone',
          formattedAddress: 'Mumbai',
        },
        'en_IN',
      ),
    ).toEqual({
      channel: 'service',
      country: 'in',
      locale: 'en_IN',
      latitude: 19.07,
      longitude: 72.87,
      product: 'Phone',
      searchedLocation: 'Mumbai',
    });
  });
});
