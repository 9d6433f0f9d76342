/**
 * The zod-free check of an analytics event (`isAnalyticsEvent`, used by the web client) accepts
 * and refuses exactly what the server's zod schema does: every field of every event type set to
 * each value of a pool of valid and invalid values, then thousands of events drawn with a seeded
 * generator (deterministic).
 */
import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, isAnalyticsEvent } from '../src/analytics.js';
import * as core from '../src/index.js';
import { seededRandom } from '../src/seeded-random.js';

const VALID = {
  pageView: { type: 'pageView', page: 'home', locale: 'en-GB', country: 'uk', channel: 'sales' },
  search: {
    type: 'search',
    channel: 'service',
    country: 'GB',
    locale: 'en_GB',
    product: 'all',
    carrier: 'EE',
    trigger: 'form',
    dropOff: false,
    resultCount: 0,
    beyondRadius: false,
    latitude: 51.5,
    longitude: -0.12,
  },
  click: {
    type: 'click',
    link: 'directions',
    locale: 'de-DE',
    channel: 'sales',
    country: 'de',
    product: '12',
    storeId: 'DE-1.a_b',
  },
} as const;

const ABSENT = Symbol('absent');

/** Values tried in every field: valid ones for some field, invalid ones for all. */
const POOL: unknown[] = [
  ABSENT,
  undefined,
  null,
  '',
  'home',
  'results',
  'admin',
  'sales',
  'training',
  'repairs',
  'uk',
  'GB',
  'europe',
  'G1',
  'toolongcc',
  'en-GB',
  'en_US',
  'english',
  'EN-GB',
  'all',
  'ALL',
  '12',
  '1234567890',
  'Phone',
  'directions',
  'mailto',
  'form',
  'deepLink',
  'dropOff',
  'DE-1',
  '<x>',
  'x'.repeat(60),
  'x'.repeat(61),
  'x'.repeat(65),
  'pageView',
  'search',
  'click',
  'locationSearch',
  true,
  false,
  0,
  -0,
  1,
  1.5,
  -1,
  90,
  -90,
  90.0001,
  180,
  -180.5,
  10_000,
  10_001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  [],
  {},
  ['en-GB'],
];

const FIELDS = [
  'type',
  'page',
  'locale',
  'country',
  'channel',
  'product',
  'carrier',
  'trigger',
  'dropOff',
  'resultCount',
  'beyondRadius',
  'latitude',
  'longitude',
  'link',
  'storeId',
  'url',
];

function withField(base: object, field: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  if (value === ABSENT) delete out[field];
  else out[field] = value;
  return out;
}

const agree = (value: unknown) =>
  expect(isAnalyticsEvent(value), JSON.stringify(value)).toBe(
    analyticsEventSchema.safeParse(value).success,
  );

/** A small deterministic PRNG (mulberry32). */

describe('isAnalyticsEvent (the web client’s check, without zod)', () => {
  it('accepts the valid events of each type', () => {
    for (const event of Object.values(VALID)) expect(isAnalyticsEvent(event)).toBe(true);
    expect(isAnalyticsEvent({ type: 'pageView', page: 'error', locale: 'ar-AE' })).toBe(true);
    expect(isAnalyticsEvent({ type: 'click', link: 'home', locale: 'en-US' })).toBe(true);
  });

  it('refuses what is not an object of a known type', () => {
    for (const value of [undefined, null, 'pageView', 3, [], [VALID.click], {}]) {
      expect(isAnalyticsEvent(value)).toBe(false);
      agree(value);
    }
    expect(isAnalyticsEvent({ ...VALID.click, type: 'locationSearch' })).toBe(false);
    expect(isAnalyticsEvent({ ...VALID.click, type: 7 })).toBe(false);
  });

  it('agrees with the zod schema on every field set to every value of the pool', () => {
    for (const base of Object.values(VALID)) {
      for (const field of FIELDS) {
        for (const value of POOL) agree(withField(base, field, value));
      }
      // Both coordinates, one of them, or neither.
      agree(withField(withField(base, 'latitude', ABSENT), 'longitude', ABSENT));
      agree(withField(withField(base, 'latitude', 10), 'longitude', ABSENT));
    }
  });

  it('agrees with the zod schema on 5,000 generated events', () => {
    const random = seededRandom(20240915);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    let accepted = 0;
    for (let i = 0; i < 5000; i += 1) {
      let event: Record<string, unknown> = { ...pick(Object.values(VALID)) };
      const changes = Math.floor(random() * 4);
      for (let c = 0; c < changes; c += 1) event = withField(event, pick(FIELDS), pick(POOL));
      if (isAnalyticsEvent(event)) accepted += 1;
      agree(event);
    }
    // Both outcomes are well represented.
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(4500);
  });

  it('is exported from the package entry point', () => {
    expect(core.isAnalyticsEvent).toBe(isAnalyticsEvent);
    expect(core.ANALYTICS_PATTERNS.storeId.test('GB-1')).toBe(true);
  });
});
