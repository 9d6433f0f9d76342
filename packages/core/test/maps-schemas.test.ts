import { describe, expect, it } from 'vitest';
import {
  autocompleteQuerySchema,
  etaQuerySchema,
  fastAutocompleteQuery,
  fastEtaQuery,
  fastGeocodeQuery,
  fastReverseQuery,
  geocodeQuerySchema,
  reverseQuerySchema,
} from '../src/maps-schemas.js';
import { apiErrorFromIssues } from '../src/schemas.js';
import { seededRandom } from '../src/seeded-random.js';

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

describe('fast paths (hand-written parsers tried before the schemas)', () => {
  /** A value to leave the key out, and one to put it in with undefined. */
  const ABSENT = Symbol('absent');
  const UNDEFINED = Symbol('undefined');
  type Value = string | string[] | number | typeof ABSENT | typeof UNDEFINED;

  function build(fields: Record<string, Value>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      if (v === ABSENT) continue;
      out[k] = v === UNDEFINED ? undefined : v;
    }
    return out;
  }

  /** Deterministic PRNG (mulberry32). */

  /**
   * Inputs: each field from its candidates, one field at a time from the first (valid) values,
   * then random combinations. Wherever the fast path answers, the schema must accept the input
   * and give exactly the same result (values, keys and key order); and the fast path must answer
   * every input the schema accepts that has only strings (as query strings give).
   */
  function agree(
    candidates: Record<string, Value[]>,
    fast: (raw: unknown) => unknown,
    schema: { safeParse(raw: unknown): { success: boolean; data?: unknown } },
  ): { inputs: number; fast: number } {
    const keys = Object.keys(candidates);
    const inputs: Record<string, Value>[] = [];
    const base: Record<string, Value> = Object.fromEntries(
      keys.map((k) => [k, candidates[k]![0]!]),
    );
    for (const k of keys) for (const v of candidates[k]!) inputs.push({ ...base, [k]: v });
    const rand = seededRandom(7);
    for (let n = 0; n < 3000; n++) {
      const pick = (k: string): Value =>
        candidates[k]![Math.floor(rand() * candidates[k]!.length)]!;
      inputs.push(Object.fromEntries(keys.map((k): [string, Value] => [k, pick(k)])));
    }
    let answered = 0;
    for (const fields of inputs) {
      const raw = build(fields);
      const got = fast(raw);
      const slow = schema.safeParse(raw);
      const plain = Object.values(fields).every((v) => v === ABSENT || typeof v === 'string');
      if (got === undefined) {
        expect(slow.success && plain, `slow path for ${JSON.stringify(raw)}`).toBe(false);
        continue;
      }
      answered++;
      expect(slow.success, JSON.stringify(raw)).toBe(true);
      expect(got, JSON.stringify(raw)).toStrictEqual(slow.data);
      expect(JSON.stringify(got)).toBe(JSON.stringify(slow.data));
    }
    return { inputs: inputs.length, fast: answered };
  }

  const text = ['Paris', '  Mün ', '東京', '', '   ', 'a'.repeat(200), 'a'.repeat(201), ['a', 'b']];
  const countries = ['GB,ie', 'fr', '', ' ', 'G1', 'europe', 'abcdefghi', 'GB,', 'x'.repeat(401)];
  const lang = ['zh_Hant_TW', 'en', 'pt-BR', '', ' ', 'english!', 'en-', ['en', 'fr']];
  const limit = ['3', '007', '20', '0', '21', '', ' ', 'x', '1.5', '99999999999999999999', ['3']];
  const lat = ['1.5', ' -2 ', '+.5', '90', '-0', '', ' ', '91', 'abc', '1e3', '9'.repeat(400)];
  const lon = ['2', '-180', '180.0', '.5', '', '181', 'x', ['1', '2']];
  const odd: Value[] = [ABSENT, UNDEFINED, 42];

  it('autocomplete: the same answer as the schema wherever they answer', () => {
    const r = agree(
      {
        q: [...text, ...odd],
        countries: [...countries, ...odd],
        lang: [...lang, ...odd],
        limit: [...limit, ...odd],
        lat: [ABSENT, ...lat, UNDEFINED, 1],
        lon: [ABSENT, ...lon, UNDEFINED],
      },
      fastAutocompleteQuery,
      autocompleteQuerySchema,
    );
    expect(r.fast).toBeGreaterThan(40);
  });

  it('geocode and reverse: the same answer as the schema wherever they answer', () => {
    const g = agree(
      {
        q: [...text, ...odd],
        countries: [...countries, ...odd],
        lang: [...lang, ...odd],
        limit: [...limit, ...odd],
      },
      fastGeocodeQuery,
      geocodeQuerySchema,
    );
    expect(g.fast).toBeGreaterThan(40);
    const r = agree(
      { lat: [...lat, ...odd], lon: [...lon, ...odd], lang: [...lang, ...odd] },
      fastReverseQuery,
      reverseQuerySchema,
    );
    expect(r.fast).toBeGreaterThan(40);
  });

  it('eta: the same answer as the schema wherever it answers', () => {
    const points = ['48.85,2.35', ' 1 , 2 ', '1.,-2', '-0,+0', '91,1', '1,181', 'x', '1..2,3', ''];
    const r = agree(
      {
        origin: [...points, ' ', ['1,2', '3,4'], ...odd],
        destinations: [
          '48.86,2.30;48.9,2.4',
          '1,1',
          '1,1;x',
          '1,1;',
          Array(100).fill('1,1').join(';'),
          Array(101).fill('1,1').join(';'),
          Array(100).fill('11.123456789,22.123456789').join(';'),
          Array(100).fill('11.1234567890123456789012,22.1234567890123456789012').join(';'),
          ...points,
          ...odd,
        ],
        mode: ['walking', 'automobile', '', ' ', 'bike', ['walking'], ...odd],
      },
      fastEtaQuery,
      etaQuerySchema,
    );
    expect(r.fast).toBeGreaterThan(40);
  });

  it('answer the requests the web app sends', () => {
    expect(fastAutocompleteQuery({ q: 'Mün', countries: 'DE', lang: 'de-DE' })).toEqual({
      q: 'Mün',
      countries: ['DE'],
      lang: 'de-DE',
      limit: 8,
    });
    expect(fastGeocodeQuery({ q: 'Paris, TX', countries: 'US', lang: 'en', limit: '5' })).toEqual({
      q: 'Paris, TX',
      countries: ['US'],
      lang: 'en',
      limit: 5,
    });
    expect(fastReverseQuery({ lat: '48.85', lon: '2.35', lang: 'fr' })).toEqual({
      lat: 48.85,
      lon: 2.35,
      lang: 'fr',
    });
    expect(
      fastEtaQuery({ origin: '48.85,2.35', destinations: '48.86,2.3;48.9,2.4', mode: 'walking' }),
    ).toEqual({
      origin: { lat: 48.85, lon: 2.35 },
      destinations: [
        { lat: 48.86, lon: 2.3 },
        { lat: 48.9, lon: 2.4 },
      ],
      mode: 'walking',
    });
    for (const f of [fastAutocompleteQuery, fastGeocodeQuery, fastReverseQuery, fastEtaQuery]) {
      expect(f(null)).toBeUndefined();
      expect(f('q=x')).toBeUndefined();
    }
  });
});
