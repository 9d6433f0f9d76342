import { describe, expect, it } from 'vitest';
import {
  dayOfIsoDate,
  hoursAhead,
  hoursStatus,
  hoursStatusWire,
  hoursWeek,
  instantOf,
  isoDateOf,
  isSoon,
  isTimeZone,
  localTimeAt,
  minutesUntil,
  parseWeeklyHours,
  weekdayOf,
  type StoreHours,
} from '../src/index.js';

const at = (iso: string): number => Date.parse(iso);
const day = (date: string): number => dayOfIsoDate(date)!;
const weekly = (text: string, timeZone: string, special: StoreHours['special'] = []) => {
  const parsed = parseWeeklyHours(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { timeZone, week: parsed.value, special } satisfies StoreHours;
};

describe('time-zone arithmetic', () => {
  it('knows time zones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' UTC')).toBe(false);
  });

  it('numbers days and weekdays (0 = Monday)', () => {
    expect(weekdayOf(0)).toBe(3); // 1970-01-01, a Thursday
    expect(weekdayOf(-1)).toBe(2);
    expect(weekdayOf(day('2026-11-23'))).toBe(0);
    expect(isoDateOf(day('2026-03-29'))).toBe('2026-03-29');
    expect(dayOfIsoDate('2026-02-30')).toBeUndefined();
    expect(dayOfIsoDate('26-1-1')).toBeUndefined();
  });

  it('reads the local clock', () => {
    expect(localTimeAt(at('2026-07-01T12:34:56Z'), 'Europe/London')).toEqual({
      day: day('2026-07-01'),
      minute: 13 * 60 + 34,
    });
    expect(localTimeAt(at('2026-07-01T02:00:00Z'), 'America/New_York')).toEqual({
      day: day('2026-06-30'),
      minute: 22 * 60,
    });
  });

  it('maps a skipped wall time after the change and a repeated one to the earlier instant', () => {
    // London: 01:00 GMT → 02:00 BST on 29 March 2026; 02:00 BST → 01:00 GMT on 25 October.
    expect(instantOf(day('2026-03-29'), 90, 'Europe/London')).toBe(at('2026-03-29T01:30:00Z'));
    expect(instantOf(day('2026-10-25'), 90, 'Europe/London')).toBe(at('2026-10-25T00:30:00Z'));
    expect(instantOf(day('2026-10-25'), 150, 'Europe/London')).toBe(at('2026-10-25T02:30:00Z'));
    // New York: 02:00 EST → 03:00 EDT on 8 March 2026.
    expect(instantOf(day('2026-03-08'), 150, 'America/New_York')).toBe(at('2026-03-08T07:30:00Z'));
  });

  it('reads the clock right in every quarter hour around a change, at any offset', () => {
    // The offsets are read once per zone and UTC quarter hour; each minute of the day of the
    // change still reads its own wall clock.
    const start = at('2026-03-29T00:00:00Z');
    for (let m = 0; m < 180; m += 1) {
      const instant = start + m * 60_000;
      const bst = instant >= at('2026-03-29T01:00:00Z');
      const wall = m + (bst ? 60 : 0);
      expect(localTimeAt(instant, 'Europe/London')).toEqual({
        day: day('2026-03-29'),
        minute: wall,
      });
    }
    expect(localTimeAt(at('2026-07-01T00:00:00Z'), 'Asia/Kathmandu').minute).toBe(5 * 60 + 45);
    expect(localTimeAt(at('2026-07-01T00:00:00Z'), 'Australia/Lord_Howe').minute).toBe(
      10 * 60 + 30,
    );
  });

  it('keeps reading right after many zones and quarter hours were read', () => {
    const base = at('2020-01-01T00:00:00Z');
    for (let q = 0; q < 20_001; q += 1) localTimeAt(base + q * 900_000, 'UTC');
    expect(localTimeAt(at('2026-07-01T12:34:56Z'), 'Europe/London').minute).toBe(13 * 60 + 34);
  });
});

