import { describe, expect, it } from 'vitest';
import {
  autocompleteQuerySchema,
  etaQuerySchema,
  geocodeQuerySchema,
  reverseQuerySchema,
} from '../src/maps-schemas.js';
import { apiErrorFromIssues } from '../src/schemas.js';

function codeOf(result: { success: boolean; error?: { issues: unknown[] } }) {
  if (result.success) return 'ok';
  const err = apiErrorFromIssues(result.error!.issues as never);
  return `${err.code}:${err.param ?? ''}`;
}

describe('autocomplete query', () => {
  it('parses countries, language and defaults', () => {
    expect(
      autocompleteQuerySchema.parse({ q: ' Paris ', countries: 'fr,uk', lang: 'fr_CA' }),
    ).toEqual({
      q: 'Paris',
      countries: ['FR', 'UK'],
      lang: 'fr-CA',
      limit: 8,
    });
    expect(autocompleteQuerySchema.parse({ q: 'x', countries: '', lang: '' })).toMatchObject({
      lang: 'en',
    });
    expect(
      autocompleteQuerySchema.parse({ q: 'x', lat: '1.5', lon: '-2', limit: '3' }),
    ).toMatchObject({
      lat: 1.5,
      lon: -2,
      limit: 3,
    });
  });

  it.each([
    [{}, 'MISSING_PARAMETER:q'],
    [{ q: '   ' }, 'MISSING_PARAMETER:q'],
    [{ q: 'a'.repeat(201) }, 'PARAMETER_OUT_OF_RANGE:q'],
    [{ q: 'x', countries: 'F1' }, 'INVALID_PARAMETER:countries'],
    [{ q: 'x', lang: 'english!' }, 'INVALID_PARAMETER:lang'],
    [{ q: 'x', limit: '0' }, 'PARAMETER_OUT_OF_RANGE:limit'],
    [{ q: 'x', limit: 'many' }, 'INVALID_PARAMETER:limit'],
    [{ q: 'x', lon: '3' }, 'INVALID_PARAMETER:lat'],
    [{ q: 'x', lat: '95', lon: '3' }, 'PARAMETER_OUT_OF_RANGE:lat'],
  ])('%j → %s', (input, expected) => {
    expect(codeOf(autocompleteQuerySchema.safeParse(input))).toBe(expected);
  });
});

describe('geocode and reverse queries', () => {
  it('defaults the geocode limit to 5', () => {
    expect(geocodeQuerySchema.parse({ q: '10001' })).toEqual({ q: '10001', lang: 'en', limit: 5 });
  });

  it('requires both coordinates for reverse geocoding', () => {
    expect(reverseQuerySchema.parse({ lat: '48.85', lon: '2.35' })).toEqual({
      lat: 48.85,
      lon: 2.35,
      lang: 'en',
    });
    expect(codeOf(reverseQuerySchema.safeParse({ lat: '48' }))).toBe('MISSING_PARAMETER:lon');
    expect(codeOf(reverseQuerySchema.safeParse({ lat: 'x', lon: '1' }))).toBe(
      'INVALID_PARAMETER:lat',
    );
  });
});

describe('eta query', () => {
  it('parses origin, destinations and mode', () => {
    expect(etaQuerySchema.parse({ origin: '1,2', destinations: '3,4;5.5,-6' })).toEqual({
      origin: { lat: 1, lon: 2 },
      destinations: [
        { lat: 3, lon: 4 },
        { lat: 5.5, lon: -6 },
      ],
      mode: 'automobile',
    });
    expect(etaQuerySchema.parse({ origin: '1,2', destinations: '3,4', mode: 'walking' }).mode).toBe(
      'walking',
    );
  });

  it.each([
    [{}, 'MISSING_PARAMETER:origin'],
    [{ origin: '1,2' }, 'MISSING_PARAMETER:destinations'],
    [{ origin: '100,2', destinations: '1,1' }, 'INVALID_PARAMETER:origin'],
    [{ origin: '1,2', destinations: '1,1;x' }, 'INVALID_PARAMETER:destinations.1'],
    [
      { origin: '1,2', destinations: Array(101).fill('1,1').join(';') },
      'PARAMETER_OUT_OF_RANGE:destinations',
    ],
    [{ origin: '1,2', destinations: '1,1', mode: 'bike' }, 'INVALID_PARAMETER:mode'],
  ])('%j → %s', (input, expected) => {
    expect(codeOf(etaQuerySchema.safeParse(input))).toBe(expected);
  });
});
