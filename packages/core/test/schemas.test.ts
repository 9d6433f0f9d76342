import { describe, expect, it } from 'vitest';
import {
  apiErrorFromIssues,
  globalMatrixPathSchema,
  locationSearchSchema,
  parseLocaleFileName,
  searchPathSchema,
  searchQuerySchema,
} from '../src/schemas.js';

const errorOf = (query: Record<string, unknown>) => {
  const r = searchQuerySchema.safeParse(query);
  if (r.success) throw new Error('expected a failure');
  return apiErrorFromIssues(r.error.issues, false, query);
};

describe('search query schema', () => {
  it('parses the search query, empty values meaning "not given"', () => {
    expect(
      searchQuerySchema.parse({
        pt: '',
        lat: '51.5',
        lon: '-0.12',
        carrier: '',
        maxrad: '',
        maxResult: '',
        repairType: '',
      }),
    ).toEqual({
      pt: 'all',
      lat: 51.5,
      lon: -0.12,
    });
    expect(
      searchQuerySchema.parse({
        pt: '3',
        lat: '1e-3',
        lon: '.5',
        carrier: 'EE',
        maxrad: '100',
        maxResult: '99',
        repairType: 'Drop off',
      }),
    ).toEqual({
      pt: '3',
      lat: 0.001,
      lon: 0.5,
      carrier: 'EE',
      maxrad: 100,
      maxResult: 99,
      repairType: 'Drop off',
    });
    expect(searchQuerySchema.parse({ pt: 'ALL', lat: '0', lon: '0' }).pt).toBe('all');
  });

  it('reads an area (bbox) as west,south,east,north, the antimeridian crossed or not', () => {
    const parse = (bbox: string) => searchQuerySchema.parse({ lat: '0', lon: '0', bbox }).bbox;
    expect(parse('-1.5,51,0.5, 52')).toEqual({ west: -1.5, south: 51, east: 0.5, north: 52 });
    expect(parse('179,-17,-179,-16')).toEqual({ west: 179, south: -17, east: -179, north: -16 });
    expect(parse('')).toBeUndefined();
    const code = (bbox: string) => errorOf({ lat: '0', lon: '0', bbox });
    expect(code('1,2,3')).toMatchObject({ code: 'INVALID_PARAMETER', param: 'bbox' });
    expect(code('a,1,2,3').message).toMatch(/four numbers/);
    expect(code('-181,0,1,1')).toMatchObject({ code: 'PARAMETER_OUT_OF_RANGE', param: 'bbox' });
    expect(code('0,-91,1,1').code).toBe('PARAMETER_OUT_OF_RANGE');
    expect(code('0,10,1,5').code).toBe('PARAMETER_OUT_OF_RANGE');
  });

  it('names the parameter and the kind of problem', () => {
    expect(errorOf({ lon: '1' })).toMatchObject({
      code: 'MISSING_PARAMETER',
      param: 'lat',
      status: 400,
    });
    expect(errorOf({ lat: 'x', lon: '1' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'lat',
    });
    expect(errorOf({ lat: '91', lon: '1' })).toMatchObject({
      code: 'PARAMETER_OUT_OF_RANGE',
      param: 'lat',
    });
    expect(errorOf({ lat: '1', lon: '1', maxResult: '0' })).toMatchObject({
      code: 'PARAMETER_OUT_OF_RANGE',
      param: 'maxResult',
    });
    expect(errorOf({ lat: '1', lon: '1', maxResult: '1.5' })).toMatchObject({
      code: 'INVALID_PARAMETER',
    });
    expect(errorOf({ lat: '1', lon: '1', repairType: 'x' })).toMatchObject({ param: 'repairType' });
    expect(errorOf({ lat: ['1', '2'], lon: '1' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'lat',
    });
  });

  it('names a repeated query parameter (an array) as given more than once', () => {
    expect(errorOf({ lat: ['1', '2'], lon: '0' })).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'lat: given more than once',
      param: 'lat',
    });
    // In a JSON body an array is just the wrong type.
    const r = locationSearchSchema.safeParse({ channel: ['sales'] });
    if (r.success) throw new Error('expected a failure');
    expect(apiErrorFromIssues(r.error.issues, true, { channel: ['sales'] }).message).toMatch(
      /^channel: /,
    );
  });

  it('describes issues without a path and an empty list', () => {
    expect(apiErrorFromIssues([]).message).toBe('Invalid input.');
    expect(
      apiErrorFromIssues(
        [{ code: 'invalid_type', expected: 'string', path: ['a', 'b'], message: 'm' } as never],
        false,
        { a: 'x' },
      ).code,
    ).toBe('MISSING_PARAMETER');
    const r = locationSearchSchema.safeParse('nope');
    if (r.success) throw new Error('expected a failure');
    expect(apiErrorFromIssues(r.error.issues, true)).toMatchObject({
      code: 'INVALID_BODY',
      param: undefined,
    });
  });
});

describe('path schemas', () => {
  it('accepts country, language and channel segments', () => {
    expect(
      searchPathSchema.parse({ countryCode: 'uk', lang: 'en', channel: 'sales' }),
    ).toBeTruthy();
    expect(globalMatrixPathSchema.safeParse({ countryCode: 'e1', lang: 'en' }).success).toBe(false);
  });
});

describe('location search statistic', () => {
  const good = {
    channel: 'sales',
    country: 'uk',
    locale: 'en_GB',
    latitude: 1,
    longitude: 2,
    product: 'Phone',
    searchedLocation: 'London',
  };
  it('validates the body of the location-search statistic', () => {
    expect(locationSearchSchema.parse(good)).toEqual(good);
    const r = locationSearchSchema.safeParse({ ...good, latitude: 100 });
    if (r.success) throw new Error('expected a failure');
    expect(apiErrorFromIssues(r.error.issues, true)).toMatchObject({
      code: 'INVALID_BODY',
      param: 'latitude',
    });
  });
});

describe('locale file names', () => {
  it('parses {namespace}s-{lang_REGION}.json', () => {
    expect(parseLocaleFileName('commons-en_US.json')).toEqual({
      namespace: 'common',
      lang: 'en',
      region: 'US',
    });
    expect(parseLocaleFileName('pages-fr.json')).toEqual({ namespace: 'page', lang: 'fr' });
    expect(parseLocaleFileName('../etc/passwd')).toBeUndefined();
  });
});