describe('status across daylight-saving changes', () => {
  it('Europe/London, spring: a past-midnight run closes at its wall time', () => {
    const h = weekly('Mo-Fr 09:00-18:00; Sa 22:00-04:00; Su 10:00-16:00', 'Europe/London');
    // 00:30 GMT on the Sunday: open since Saturday 22:00, closes 04:00 BST = 03:00 UTC.
    const s = hoursStatus(h, at('2026-03-29T00:30:00Z'));
    expect(s.open).toBe(true);
    expect(s.change).toEqual({
      at: at('2026-03-29T03:00:00Z'),
      weekday: 6,
      date: '2026-03-29',
      minute: 240,
    });
    expect(minutesUntil(s.change!, at('2026-03-29T00:30:00Z'))).toBe(150);
    // 09:30 BST: opens at 10:00 BST, in 30 minutes.
    const later = hoursStatus(h, at('2026-03-29T08:30:00Z'));
    expect(later.open).toBe(false);
    expect(later.change!.at).toBe(at('2026-03-29T09:00:00Z'));
    expect(isSoon(later.change, at('2026-03-29T08:30:00Z'))).toBe(true);
  });

  it('Europe/London, autumn: the repeated hour lasts an hour longer', () => {
    const h = weekly('Sa 22:00-03:00', 'Europe/London');
    const s = hoursStatus(h, at('2026-10-25T00:30:00Z')); // 01:30 BST
    expect(s.open).toBe(true);
    expect(s.change!.at).toBe(at('2026-10-25T03:00:00Z')); // 03:00 GMT
    expect(minutesUntil(s.change!, at('2026-10-25T00:30:00Z'))).toBe(150);
  });

  it('America/New_York, both changes', () => {
    const h = weekly('Su 01:00-05:00; Mo-Sa 09:00-21:00', 'America/New_York');
    const spring = hoursStatus(h, at('2026-03-08T06:30:00Z')); // 01:30 EST
    expect(spring.open).toBe(true);
    expect(spring.change!.at).toBe(at('2026-03-08T09:00:00Z')); // 05:00 EDT
    const fall = hoursStatus(h, at('2026-11-01T10:30:00Z')); // 05:30 EST, just closed
    expect(fall.open).toBe(false);
    expect(fall.change).toMatchObject({ at: at('2026-11-02T14:00:00Z'), weekday: 0, minute: 540 });
    const night = hoursStatus(h, at('2026-11-01T06:30:00Z')); // 01:30 EST (second time)
    expect(night.open).toBe(true);
    expect(night.change!.at).toBe(at('2026-11-01T10:00:00Z'));
  });

  it('Australia/Sydney, both changes', () => {
    const h = weekly('Su 09:00-17:00; Sa 20:00-04:00', 'Australia/Sydney');
    // 5 April 2026, 03:00 AEDT → 02:00 AEST. 06:00 AEST: opens 09:00 AEST = 23:00 UTC.
    const end = hoursStatus(h, at('2026-04-04T20:00:00Z'));
    expect(end).toEqual({
      open: false,
      change: { at: at('2026-04-04T23:00:00Z'), weekday: 6, date: '2026-04-05', minute: 540 },
    });
    // 4 October 2026, 02:00 AEST → 03:00 AEDT. 01:00 AEST: open, closes 04:00 AEDT.
    const start = hoursStatus(h, at('2026-10-03T15:00:00Z'));
    expect(start.open).toBe(true);
    expect(start.change!.at).toBe(at('2026-10-03T17:00:00Z'));
  });
});

describe('status on every weekday', () => {
  const h = weekly(
    'Mo 08:00-12:00; Tu 09:00-13:00; We 10:00-14:00; Th 11:00-15:00; Fr 11:00-16:00; Sa 11:00-17:00; Su off',
    'UTC',
  );
  const closings = [720, 780, 840, 900, 960, 1020];
  it.each([0, 1, 2, 3, 4, 5])('weekday %i is open at 11:30 and closes at its own time', (d) => {
    const s = hoursStatus(h, at(`2026-11-${23 + d}T11:30:00Z`));
    expect(s).toMatchObject({ open: true, change: { weekday: d, minute: closings[d] } });
    const late = hoursStatus(h, at(`2026-11-${23 + d}T20:00:00Z`));
    expect(late).toMatchObject({ open: false, change: { weekday: (d + 1) % 6 } });
  });
  it('Sunday is closed and opens on Monday', () => {
    const s = hoursStatus(h, at('2026-11-29T12:00:00Z'));
    expect(s).toMatchObject({ open: false, change: { weekday: 0, minute: 480 } });
    expect(hoursStatus(h, at('2026-11-28T20:00:00Z')).change?.weekday).toBe(0);
  });
});

