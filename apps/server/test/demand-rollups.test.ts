/**
 * The demand roll-ups' pure parts: a batch of events counted per hour and key (in key order,
 * missing values as ''), the outcome of a search, which events have a place, the upsert and
 * select SQL per dialect, and the aggregation helpers (a period of whole hours only; unmet
 * searches without a position).
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../src/db/types.js';
import {
  isPlaceEvent,
  outcomeOf,
  rollupGroups,
  rollupRows,
  rollupSelect,
  upsertSql,
} from '../src/modules/analytics/demand-rollups.js';
import { scopeHours, unlocated } from '../src/modules/analytics/demand-aggregate.js';

const base: EventRecord = {
  at: new Date('2026-11-02T10:15:00Z'),
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en_GB',
  product: 'all',
  carrier: null,
  link: null,
  page: null,
  trigger: null,
  dropOff: null,
  resultCount: 0,
  beyondRadius: false,
  latitude: 57.48,
  longitude: -4.22,
  storeId: null,
  embedOrigin: null,
};
const HOUR = Date.parse('2026-11-02T10:00:00Z') / 3_600_000;

describe('rollupRows', () => {
  it('counts a batch per hour and key, in key order', () => {
    const rows = rollupRows([
      base,
      { ...base, at: new Date('2026-11-02T10:59:59Z') },
      { ...base, resultCount: 3 },
      // Answered only beyond the radius: unmet, with its place.
      { ...base, resultCount: 2, beyondRadius: true },
      { ...base, type: 'click', link: 'phone', resultCount: null, latitude: null },
      { ...base, type: 'pageView', channel: null, country: null, product: null },
    ]);
    expect(rows.hourly).toEqual([
      ['click', HOUR, 'GB', 'sales', 'all', 'phone', '', '', 1],
      ['pageView', HOUR, '', '', '', '', '', '', 1],
      ['search', HOUR, 'GB', 'sales', 'all', '', '', 'beyond', 1],
      ['search', HOUR, 'GB', 'sales', 'all', '', '', 'found', 1],
      ['search', HOUR, 'GB', 'sales', 'all', '', '', 'none', 2],
    ]);
    expect(rows.places).toEqual([
      ['search', HOUR, 'GB', 'sales', 'all', 57.48, -4.22, 'beyond', 1],
      ['search', HOUR, 'GB', 'sales', 'all', 57.48, -4.22, 'none', 2],
    ]);
  });

  it('tells a search’s outcome and which events have a place', () => {
    expect(outcomeOf({ type: 'search', resultCount: null })).toBe('unknown');
    expect(outcomeOf({ type: 'search', resultCount: 0 })).toBe('none');
    expect(outcomeOf({ type: 'search', resultCount: 2 })).toBe('found');
    expect(outcomeOf({ type: 'click', resultCount: null })).toBe('');
    // Answered only beyond the radius; a search that found nothing at all stays none.
    expect(outcomeOf({ type: 'search', resultCount: 3, beyondRadius: true })).toBe('beyond');
    expect(outcomeOf({ type: 'search', resultCount: null, beyondRadius: true })).toBe('beyond');
    expect(outcomeOf({ type: 'search', resultCount: 0, beyondRadius: true })).toBe('none');
    expect(outcomeOf({ type: 'search', resultCount: 3, beyondRadius: false })).toBe('found');
    expect(isPlaceEvent({ ...base, resultCount: 3, beyondRadius: true })).toBe(true);
    expect(isPlaceEvent(base)).toBe(true);
    expect(isPlaceEvent({ ...base, resultCount: 1 })).toBe(false);
    expect(isPlaceEvent({ ...base, type: 'locationSearch', resultCount: null })).toBe(true);
    expect(isPlaceEvent({ ...base, longitude: null })).toBe(false);
  });
});

describe('the roll-ups’ SQL', () => {
  it('upserts rows with the dialect’s placeholders', () => {
    const sql = upsertSql('demand_places_hourly', 2, (i) => `$${i + 1}`);
    expect(sql).toContain('($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11');
    expect(sql).toContain('DO UPDATE SET n = demand_places_hourly.n + excluded.n');
  });

  it('selects a range of hours with filters and reads the groups back', () => {
    const { sql, params } = rollupSelect(
      'demand_hourly',
      { fromHour: 1, toHour: 5, where: { type: 'search', country: undefined }, by: ['hour'] },
      () => '?',
    );
    expect(params).toEqual([1, 5, 'search']);
    expect(sql).toMatch(/WHERE hour >= \? AND hour < \? AND type = \? GROUP BY hour/);
    expect(() =>
      rollupSelect(
        'demand_hourly',
        { fromHour: 1, toHour: 5, where: { 'type; --': 'x' } as never, by: [] },
        () => '?',
      ),
    ).toThrow(/not a column/);
    expect(
      rollupGroups(
        ['hour', 'country'],
        [
          { k0: '7', k1: 'GB', n: '3' },
          { k0: 8, k1: 'DE', n: 0 },
        ],
      ),
    ).toEqual([{ key: { hour: 7, country: 'GB' }, count: 3 }]);
  });
});

describe('the aggregation helpers', () => {
  it('takes periods of whole hours only', () => {
    expect(
      scopeHours({
        from: new Date('2026-11-01T00:00:00Z'),
        to: new Date('2026-11-01T02:00:00Z'),
      }),
    ).toEqual({ fromHour: HOUR - 34, toHour: HOUR - 32 });
    expect(() =>
      scopeHours({ from: new Date('2026-11-01T00:30:00Z'), to: new Date('2026-11-02') }),
    ).toThrow(RangeError);
  });

  it('gives the unmet searches without a position', () => {
    const unmet = [
      { key: { country: 'GB', outcome: 'none' }, count: 5 },
      { key: { country: 'DE', outcome: 'none' }, count: 2 },
      { key: { country: 'DE', outcome: 'beyond' }, count: 3 },
    ];
    const located = [
      { key: { country: 'GB', latitude: 1, longitude: 2, outcome: 'none' }, count: 5 },
      { key: { country: 'DE', latitude: 1, longitude: 2, outcome: 'beyond' }, count: 1 },
    ];
    expect(unlocated(unmet, located, ['country'])).toEqual([{ key: { country: 'DE' }, count: 4 }]);
    expect(unlocated(unmet, located, ['country', 'outcome'])).toEqual([
      { key: { country: 'DE', outcome: 'none' }, count: 2 },
      { key: { country: 'DE', outcome: 'beyond' }, count: 2 },
    ]);
  });
});
