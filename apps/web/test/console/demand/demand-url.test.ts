/** The demand dashboard's filters in the address (src/console/demand/demand-url.ts). */
import { describe, expect, it } from 'vitest';
import {
  apiQueryOfFilters,
  filtersOfSearch,
  presetDays,
  searchOfFilters,
  todayIn,
} from '../../../src/console/demand/demand-url';

// 2026-12-06 23:30 UTC: already 7 December in Berlin.
const NOW = Date.UTC(2026, 11, 6, 23, 30);
const read = (search: string, tz = 'UTC') => filtersOfSearch(new URLSearchParams(search), tz, NOW);

describe('the demand filters in the address', () => {
  it('counts the presets back from today in the viewer’s time zone', () => {
    expect(todayIn('UTC', NOW)).toBe('2026-12-06');
    expect(todayIn('Europe/Berlin', NOW)).toBe('2026-12-07');
    expect(presetDays('7d', '2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetDays('90d', '2026-12-06')).toEqual({ from: '2026-09-08', to: '2026-12-06' });
    expect(presetDays('12m', '2026-12-06')).toEqual({ from: '2025-12-07', to: '2026-12-06' });
    expect(read('', 'Europe/Berlin').filters).toMatchObject({
      period: '30d',
      from: '2026-11-08',
      to: '2026-12-07',
    });
  });

  it('reads every part of a shared link and writes it back the same', () => {
    const search = 'from=2026-11-01&to=2026-11-30&by=week&country=DE&channel=sales&product=7';
    const { filters, notes } = read(search);
    expect(notes).toEqual([]);
    expect(filters).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-30',
      by: 'week',
      country: 'DE',
      channel: 'sales',
      product: '7',
    });
    expect(new URLSearchParams(searchOfFilters(filters)).toString()).toBe(search);
    expect(searchOfFilters(read('period=90d').filters)).toEqual({ period: '90d' });
    expect(searchOfFilters(read('').filters)).toEqual({});
  });

  it('drops what it cannot mean, with a note, and keeps the rest', () => {
    const { filters, notes } = read('period=5y&by=month&channel=shop&country=D3&product=x');
    expect(filters).toEqual({
      period: '30d',
      from: '2026-11-07',
      to: '2026-12-06',
      by: 'day',
      country: '',
      channel: '',
      product: '',
    });
    expect(notes.map((n) => `${n.param}:${n.code}`)).toEqual([
      'period:UNKNOWN_PERIOD',
      'by:INVALID_PARAMETER',
      'country:INVALID_PARAMETER',
      'channel:INVALID_PARAMETER',
      'product:INVALID_PARAMETER',
    ]);
  });

  it('falls back to the default period when the custom days cannot be used', () => {
    for (const [search, note] of [
      ['from=2026-02-30&to=2026-03-01', 'from:INVALID_PARAMETER'],
      ['from=2026-03-01', 'to:MISSING_PARAMETER'],
      ['from=2026-03-02&to=2026-03-01', 'to:PARAMETER_OUT_OF_RANGE'],
      ['from=2020-01-01&to=2026-03-01', 'from:PARAMETER_OUT_OF_RANGE'],
    ] as const) {
      const { filters, notes } = read(search);
      expect(filters.period).toBe('30d');
      expect(filters.to).toBe('2026-12-06');
      expect(notes.map((n) => `${n.param}:${n.code}`)).toEqual([note]);
    }
  });

  it('asks the API for the days in the viewer’s time zone with the filters', () => {
    const { filters } = read('period=7d&country=gb&channel=service');
    expect(apiQueryOfFilters(filters, 'Europe/London')).toBe(
      'from=2026-11-30&to=2026-12-06&tz=Europe%2FLondon&by=day&country=GB&channel=service',
    );
  });
});