describe('special dates and past-midnight runs', () => {
  const h = weekly('Mo-Th 09:00-18:00; Fr 09:00-20:00; Sa 22:00-02:00; Su off', 'Europe/Paris', [
    { date: '2026-12-24', hours: [[540, 840]], name: 'Veille de Noël' },
    { date: '2026-12-25', hours: [], name: 'Noël' },
    { date: '2026-12-27', hours: [[600, 960]] },
  ]);

  it('a closed special date closes the weekday', () => {
    const s = hoursStatus(h, at('2026-12-25T11:00:00Z'));
    expect(s.open).toBe(false);
    expect(s.change).toMatchObject({ date: '2026-12-26', minute: 1320 });
  });

  it('shortened hours close early', () => {
    const s = hoursStatus(h, at('2026-12-24T12:00:00Z')); // 13:00 in Paris
    expect(s).toMatchObject({ open: true, change: { date: '2026-12-24', minute: 840 } });
  });

  it('a run past midnight carries into a special date', () => {
    const s = hoursStatus(h, at('2026-12-27T00:30:00Z')); // Sunday 01:30
    expect(s).toMatchObject({ open: true, change: { date: '2026-12-27', minute: 120 } });
    const after = hoursStatus(h, at('2026-12-27T02:00:00Z')); // Sunday 03:00
    expect(after).toMatchObject({ open: false, change: { date: '2026-12-27', minute: 600 } });
  });

  it('touching intervals are one opening', () => {
    const always = weekly('24/7', 'Asia/Tokyo');
    expect(hoursStatus(always, at('2026-06-01T00:00:00Z'))).toEqual({ open: true, change: null });
    const split = weekly('Mo-Su 00:00-12:00,12:00-24:00', 'UTC', [
      { date: '2026-06-03', hours: [] },
    ]);
    expect(hoursStatus(split, at('2026-06-01T11:59:00Z')).change?.date).toBe('2026-06-03');
  });

  it('never open has no next change', () => {
    const never = weekly('off', 'UTC');
    expect(hoursStatus(never, 0)).toEqual({ open: false, change: null });
    expect(hoursStatusWire(never, 0)).toEqual({ open: false, changeAt: null });
    expect(isSoon(null, 0)).toBe(false);
  });

  it('gives the status in the answer form', () => {
    expect(hoursStatusWire(h, at('2026-12-24T12:00:00Z'))).toEqual({
      open: true,
      changeAt: at('2026-12-24T13:00:00Z'),
    });
    expect(minutesUntil({ at: 0, weekday: 0, date: '', minute: 0 }, 60_000)).toBe(0);
  });

  it('an answer carries the special dates the status and the week read, no further', () => {
    const far = { date: '2027-03-01', hours: [] };
    const past = { date: '2026-11-01', hours: [] };
    const all = { ...h, special: [past, ...h.special, far] };
    // 2026-12-11 in Paris: from yesterday to the horizon (14 days on).
    expect(hoursAhead(all, at('2026-12-11T12:00:00Z')).special.map((s) => s.date)).toEqual([
      '2026-12-24',
      '2026-12-25',
    ]);
    expect(hoursAhead(all, at('2026-12-26T00:30:00Z')).special.map((s) => s.date)).toEqual([
      '2026-12-25',
      '2026-12-27',
    ]);
    expect(hoursAhead(all, at('2026-12-11T12:00:00Z')).week).toBe(all.week);
    expect(hoursAhead(all, at('2026-06-01T00:00:00Z')).special).toEqual([]);
  });

  it('lists the week from today with special dates marked', () => {
    const week = hoursWeek(h, at('2026-12-23T12:00:00Z'));
    expect(week.map((d) => [d.date, d.weekday, d.today])).toEqual([
      ['2026-12-23', 2, true],
      ['2026-12-24', 3, false],
      ['2026-12-25', 4, false],
      ['2026-12-26', 5, false],
      ['2026-12-27', 6, false],
      ['2026-12-28', 0, false],
      ['2026-12-29', 1, false],
    ]);
    expect(week[1]!.special?.name).toBe('Veille de Noël');
    expect(week[2]!.hours).toEqual([]);
    expect(week[3]!.hours).toEqual([[1320, 1560]]);
    expect(week[0]!.special).toBeUndefined();
  });
});
