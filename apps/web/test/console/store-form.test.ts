/**
 * The store screen's pure parts: the form ↔ the API's store columns, the form checked with the
 * API's own schema, the server's problems put on the form's fields, and the diff of two versions
 * (conflict view, history).
 */
import { describe, expect, it } from 'vitest';
import { storeInputSchema } from '@locator/core/admin-api';
import { missingStoreFields, STORE_FIELDS } from '../../src/console/stores/store-fields';
import {
  emptyStoreForm,
  formFromRow,
  formWithHours,
  hoursOfForm,
  positionOfForm,
  problemsFromAnswer,
  rowFromForm,
  storeFormProblems,
} from '../../src/console/stores/store-form';
import { diffValues, shownValue } from '../../src/console/stores/store-diff';
import { actorOf, entryChanges } from '../../src/console/stores/store-history';

/** A store's columns as the API answers them (`row`). */
const ROW = {
  storeId: 'GB-0001',
  title: 'High Street store',
  country: 'GB',
  street1: '1 High Street',
  street2: '',
  city: 'London',
  postalCode: 'W1B 2EL',
  phone: '020 7946 0000',
  latitude: '51.5142',
  longitude: '-0.142',
  storeTypes: '5',
  salesProducts: 'phone;tablet',
  hours: 'Mo-Sa 09:00-18:00; Su off',
  geoCodeStatus: 'BULK_UPLOAD',
};

describe('store form ↔ store', () => {
  it('shows every column of the API but the id, which the path gives', () => {
    expect(missingStoreFields()).toEqual([]);
    expect(missingStoreFields(['storeId', 'title', 'openingSoon'])).toEqual(['openingSoon']);
  });

  it('reads every field from the columns, missing ones empty', () => {
    const form = formFromRow(ROW);
    expect(Object.keys(form)).toEqual([...STORE_FIELDS]);
    expect(form.phone).toBe('020 7946 0000');
    expect(form.state).toBe('');
    expect(form.salesProducts).toBe('phone;tablet');
  });

  it('writes the columns back: trimmed, empty ones left out, coordinates as numbers', () => {
    const form = { ...formFromRow(ROW), phone: '  +44 20 7946 0001 ', street2: '   ' };
    const row = rowFromForm(form);
    expect(row).toEqual({
      title: 'High Street store',
      country: 'GB',
      street1: '1 High Street',
      city: 'London',
      postalCode: 'W1B 2EL',
      phone: '+44 20 7946 0001',
      latitude: 51.5142,
      longitude: -0.142,
      storeTypes: '5',
      salesProducts: 'phone;tablet',
      hours: 'Mo-Sa 09:00-18:00; Su off',
      geoCodeStatus: 'BULK_UPLOAD',
    });
    expect(storeInputSchema.safeParse(row).success).toBe(true);
    // A round trip changes nothing.
    expect(
      formFromRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]))),
    ).toEqual({ ...formFromRow(ROW), phone: '+44 20 7946 0001' });
  });
});

describe("the form's position and hours for the map and the schedule editor", () => {
  it('gives the position only when both coordinates read within their range', () => {
    expect(positionOfForm(formFromRow(ROW))).toEqual({ lat: 51.5142, lon: -0.142 });
    for (const latitude of ['91', '-90.5', 'north', '', '51.']) {
      const expected = latitude === '51.' ? { lat: 51, lon: -0.142 } : { lat: null, lon: null };
      expect(positionOfForm(formFromRow({ ...ROW, latitude })), latitude).toEqual(expected);
    }
    expect(positionOfForm(formFromRow({ ...ROW, longitude: '180.1' }))).toEqual({
      lat: null,
      lon: null,
    });
  });

  it('hands the hours columns to the editor and takes them back', () => {
    const form = formFromRow({ ...ROW, specialHours: '2026-12-25 off; 2026-12-24 09:00-14:00' });
    const value = hoursOfForm(form);
    expect(value).toEqual({
      hours: 'Mo-Sa 09:00-18:00; Su off',
      specialHours: ['2026-12-25 off', '2026-12-24 09:00-14:00'],
      timeZone: null,
    });
    expect(formWithHours(emptyStoreForm(), value)).toMatchObject({
      hours: form.hours,
      specialHours: '2026-12-25 off; 2026-12-24 09:00-14:00',
      timeZone: '',
    });
    expect(hoursOfForm(emptyStoreForm())).toEqual({
      hours: null,
      specialHours: null,
      timeZone: null,
    });
    expect(
      formWithHours(emptyStoreForm(), {
        hours: null,
        specialHours: '2026-12-25 off',
        timeZone: 'Europe/London',
      }),
    ).toMatchObject({ hours: '', specialHours: '2026-12-25 off', timeZone: 'Europe/London' });
  });
});

