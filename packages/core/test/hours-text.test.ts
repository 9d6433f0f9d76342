import { describe, expect, it } from 'vitest';
import {
  hoursText,
  parseSpecialDates,
  parseTimes,
  parseWeeklyHours,
  specialDatesText,
  storeHoursSchema,
  hoursStatusWireSchema,
  weeklyHoursText,
} from '../src/index.js';

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const error = (r: { ok: boolean; error?: string }): string | undefined => r.error;

describe('weekly hours text', () => {
  it('reads rules, ranges, lists, overrides and past-midnight times', () => {
    const week = ok(
      parseWeeklyHours('Mo-Fr 09:00-18:00; Sa 10:00-13:00,14:00-17:00; Su off; Fr-Sa 22:00-02:00'),
    );
    expect(week[0]).toEqual([[540, 1080]]);
    expect(week[4]).toEqual([[1320, 1560]]);
    expect(week[5]).toEqual([[1320, 1560]]);
    expect(week[6]).toEqual([]);
    expect(ok(parseWeeklyHours('Su,We 09:00-24:00'))[2]).toEqual([[540, 1440]]);
    expect(ok(parseWeeklyHours('Sa-Mo 22:00-26:00'))[0]).toEqual([[1320, 1560]]);
    expect(ok(parseWeeklyHours('10:00-16:00')).every((d) => d.length === 1)).toBe(true);
    expect(ok(parseWeeklyHours('Mo closed'))[0]).toEqual([]);
    expect(ok(parseWeeklyHours('24/7'))[3]).toEqual([[0, 1440]]);
    expect(ok(parseWeeklyHours('Mo 00:00-00:00'))[0]).toEqual([[0, 1440]]);
  });

  it('refuses what it does not read, saying why', () => {
    expect(error(parseWeeklyHours(' ; '))).toBe('no hours given');
    expect(error(parseWeeklyHours('PH off'))).toMatch(/"PH" is not a weekday/);
    expect(error(parseWeeklyHours('Mo-Tu-We 09:00-10:00'))).toMatch(/not a weekday/);
    expect(error(parseWeeklyHours('Mo'))).toMatch(/gives no times/);
    expect(error(parseWeeklyHours('Mo 9h-18h'))).toMatch(/"9h-18h" is not a time range/);
    expect(error(parseWeeklyHours('Mo 09:00-18:00-19:00'))).toMatch(/not a time range/);
    expect(error(parseWeeklyHours('Mo 24:00-25:00'))).toMatch(/not a time range/);
    expect(error(parseWeeklyHours('Mo 09:60-10:00'))).toMatch(/not a time range/);
    expect(error(parseWeeklyHours('Mo 09:00-34:00'))).toMatch(/longer than a day/);
    expect(error(parseWeeklyHours('Mo 09:00-12:00,11:00-13:00'))).toMatch(/overlapping/);
    expect(error(parseTimes('09:00-'))).toMatch(/not a time range/);
  });

  it('writes the text back', () => {
    const text = 'Mo-Fr 09:00-18:00; Sa 10:00-13:00,14:00-17:00; Su 22:00-26:00';
    expect(weeklyHoursText(ok(parseWeeklyHours(text)))).toBe(text);
    expect(weeklyHoursText([[], [], [], [], [], [], []])).toBe('Mo-Su off');
    expect(weeklyHoursText([])).toBe('Mo-Su off');
    expect(hoursText(5)).toBe('00:05');
  });
});

describe('special dates text', () => {
  it('reads dates, ranges and names, sorted', () => {
    const s = ok(
      parseSpecialDates(
        '2026-12-25 off "Christmas Day"; 2026-12-24 09:00-14:00; 2026-08-01..2026-08-03 closed',
      ),
    );
    expect(s.map((d) => d.date)).toEqual([
      '2026-08-01',
      '2026-08-02',
      '2026-08-03',
      '2026-12-24',
      '2026-12-25',
    ]);
    expect(s[4]).toEqual({ date: '2026-12-25', hours: [], name: 'Christmas Day' });
    expect(ok(parseSpecialDates(['2026-01-01 off', ' ']))).toHaveLength(1);
    expect(ok(parseSpecialDates(''))).toEqual([]);
    expect(specialDatesText(s.slice(3))).toBe(
      '2026-12-24 09:00-14:00; 2026-12-25 off "Christmas Day"',
    );
  });

  it('refuses bad entries, saying why', () => {
    expect(error(parseSpecialDates('Christmas off'))).toMatch(/is not like/);
    expect(error(parseSpecialDates('2026-02-30 off'))).toMatch(/no such date/);
    expect(error(parseSpecialDates('2026-01-01..2026-13-01 off'))).toMatch(/no such date/);
    expect(error(parseSpecialDates('2026-02-02..2026-02-01 off'))).toMatch(/range of 1 to 366/);
    expect(error(parseSpecialDates('2026-01-01..2028-01-01 off'))).toMatch(/range/);
    expect(error(parseSpecialDates('2026-01-01 9-5'))).toMatch(/not a time range/);
    expect(error(parseSpecialDates('2026-01-01 off; 2025-12-31..2026-01-02 off'))).toMatch(
      /2026-01-01 is given twice/,
    );
  });
});

describe('stored form', () => {
  it('accepts hours and refuses malformed ones', () => {
    const week = [[[540, 1080]], [], [], [], [], [], [[1320, 1560]]];
    expect(storeHoursSchema.safeParse({ timeZone: 'UTC', week, special: [] }).success).toBe(true);
    expect(storeHoursSchema.safeParse({ timeZone: 'Nowhere', week, special: [] }).success).toBe(
      false,
    );
    expect(
      storeHoursSchema.safeParse({ timeZone: 'UTC', week: [[[600, 500]]], special: [] }).success,
    ).toBe(false);
    expect(hoursStatusWireSchema.parse({ open: true, changeAt: null })).toEqual({
      open: true,
      changeAt: null,
    });
  });
});
