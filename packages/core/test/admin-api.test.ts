import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditQuerySchema,
  bulkQuerySchema,
  storeInputSchema,
  storeListQuerySchema,
  storePatchSchema,
  writeHeadersSchema,
} from '../src/admin-api.js';
import { errorBodySchema, importAnswerSchema, invalidStoreSchema } from '../src/admin-answers.js';
import { FORBIDDEN_CHARACTERS, forbiddenCharacter } from '../src/store-text.js';

const MINIMAL = {
  title: 'Shop',
  country: 'GB',
  street1: '1 High Street',
  city: 'London',
  latitude: 51.5,
  longitude: -0.1,
};

describe('admin API schemas', () => {
  it('takes a minimal store and the import forms of a full one', () => {
    expect(storeInputSchema.safeParse(MINIMAL).success).toBe(true);
    const full = {
      ...MINIMAL,
      latitude: '51.5',
      longitude: '',
      phone: 2079460000,
      storeTypes: [5, '6'],
      salesProducts: 'phone;tablet',
      badges: null,
      geoCodeStatus: '',
      specialHours: ['2026-12-25 off "Christmas Day"'],
    };
    expect(storeInputSchema.parse(full)).toMatchObject({ storeTypes: [5, '6'] });
    expect(storePatchSchema.safeParse({ title: 'x' }).success).toBe(true);
  });

  it('refuses unknown columns, forbidden characters and malformed coordinates', () => {
    const r = storeInputSchema.safeParse({
      ...MINIMAL,
      title: 'Bad\u202Eone',
      latitude: '0x33',
      lattitude: 1,
    });
    expect(r.error?.issues.map((i) => [i.code, i.path.join('.')])).toEqual([
      ['invalid_format', 'title'],
      ['invalid_format', 'latitude'],
      ['unrecognized_keys', ''],
    ]);
    expect(storeInputSchema.safeParse({ ...MINIMAL, storeTypes: [1234] }).success).toBe(false);
    expect(storeInputSchema.safeParse({ title: 'x' }).success).toBe(false);
  });

  it('reads query strings and headers as the API has them', () => {
    expect(storeListQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(storeListQuerySchema.parse({ limit: '', after: 'A' })).toEqual({
      limit: 100,
      after: 'A',
    });
    expect(storeListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(auditQuerySchema.parse({ limit: '1000', storeId: '' })).toEqual({ limit: 1000 });
    expect(bulkQuerySchema.parse({ dryRun: 'true', maxRemoval: '0.5' })).toEqual({
      mode: 'upsert',
      dryRun: true,
      allowRemoval: false,
      maxRemoval: 0.5,
    });
    expect(bulkQuerySchema.safeParse({ dryRun: 'yes' }).success).toBe(false);
    expect(writeHeadersSchema.safeParse({ 'idempotency-key': 'a b' }).success).toBe(false);
    expect(writeHeadersSchema.parse({ host: 'x', 'if-match': '*' })).toMatchObject({ host: 'x' });
  });

  it('describes the answers, with component ids for the documents', () => {
    expect(errorBodySchema.safeParse({ error: { code: 'NOPE', message: 'x' } }).success).toBe(
      false,
    );
    expect(
      invalidStoreSchema.safeParse({
        error: { code: 'INVALID_BODY', message: 'x' },
        problems: [{ column: 'title', value: null, code: 'REQUIRED', reason: 'required' }],
      }).success,
    ).toBe(true);
    expect(z.globalRegistry.get(importAnswerSchema)?.id).toBe('ImportAnswer');
    expect(z.globalRegistry.get(storeInputSchema)?.id).toBe('Store');
  });

  it('finds the characters no store text may hold', () => {
    expect(forbiddenCharacter(['ok', 'a\u202Eb'])).toBe('U+202E');
    expect(forbiddenCharacter('tab\there')).toBe('U+0009');
    expect(forbiddenCharacter(5)).toBeUndefined();
    expect(forbiddenCharacter('plain')).toBeUndefined();
    expect(FORBIDDEN_CHARACTERS.test('\u2066')).toBe(true);
  });
});
