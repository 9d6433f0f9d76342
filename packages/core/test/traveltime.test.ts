import { describe, expect, it } from 'vitest';
import {
  formatTravelTime,
  initialTravelMode,
  isTravelMode,
  isBeyondWalking,
  MAX_WALKING_SECONDS,
  splitDuration,
} from '../src/traveltime.js';
import type { TravelMode } from '../src/types.js';

describe('travel time (PRODUCT.md#maps-service)', () => {
  it('splits seconds into hours and minutes', () => {
    expect(splitDuration(3900)).toEqual({ hours: 1, minutes: 5 });
    expect(splitDuration(7200)).toEqual({ hours: 2, minutes: 0 });
    expect(splitDuration(89)).toEqual({ hours: 0, minutes: 1 });
    expect(splitDuration(91)).toEqual({ hours: 0, minutes: 2 });
    expect(splitDuration(3599.9)).toEqual({ hours: 1, minutes: 0 });
    expect(splitDuration(10)).toEqual({ hours: 0, minutes: 1 });
    expect(splitDuration(0)).toEqual({ hours: 0, minutes: 0 });
    expect(splitDuration(-1)).toBeUndefined();
    expect(splitDuration(Number.NaN)).toBeUndefined();
    expect(splitDuration(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('formats for a locale', () => {
    expect(formatTravelTime(3900, 'en-US')).toBe('1 hr 5 min');
    expect(formatTravelTime(3900, 'en_US')).toBe('1 hr 5 min');
    // A catch-all region's page: Latin-American Spanish, not the English fallback.
    expect(formatTravelTime(3900, 'es-LAC')).toBe(formatTravelTime(3900, 'es-419'));
    expect(formatTravelTime(3900, 'es-LAC')).not.toBe('1 hr 5 min');
    expect(formatTravelTime(7200, 'en-US')).toBe('2 hr');
    expect(formatTravelTime(300, 'en-US')).toBe('5 min');
    expect(formatTravelTime(0, 'en-US')).toBe('0 min');
    expect(formatTravelTime(20, 'en-US')).toBe('1 min');
    expect(formatTravelTime(3900, 'de-DE')).toMatch(/1 Std\..*5 Min\./);
    expect(formatTravelTime(3900, 'zh-CN')).toContain('小时');
  });

  it('gives "" for invalid times and survives a malformed locale', () => {
    expect(formatTravelTime(-5, 'en-US')).toBe('');
    expect(formatTravelTime(Number.NaN, 'en-US')).toBe('');
    expect(formatTravelTime(3900, 'en--US')).toBe('1 hr 5 min');
    expect(formatTravelTime(3900, '')).toBe('1 hr 5 min');
  });
});

describe('travel mode (PRODUCT.md#store-search-answer, #code-lists)', () => {
  it('starts with the results’ mode, else automobile', () => {
    expect(initialTravelMode({ modesOfTransport: 'walking' })).toBe('walking');
    expect(initialTravelMode({})).toBe('automobile');
    expect(initialTravelMode(undefined)).toBe('automobile');
    expect(initialTravelMode({ modesOfTransport: 'cycle' as TravelMode })).toBe('automobile');
  });

  it('knows the travel modes', () => {
    expect(isTravelMode('automobile')).toBe(true);
    expect(isTravelMode('public_transport')).toBe(false);
    expect(isTravelMode(1)).toBe(false);
  });
});

describe('walking distance', () => {
  it('a walk over 90 minutes is beyond walking distance; driving never is', () => {
    expect(MAX_WALKING_SECONDS).toBe(5400);
    expect(isBeyondWalking('walking', 5400)).toBe(false);
    expect(isBeyondWalking('walking', 5401)).toBe(true);
    expect(isBeyondWalking('walking', 72_000)).toBe(true); // 20 hours
    expect(isBeyondWalking('automobile', 72_000)).toBe(false);
    expect(isBeyondWalking('walking', Number.NaN)).toBe(false);
  });
});
