/**
 * The hours editor's draft ↔ the admin API's hours columns (src/console/stores/hours): read with
 * the server's parsers, written back in canonical text, and the editor's problems agreeing
 * with what those parsers refuse.
 */
import { describe, expect, it } from 'vitest';
import { isTimeZone, parseSpecialDates, parseWeeklyHours } from '@locator/core';
import {
  draftOfValue,
  emptyDraft,
  hoursValueOfStored,
  newDay,
  newSpecial,
  valueOfDraft,
  type HoursDraft,
  type HoursValue,
} from '../../../src/console/stores/hours/hours-draft';
import { hoursProblems, problemsAt } from '../../../src/console/stores/hours/hours-problems';

const given = (change: Partial<HoursDraft> = {}): HoursDraft => ({
  ...emptyDraft(),
  given: true,
  ...change,
});

/** What the admin API's hours check (parsers of @locator/core) says of a value. */
function serverAccepts(value: HoursValue): boolean {
  if (value.hours === null || value.hours === undefined) return true;
  const week = parseWeeklyHours(String(value.hours));
  const special = value.specialHours ? parseSpecialDates(value.specialHours) : { ok: true };
  const zone = value.timeZone ? isTimeZone(String(value.timeZone)) : true;
  return week.ok && special.ok && zone;
}

describe('value → draft', () => {
  it('reads the weekly text into days: intervals, closed, open 24 hours', () => {
    const { draft, unreadable } = draftOfValue({
      hours: 'Mo-Fr 09:00-12:30,13:30-18:00; Sa 00:00-24:00; Su off',
      timeZone: 'Europe/London',
    });
    expect(unreadable).toBeUndefined();
    expect(draft.given).toBe(true);
    expect(draft.timeZone).toBe('Europe/London');
    expect(draft.week[0]).toEqual({
      mode: 'hours',
      ranges: [
        { open: '09:00', close: '12:30' },
        { open: '13:30', close: '18:00' },
      ],
    });
    expect(draft.week[4]).toEqual(draft.week[0]);
    expect(draft.week[5]!.mode).toBe('allDay');
    expect(draft.week[6]!.mode).toBe('closed');
  });

  it('shows a closing past midnight as the next day’s clock time', () => {
    const { draft } = draftOfValue({ hours: 'Fr 22:00-26:00; Sa 18:00-24:00' });
    expect(draft.week[4]!.ranges).toEqual([{ open: '22:00', close: '02:00' }]);
    expect(draft.week[5]!.ranges).toEqual([{ open: '18:00', close: '00:00' }]);
    // Days the text leaves out are closed.
    expect(draft.week[0]!.mode).toBe('closed');
  });

  it('reads special dates, as an array or ";"-separated text, ranges one date each', () => {
    const fromArray = draftOfValue({
      hours: '24/7',
      specialHours: ['2026-12-25 off "Christmas Day"', '2026-12-24 09:00-14:00'],
    }).draft;
    expect(fromArray.special).toEqual([
      { mode: 'hours', ranges: [{ open: '09:00', close: '14:00' }], date: '2026-12-24', name: '' },
      { ...newDay('closed'), date: '2026-12-25', name: 'Christmas Day' },
    ]);
    const fromText = draftOfValue({
      hours: '24/7',
      specialHours: '2026-08-01..2026-08-02 off',
    }).draft;
    expect(fromText.special.map((s) => s.date)).toEqual(['2026-08-01', '2026-08-02']);
  });

  it('reads no hours (null, empty, left out) as a store without hours', () => {
    for (const value of [{}, { hours: null }, { hours: '' }, { hours: '  ' }] as HoursValue[]) {
      expect(draftOfValue(value).draft.given).toBe(false);
    }
  });

  it('says what it could not read, with the parser’s reason, and starts from the default', () => {
    const weekly = draftOfValue({ hours: 'Mo-Fr 09:00-18:00; PH off' });
    expect(weekly.unreadable?.field).toBe('hours');
    expect(weekly.unreadable?.reason).toMatch(/PH/);
    expect(weekly.draft.week).toEqual(emptyDraft().week);
    const special = draftOfValue({ hours: '24/7', specialHours: ['2026-02-30 off'] });
    expect(special.unreadable).toEqual({
      field: 'specialHours',
      reason: expect.stringMatching(/no such date/),
    });
  });
});