describe('the form checked with the API schema', () => {
  it('finds nothing wrong with a whole store', () => {
    expect(storeFormProblems(formFromRow(ROW))).toEqual([]);
  });

  it('names each field at fault once, in the screen order, with the reason code', () => {
    const form = {
      ...formFromRow(ROW),
      title: ' ',
      country: 'GBR',
      latitude: '91',
      longitude: '',
      phone: 'x'.repeat(41),
      city: 'Lon\u202edon',
      geoCodeStatus: 'GUESSED',
    };
    expect(storeFormProblems(form)).toEqual([
      { field: 'title', code: 'REQUIRED' },
      { field: 'country', code: 'INVALID_VALUE' },
      { field: 'city', code: 'FORBIDDEN_CHARACTER' },
      { field: 'phone', code: 'INVALID_VALUE' },
      { field: 'latitude', code: 'INVALID_COORDINATE' },
      { field: 'longitude', code: 'REQUIRED' },
      { field: 'geoCodeStatus', code: 'INVALID_VALUE' },
    ]);
  });

  it('checks a new store id as the path does', () => {
    const form = formFromRow(ROW);
    expect(storeFormProblems(form, 'GB-0002')).toEqual([]);
    expect(storeFormProblems(form, '')).toEqual([{ field: 'storeId', code: 'REQUIRED' }]);
    expect(storeFormProblems(form, 'GB 0002')).toEqual([
      { field: 'storeId', code: 'INVALID_STORE_ID' },
    ]);
    expect(storeFormProblems(emptyStoreForm(), 'x').map((p) => p.field)).toEqual([
      'title',
      'country',
      'street1',
      'city',
      'latitude',
      'longitude',
    ]);
  });

  it("puts the server's problems on the form's fields, a store's own on the first", () => {
    expect(
      problemsFromAnswer([
        { column: 'phone', code: 'INVALID_PHONE' },
        { column: 'phone', code: 'INVALID_VALUE' },
        { column: '(row)', code: 'SYNTAX' },
        { column: 'latitude', code: 'OUTSIDE_COUNTRY' },
      ]),
    ).toEqual([
      { field: 'phone', code: 'INVALID_PHONE' },
      { field: 'title', code: 'SYNTAX' },
      { field: 'latitude', code: 'OUTSIDE_COUNTRY' },
    ]);
  });
});

describe('the diff of two versions', () => {
  it('lists the fields that differ, in the order given', () => {
    const theirs = formFromRow({ ...ROW, phone: '020 7946 0002', title: 'High St' });
    const mine = formFromRow({ ...ROW, phone: '020 7946 0003' });
    expect(diffValues(theirs, mine, STORE_FIELDS)).toEqual([
      { field: 'title', before: 'High St', after: 'High Street store' },
      { field: 'phone', before: '020 7946 0002', after: '020 7946 0003' },
    ]);
    expect(diffValues(mine, mine, STORE_FIELDS)).toEqual([]);
  });

  it('reads a missing field as empty, lists as items, objects as JSON', () => {
    expect(shownValue(['1', '2'])).toBe('1; 2');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
    expect(shownValue(null)).toBe('');
    expect(diffValues({ a: 'x', b: [1] }, { b: [1, 2], c: true })).toEqual([
      { field: 'a', before: 'x', after: '' },
      { field: 'b', before: '1', after: '1; 2' },
      { field: 'c', before: '', after: 'true' },
    ]);
  });

  it("gives a history entry's changes, without the derived address lines", () => {
    const before = { title: 'A', phone: '1', addressLines: ['x'] };
    expect(entryChanges(before, { ...before, phone: '2', addressLines: ['y'] })).toEqual([
      { field: 'phone', before: '1', after: '2' },
    ]);
    expect(entryChanges(null, { title: 'A' })).toEqual([
      { field: 'title', before: '', after: 'A' },
    ]);
    expect(entryChanges({ title: 'A' }, null)).toEqual([
      { field: 'title', before: 'A', after: '' },
    ]);
  });

  it('names who made a change: a console account, an API key, or else', () => {
    expect(actorOf('user:ed@example.com')).toEqual({ kind: 'user', email: 'ed@example.com' });
    expect(actorOf('key:0a1b')).toEqual({ kind: 'key', id: '0a1b' });
    expect(actorOf('cli')).toEqual({ kind: 'other', name: 'cli' });
  });
});
