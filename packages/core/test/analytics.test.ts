import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_BATCH,
  STORED_EVENT_TYPES,
  analyticsBatchSchema,
  analyticsEventSchema,
  roundCoordinate,
} from '../src/analytics.js';
import * as core from '../src/index.js';

const search = {
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en-GB',
  product: 'all',
  carrier: '',
  trigger: 'form',
  dropOff: false,
  resultCount: 0,
  latitude: 51.5074,
  longitude: -0.1278,
} as const;

const issuePath = (value: unknown): string => {
  const r = analyticsEventSchema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0]?.path.join('.') ?? '';
};

describe('analytics event schema', () => {
  it('accepts page views, searches and clicks', () => {
    expect(analyticsEventSchema.parse({ type: 'pageView', page: 'home', locale: 'en_US' })).toEqual(
      { type: 'pageView', page: 'home', locale: 'en_US' },
    );
    expect(
      analyticsEventSchema.parse({
        type: 'pageView',
        page: 'results',
        locale: 'de-DE',
        country: 'de',
        channel: 'service',
      }),
    ).toMatchObject({ country: 'de', channel: 'service' });
    expect(analyticsEventSchema.parse(search)).toEqual(search);
    expect(
      analyticsEventSchema.parse({
        type: 'search',
        channel: 'service',
        country: 'europe',
        locale: 'fr-FR',
        product: '12',
      }),
    ).toMatchObject({ product: '12' });
    expect(
      analyticsEventSchema.parse({
        type: 'click',
        link: 'directions',
        locale: 'en-GB',
        channel: 'sales',
        country: 'GB',
        product: 'all',
        storeId: 'GB-1',
      }),
    ).toMatchObject({ link: 'directions', storeId: 'GB-1' });
  });

  it('names the field of each problem', () => {
    expect(issuePath({ ...search, type: 'purchase' })).toBe('type');
    expect(issuePath({ ...search, channel: 'repairs' })).toBe('channel');
    expect(issuePath({ ...search, country: 'G1' })).toBe('country');
    expect(issuePath({ ...search, locale: 'english' })).toBe('locale');
    expect(issuePath({ ...search, product: 'Phone' })).toBe('product');
    expect(issuePath({ ...search, resultCount: -1 })).toBe('resultCount');
    expect(issuePath({ ...search, resultCount: 1.5 })).toBe('resultCount');
    expect(issuePath({ ...search, beyondRadius: 'yes' })).toBe('beyondRadius');
    expect(issuePath({ ...search, beyondRadius: 1 })).toBe('beyondRadius');
    expect(
      analyticsEventSchema.safeParse({ ...search, resultCount: 3, beyondRadius: true }).success,
    ).toBe(true);
    expect(issuePath({ ...search, latitude: 91 })).toBe('latitude');
    expect(issuePath({ ...search, longitude: undefined })).toBe('longitude');
    expect(issuePath({ ...search, email: 'a@b.c' })).toBe('');
    expect(issuePath({ type: 'click', link: 'mailto', locale: 'en-GB' })).toBe('link');
    expect(issuePath({ type: 'click', link: 'phone', locale: 'en-GB', storeId: '<x>' })).toBe(
      'storeId',
    );
    expect(issuePath({ type: 'click', link: 'phone', locale: 'en-GB', url: 'tel:1' })).toBe('');
    expect(issuePath({ type: 'pageView', page: 'admin', locale: 'en-GB' })).toBe('page');
  });

  it('takes 1 to ANALYTICS_MAX_BATCH events per request', () => {
    const view = { type: 'pageView', page: 'home', locale: 'en-US' };
    expect(analyticsBatchSchema.safeParse({ events: [view] }).success).toBe(true);
    expect(analyticsBatchSchema.safeParse({ events: [] }).success).toBe(false);
    const many = Array.from({ length: ANALYTICS_MAX_BATCH + 1 }, () => view);
    expect(analyticsBatchSchema.safeParse({ events: many }).success).toBe(false);
    expect(analyticsBatchSchema.safeParse({ events: [view], ip: '1.2.3.4' }).success).toBe(false);
  });

  it('rounds coordinates to about 1 km, never to -0', () => {
    expect(roundCoordinate(51.5074)).toBe(51.51);
    expect(roundCoordinate(-0.1278)).toBe(-0.13);
    expect(roundCoordinate(-0.001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.001), 0)).toBe(true);
    expect(roundCoordinate(179.999)).toBe(180);
  });

  it('is exported from the package entry point', () => {
    expect(core.ANALYTICS_EVENTS_PATH).toBe(ANALYTICS_EVENTS_PATH);
    expect(core.STORED_EVENT_TYPES).toBe(STORED_EVENT_TYPES);
    expect(STORED_EVENT_TYPES).toContain('locationSearch');
  });
});