describe('draft → value', () => {
  it('writes the canonical text, runs of days together', () => {
    const week = [0, 1, 2, 3, 4].map(() => newDay('hours'));
    const draft = given({
      week: [...week, newDay('allDay'), newDay('closed')],
      timeZone: 'Europe/Paris',
    });
    expect(valueOfDraft(draft)).toEqual({
      hours: 'Mo-Fr 09:00-18:00; Sa 00:00-24:00; Su off',
      specialHours: null,
      timeZone: 'Europe/Paris',
    });
  });

  it('writes a closing at or before the opening past midnight', () => {
    const night = { mode: 'hours' as const, ranges: [{ open: '22:00', close: '02:00' }] };
    const draft = given({ week: Array.from({ length: 7 }, () => night) });
    expect(valueOfDraft(draft).hours).toBe('Mo-Su 22:00-26:00');
  });

  it('writes special dates as the array form, one entry each, with their names', () => {
    const draft = given({
      special: [
        { ...newSpecial('2026-12-25'), name: ' Christmas Day ' },
        { ...newSpecial('2026-12-24'), mode: 'hours', ranges: [{ open: '09:00', close: '14:00' }] },
      ],
    });
    expect(valueOfDraft(draft).specialHours).toEqual([
      '2026-12-25 off "Christmas Day"',
      '2026-12-24 09:00-14:00',
    ]);
  });

  it('writes no hours as nulls (a time zone needs hours; empty zone: derived by the server)', () => {
    expect(valueOfDraft({ ...emptyDraft(), timeZone: 'Europe/Paris' })).toEqual({
      hours: null,
      specialHours: null,
      timeZone: null,
    });
    expect(valueOfDraft(given()).timeZone).toBeNull();
  });

  it('round-trips: the value of a value’s draft is that value, canonical', () => {
    for (const value of [
      {
        hours: 'Mo-Fr 09:00-18:00; Sa 10:00-13:00,14:00-17:00; Su off',
        specialHours: null,
        timeZone: 'Europe/Berlin',
      },
      { hours: 'Mo-Su 00:00-24:00', specialHours: ['2026-01-01 off "New Year"'], timeZone: null },
      {
        hours: 'Mo-Th 08:00-17:00; Fr 08:00-26:00; Sa-Su off',
        specialHours: null,
        timeZone: 'UTC',
      },
    ] satisfies HoursValue[]) {
      expect(valueOfDraft(draftOfValue(value).draft)).toEqual(value);
    }
  });
});

describe('stored hours → value', () => {
  it('writes the store answer’s hours as the export does, special dates one entry each', () => {
    const nine = [[540, 1080]] as [number, number][];
    expect(
      hoursValueOfStored({
        timeZone: 'Europe/London',
        week: [nine, nine, nine, nine, nine, [], []],
        special: [
          { date: '2026-12-25', hours: [], name: 'Christmas Day' },
          { date: '2026-12-26', hours: [[600, 840]] },
        ],
      }),
    ).toEqual({
      hours: 'Mo-Fr 09:00-18:00; Sa-Su off',
      specialHours: ['2026-12-25 off "Christmas Day"', '2026-12-26 10:00-14:00'],
      timeZone: 'Europe/London',
    });
  });

  it('gives no hours for none, or for another form', () => {
    const none = { hours: null, specialHours: null, timeZone: null };
    expect(hoursValueOfStored(undefined)).toEqual(none);
    expect(hoursValueOfStored({ week: [] })).toEqual(none);
  });
});

describe('problems', () => {
  const ranges = (...r: [string, string][]) => ({
    mode: 'hours' as const,
    ranges: r.map(([open, close]) => ({ open, close })),
  });

  it('names a missing time, by interval', () => {
    const draft = given();
    draft.week[2] = ranges(['09:00', '12:00'], ['', '18:00']);
    expect(hoursProblems(draft)).toEqual([{ path: 'week.2.1', code: 'timeMissing' }]);
  });

  it('names overlapping intervals on their day', () => {
    const draft = given();
    draft.week[0] = ranges(['09:00', '13:00'], ['12:00', '18:00']);
    expect(hoursProblems(draft)).toEqual([{ path: 'week.0', code: 'overlap' }]);
    expect(problemsAt(hoursProblems(draft), 'week')).toHaveLength(1);
    expect(problemsAt(hoursProblems(draft), 'week.1')).toHaveLength(0);
  });

  it('names special dates missing, impossible, given twice, or with a quote in the name', () => {
    const draft = given({
      special: [
        newSpecial(''),
        newSpecial('2026-02-30'),
        newSpecial('2026-12-25'),
        { ...newSpecial('2026-12-25'), name: 'The "big" day' },
      ],
    });
    expect(hoursProblems(draft)).toEqual([
      { path: 'special.0.date', code: 'dateMissing' },
      { path: 'special.1.date', code: 'dateInvalid' },
      { path: 'special.3.date', code: 'dateTwice' },
      { path: 'special.3.name', code: 'nameQuote' },
    ]);
  });

  it('names a time zone Intl does not know; none for a store without hours', () => {
    expect(hoursProblems(given({ timeZone: 'Mars/Olympus' }))).toEqual([
      { path: 'timeZone', code: 'timeZone' },
    ]);
    expect(hoursProblems({ ...emptyDraft(), timeZone: 'Mars/Olympus' })).toEqual([]);
  });

  it('agrees with the server’s parsers: no problem exactly when the value is accepted', () => {
    const drafts: HoursDraft[] = [
      given(),
      given({ timeZone: 'America/New_York' }),
      given({ timeZone: 'Nowhere/Else' }),
      given({ special: [newSpecial('2026-12-25')] }),
      given({ special: [newSpecial('2026-13-01')] }),
      given({ special: [newSpecial('2026-05-01'), newSpecial('2026-05-01')] }),
      given({
        special: [
          { ...newSpecial('2026-05-01'), mode: 'hours', ranges: [{ open: '10:00', close: '' }] },
        ],
      }),
    ];
    const withDay = (day: HoursDraft['week'][number]) => {
      const draft = given();
      draft.week[3] = day;
      return draft;
    };
    drafts.push(
      withDay(ranges(['09:00', '12:00'], ['12:00', '18:00'])),
      withDay(ranges(['09:00', '12:01'], ['12:00', '18:00'])),
      withDay(ranges(['22:00', '02:00'])),
      withDay(ranges(['10:00', '10:00'])),
      withDay(ranges(['', ''])),
      withDay(ranges(['18:00', '20:00'], ['08:00', '12:00'])),
    );
    for (const draft of drafts) {
      expect(hoursProblems(draft).length === 0, JSON.stringify(draft.week[3])).toBe(
        serverAccepts(valueOfDraft(draft)),
      );
    }
  });
});
