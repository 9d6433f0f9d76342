import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_CATALOGUE,
  ERROR_CODES,
  errorMessageKey,
  errorStatus,
  isErrorCode,
  parseErrorBody,
} from '../src/errors.js';

describe('error catalogue', () => {
  it('has stable codes with HTTP statuses', () => {
    expect(ERROR_CODES).toContain('UNKNOWN_COUNTRY');
    expect(errorStatus('UNKNOWN_COUNTRY')).toBe(404);
    expect(errorStatus('DATABASE_UNAVAILABLE')).toBe(503);
    expect(errorStatus('UNAUTHORIZED')).toBe(401);
    expect(errorStatus('FORBIDDEN')).toBe(403);
    expect(errorStatus('PRECONDITION_FAILED')).toBe(412);
    expect(errorStatus('IDEMPOTENCY_KEY_REUSED')).toBe(422);
    expect(errorStatus('IDEMPOTENCY_KEY_IN_USE')).toBe(409);
    expect(errorStatus('REMOVAL_REFUSED')).toBe(409);
    for (const code of ERROR_CODES) expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(0);
  });

  it('recognises codes', () => {
    expect(isErrorCode('RATE_LIMITED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('builds error bodies with and without a parameter', () => {
    const e = new ApiError('PARAMETER_OUT_OF_RANGE', 'lat: too big', 'lat');
    expect(e.status).toBe(400);
    expect(e.toBody()).toEqual({
      error: { code: 'PARAMETER_OUT_OF_RANGE', message: 'lat: too big', param: 'lat' },
    });
    expect(new ApiError('NOT_FOUND').toBody()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such resource.' },
    });
    expect(e).toBeInstanceOf(Error);
  });

  it('parses error bodies defensively', () => {
    expect(
      parseErrorBody({ error: { code: 'UNKNOWN_CHANNEL', message: 'm', param: 'channel' } }),
    ).toEqual({ code: 'UNKNOWN_CHANNEL', message: 'm', param: 'channel' });
    expect(parseErrorBody({ error: { code: 'RATE_LIMITED', message: 5 } })).toEqual({
      code: 'RATE_LIMITED',
      message: '',
    });
    expect(parseErrorBody({ error: { code: 'NOPE' } })).toBeUndefined();
    expect(parseErrorBody({ error: null })).toBeUndefined();
    expect(parseErrorBody({})).toBeUndefined();
    expect(parseErrorBody(null)).toBeUndefined();
    expect(parseErrorBody('x')).toBeUndefined();
  });

  it('maps codes to translation keys', () => {
    expect(errorMessageKey('RATE_LIMITED')).toBe('error.rateLimited');
    expect(errorMessageKey('DATABASE_UNAVAILABLE')).toBe('error.unavailable');
    expect(errorMessageKey('INTERNAL_ERROR')).toBe('error.serverError');
    expect(errorMessageKey(undefined)).toBe('error.serverError');
  });
});
