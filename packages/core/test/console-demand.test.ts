/**
 * The demand dashboard's contract: the query read with its defaults and each bad value refused
 * with its code and parameter; the period's UTC bounds in whole-hour and half-hour zones, across
 * a daylight-saving change, with the previous period and the week buckets; the privacy threshold
 * of counts and rates; the answer schema.
 */
import { describe, expect, it } from 'vitest';
import {
  DEMAND_MAX_DAYS,
  DEMAND_PLACES_DEFAULT,
  dayStart,
  demandAnswerSchema,
  demandCountSchema,
  demandPeriod,
  demandQueryParamsSchema,
  isDemandProblem,
  readDemandQuery,
  shownCount,
  shownRate,
  type DemandQuery,
} from '../src/console-demand.js';
import { dayOfIsoDate } from '../src/hours-zone.js';

const query = (raw: Record<string, unknown>): DemandQuery => {
  const q = readDemandQuery(raw);
  if (isDemandProblem(q)) throw new Error(q.message);
  return q;
};
const problem = (raw: Record<string, unknown>) => {
  const q = readDemandQuery(raw);
  return isDemandProblem(q) ? [q.code, q.param] : undefined;
};

describe('readDemandQuery', () => {
  it('reads the period with its defaults and normalises the filters', () => {
    expect(query({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      timeZone: 'UTC',
      by: 'day',
      limit: DEMAND_PLACES_DEFAULT,
    });
    expect(
      query({
        from: '2026-11-01',
        to: '2026-11-01',
        tz: 'Europe/London',
        by: 'week',
        country: 'gb',
        channel: 'sales',
        product: 'ALL',
        limit: '7',
        extra: 'ignored',
      }),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
      timeZone: 'Europe/London',
      by: 'week',
      limit: 7,
      country: 'GB',
      channel: 'sales',
      product: 'all',
    });
  });

  it('refuses each bad value with its code and parameter', () => {
    const ok = { from: '2026-11-01', to: '2026-11-30' };
    expect(problem({ to: '2026-11-30' })).toEqual(['MISSING_PARAMETER', 'from']);
    expect(problem({ from: '2026-11-01', to: ' ' })).toEqual(['MISSING_PARAMETER', 'to']);
    expect(problem({ from: '2026-02-30', to: '2026-11-30' })).toEqual([
      'INVALID_PARAMETER',
      'from',
    ]);
    expect(problem({ from: '2026-11-02', to: '2026-11-01' })).toEqual([
      'PARAMETER_OUT_OF_RANGE',
      'to',
    ]);
    expect(problem({ from: '2025-01-01', to: '2026-11-01' })).toEqual([
      'PARAMETER_OUT_OF_RANGE',
      'from',
    ]);
    expect(problem({ ...ok, tz: 'Mars/Olympus' })).toEqual(['INVALID_PARAMETER', 'tz']);
    expect(problem({ ...ok, by: 'month' })).toEqual(['INVALID_PARAMETER', 'by']);
    expect(problem({ ...ok, country: 'G1' })).toEqual(['INVALID_PARAMETER', 'country']);
    expect(problem({ ...ok, channel: 'shop' })).toEqual(['INVALID_PARAMETER', 'channel']);
    expect(problem({ ...ok, product: 'x' })).toEqual(['INVALID_PARAMETER', 'product']);
    expect(problem({ ...ok, limit: '1.5' })).toEqual(['INVALID_PARAMETER', 'limit']);
    expect(problem({ ...ok, limit: '0' })).toEqual(['PARAMETER_OUT_OF_RANGE', 'limit']);
    expect(problem({ ...ok, limit: '1001' })).toEqual(['PARAMETER_OUT_OF_RANGE', 'limit']);
  });

  it(`allows ${DEMAND_MAX_DAYS} days and not one more`, () => {
    const from = '2026-01-01';
    const last = new Date(Date.UTC(2026, 0, DEMAND_MAX_DAYS)).toISOString().slice(0, 10);
    const after = new Date(Date.UTC(2026, 0, DEMAND_MAX_DAYS + 1)).toISOString().slice(0, 10);
    expect(demandPeriod(query({ from, to: last })).days).toBe(DEMAND_MAX_DAYS);
    expect(problem({ from, to: after })).toEqual(['PARAMETER_OUT_OF_RANGE', 'from']);
  });
});

