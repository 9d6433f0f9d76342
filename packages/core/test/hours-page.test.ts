import { describe, expect, it } from 'vitest';
import {
  dayHours,
  pageHours,
  parseWeeklyHours,
  STORE_PAGE_SPECIAL_DAYS,
  type StoreHours,
} from '../src/index.js';

const week = (text: string) => {
  const r = parseWeeklyHours(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const at = (iso: string): number => Date.parse(iso);
const london: StoreHours = {
  timeZone: 'Europe/London',
  week: week('Mo-Fr 09:00-18:00; Sa 10:00-16:00; Su off'),
  special: [
    { date: '2026-11-20', hours: [] },
    { date: '2026-11-23', hours: [[600, 900]], name: 'Stocktake' },
    { date: '2026-12-20', hours: [] },
    { date: '2026-12-21', hours: [] },
  ],
};

describe('a day as a page says it', () => {
  it('closed, all day, or its intervals in order', () => {
    expect(dayHours([])).toEqual({ kind: 'closed' });
    expect(dayHours([[0, 1440]])).toEqual({ kind: 'allDay' });
    expect(dayHours([[0, 1560]])).toEqual({ kind: 'allDay' });
    expect(
      dayHours([
        [720, 1440],
        [0, 720],
      ]),
    ).toEqual({ kind: 'allDay' });
    expect(
      dayHours([
        [780, 1080],
        [540, 720],
      ]),
    ).toEqual({
      kind: 'open',
      intervals: [
        [540, 720],
        [780, 1080],
      ],
    });
    expect(dayHours([[60, 1440]])).toEqual({ kind: 'open', intervals: [[60, 1440]] });
  });
});

describe('the page model of a store’s hours', () => {
  it('keeps the special dates from today to four weeks ahead, today marked', () => {
    // Monday 23 November 2026, 08:00 in London.
    const m = pageHours(london, at('2026-11-23T08:00:00Z'));
    expect(m.today).toEqual({ date: '2026-11-23', weekday: 0 });
    expect(m.special.map((s) => [s.date, s.today])).toEqual([
      ['2026-11-23', true],
      ['2026-12-20', false],
    ]);
    expect(STORE_PAGE_SPECIAL_DAYS).toBe(28);
    expect(m.week[6]).toEqual({ kind: 'closed' });
  });

  it('says the status and holds it until the next change of its line', () => {
    // 08:00: closed, opens at 10:00 (the special date's hours); the line has no countdown, so
    // it holds until the opening itself.
    const early = pageHours(london, at('2026-11-23T08:00:00Z'));
    expect(early.status).toEqual({ key: 'closedOpens', open: false, minute: 600 });
    expect(early.validUntil).toBe(at('2026-11-23T10:00:00Z'));
    // 09:30, within the hour before opening: the same line, no "opens in 30 min".
    const soon = pageHours(london, at('2026-11-23T09:30:00Z'));
    expect(soon.status).toEqual({ key: 'closedOpens', open: false, minute: 600 });
    // 11:00: open, closes 15:00; "Closes soon" from 14:00.
    const open = pageHours(london, at('2026-11-23T11:00:00Z'));
    expect(open.status).toEqual({ key: 'openCloses', open: true, minute: 900 });
    expect(open.validUntil).toBe(at('2026-11-23T14:00:00Z'));
    const closing = pageHours(london, at('2026-11-23T14:30:00Z'));
    expect(closing.status.key).toBe('closesSoon');
    expect(closing.validUntil).toBe(at('2026-11-23T15:00:00Z'));
    // Saturday 17:00: closed until Monday; the page changes at midnight (today moves).
    const weekend = pageHours(london, at('2026-11-28T17:00:00Z'));
    expect(weekend.status).toEqual({ key: 'closedOpens', open: false, minute: 540, weekday: 0 });
    expect(weekend.validUntil).toBe(at('2026-11-29T00:00:00Z'));
  });

  it('a store open around the clock is open all day, and the page changes at midnight', () => {
    const always: StoreHours = {
      timeZone: 'Asia/Tokyo',
      week: week('Mo-Su 00:00-24:00'),
      special: [],
    };
    const m = pageHours(always, at('2026-11-23T03:00:00Z'));
    expect(m.week.every((d) => d.kind === 'allDay')).toBe(true);
    expect(m.status).toEqual({ key: 'openAlways', open: true });
    expect(m.validUntil).toBe(at('2026-11-23T15:00:00Z'));
  });
});
