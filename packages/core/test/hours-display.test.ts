import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDayMonth,
  formatInterval,
  formatWeekday,
  hoursLine,
  parseWeeklyHours,
  type StoreHours,
} from '../src/index.js';

const week = (text: string) => {
  const r = parseWeeklyHours(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const h: StoreHours = {
  timeZone: 'Europe/London',
  week: week('Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off'),
  special: [],
};
const at = (iso: string): number => Date.parse(iso);

describe('status line', () => {
  it('open, closing later', () => {
    expect(hoursLine(h, at('2026-11-23T10:00:00Z'))).toEqual({
      key: 'openCloses',
      open: true,
      minute: 1080,
    });
  });
  it('closes soon', () => {
    expect(hoursLine(h, at('2026-11-23T17:15:00Z'))).toMatchObject({ key: 'closesSoon' });
  });
  it('opens in minutes', () => {
    expect(hoursLine(h, at('2026-11-23T08:30:00Z'))).toEqual({
      key: 'opensIn',
      open: false,
      minutes: 30,
    });
  });
  it('closed, opening later today or on another day', () => {
    expect(hoursLine(h, at('2026-11-23T06:00:00Z'))).toEqual({
      key: 'closedOpens',
      open: false,
      minute: 540,
    });
    expect(hoursLine(h, at('2026-11-29T12:00:00Z'))).toEqual({
      key: 'closedOpens',
      open: false,
      minute: 540,
      weekday: 0,
    });
  });
  it('always open, never open', () => {
    expect(hoursLine({ ...h, week: week('24/7') }, 0).key).toBe('openAlways');
    expect(hoursLine({ ...h, week: week('off') }, 0).key).toBe('closed');
  });
});

describe('Intl formatting', () => {
  it('uses the locale clock', () => {
    expect(formatClock(1080, 'en-GB')).toBe('18:00');
    expect(formatClock(1080, 'en-US')).toMatch(/^6:00\sPM$/);
    expect(formatClock(1560, 'en-GB')).toBe('02:00');
    expect(formatInterval([540, 1080], 'de-DE')).toBe('09:00–18:00');
  });
  it('names weekdays and dates', () => {
    expect(formatWeekday(0, 'en-GB', 'short')).toBe('Mon');
    expect(formatWeekday(6, 'en-GB', 'long')).toBe('Sunday');
    expect(formatWeekday(0, 'fr-FR', 'long')).toBe('lundi');
    expect(formatDayMonth('2026-12-25', 'en-GB')).toBe('25 Dec');
  });
  it("reads a catch-all region's locale as Intl does (es-LAC is Latin-American Spanish)", () => {
    expect(formatClock(1080, 'es-LAC')).toBe(formatClock(1080, 'es-419'));
    expect(formatWeekday(0, 'es-LAC', 'long')).toBe('lunes');
    expect(formatDayMonth('2026-12-25', 'en-EUROPE')).toBe(formatDayMonth('2026-12-25', 'en'));
  });
});