describe('demandPeriod', () => {
  it('gives the UTC bounds of local days and the previous period', () => {
    const p = demandPeriod(query({ from: '2026-07-01', to: '2026-07-02', tz: 'Europe/London' }));
    expect(new Date(p.fromMs).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(new Date(p.toMs).toISOString()).toBe('2026-07-02T23:00:00.000Z');
    expect(p.days).toBe(2);
    expect(p.previous).toEqual({
      from: '2026-06-29',
      to: '2026-06-30',
      fromMs: Date.parse('2026-06-28T23:00:00Z'),
      toMs: p.fromMs,
    });
    expect(p.buckets.map((b) => b.start)).toEqual(['2026-07-01', '2026-07-02']);
    expect(p.buckets[1]!.fromMs).toBe(Date.parse('2026-07-01T23:00:00Z'));
  });

  it('follows a daylight-saving change: the day of the change has 25 hours', () => {
    const p = demandPeriod(query({ from: '2026-10-25', to: '2026-10-25', tz: 'Europe/London' }));
    expect((p.toMs - p.fromMs) / 3_600_000).toBe(25);
  });

  it('rounds a half-hour zone down to the whole UTC hour', () => {
    const day = dayOfIsoDate('2026-11-01')!;
    // Midnight in India is 18:30 UTC the day before: the day starts at 18:00 UTC.
    expect(new Date(dayStart(day, 'Asia/Kolkata')).toISOString()).toBe('2026-10-31T18:00:00.000Z');
  });

  it('starts weeks on Monday, the first one on the period’s first day', () => {
    // 2026-11-04 is a Wednesday.
    const p = demandPeriod(query({ from: '2026-11-04', to: '2026-11-17', by: 'week' }));
    expect(p.buckets.map((b) => b.start)).toEqual(['2026-11-04', '2026-11-09', '2026-11-16']);
    expect(p.buckets.at(-1)!.toMs).toBe(p.toMs);
  });
});

describe('the privacy threshold', () => {
  it('hides counts from 1 to the threshold less one', () => {
    expect(shownCount(0, 5)).toBe(0);
    expect(shownCount(4, 5)).toEqual({ fewerThan: 5 });
    expect(shownCount(5, 5)).toBe(5);
    expect(shownCount(1, 1)).toBe(1);
  });

  it('gives no rate of a hidden count or without a denominator', () => {
    expect(shownRate(5, 10, 5)).toBe(0.5);
    expect(shownRate(0, 10, 5)).toBe(0);
    expect(shownRate(3, 10, 5)).toBeNull();
    expect(shownRate(10, 4, 5)).toBeNull();
    expect(shownRate(0, 0, 5)).toBeNull();
  });

  it('is what the count schema accepts', () => {
    expect(demandCountSchema.parse(3)).toBe(3);
    expect(demandCountSchema.parse({ fewerThan: 5 })).toEqual({ fewerThan: 5 });
    expect(demandCountSchema.safeParse({ fewerThan: 5, n: 2 }).success).toBe(false);
  });
});

describe('the answer schema', () => {
  it('reads an answer and documents the query', () => {
    const answer = {
      period: {
        from: '2026-11-01',
        to: '2026-11-30',
        timeZone: 'UTC',
        by: 'day',
        days: 30,
        utcFrom: '2026-11-01T00:00:00.000Z',
        utcTo: '2026-12-01T00:00:00.000Z',
        previous: { from: '2026-10-02', to: '2026-10-31' },
      },
      filters: { country: null, channel: null, product: null },
      minCount: 5,
      headline: {
        searches: { current: 10, previous: { fewerThan: 5 } },
        unmet: { current: 5, previous: 0 },
        beyondRadius: { current: { fewerThan: 5 }, previous: 0 },
        shareFound: { current: 0.5, previous: null },
        clicksPerSearch: { current: null, previous: null },
      },
      series: [{ start: '2026-11-01', searches: 10, unmet: 5 }],
      byCountry: [{ key: 'GB', searches: 10, unmet: 5 }],
      byChannel: [{ key: 'sales', searches: 10, unmet: 5 }],
      byProduct: [{ key: '1', name: 'Phone', searches: 10, unmet: 5 }],
      funnel: [{ step: 'searches', count: 10 }],
      unmetPlaces: {
        total: 1,
        unlocated: 0,
        rows: [
          {
            latitude: 57.48,
            longitude: -4.22,
            country: 'GB',
            place: 'Inverness',
            searches: 5,
            beyondRadius: { fewerThan: 5 },
            nearestStoreKm: 12.5,
          },
        ],
      },
    };
    expect(demandAnswerSchema.parse(answer)).toEqual(answer);
    expect(Object.keys(demandQueryParamsSchema.shape)).toContain('tz');
  });
});
