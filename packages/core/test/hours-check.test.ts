import { describe, expect, it } from 'vitest';
import { isStoreHours, storeHoursSchema } from '../src/index.js';

const week = (day: [number, number][]) => Array.from({ length: 7 }, () => day);
const good = { timeZone: 'Europe/London', week: week([[540, 1080]]), special: [] };

const cases: [string, unknown][] = [
  ['valid hours', good],
  ['past midnight', { ...good, week: week([[1200, 1560]]) }],
  ['special dates', { ...good, special: [{ date: '2026-12-25', hours: [], name: 'Xmas' }] }],
  ['closed all week', { ...good, week: week([]) }],
  ['null', null],
  ['a string', 'Mon-Fri 9-5'],
  ['unknown time zone', { ...good, timeZone: 'Mars/Olympus' }],
  ['six days', { ...good, week: week([[540, 1080]]).slice(0, 6) }],
  ['an interval backwards', { ...good, week: week([[1080, 540]]) }],
  ['longer than a day', { ...good, week: week([[0, 1441]]) }],
  ['fractional minutes', { ...good, week: week([[540.5, 1080]]) }],
  ['open at 24:00', { ...good, week: week([[1440, 1500]]) }],
  ['no special list', { timeZone: 'Europe/London', week: week([]) }],
  ['a bad special date', { ...good, special: [{ date: '25/12/2026', hours: [] }] }],
  ['a special name not text', { ...good, special: [{ date: '2026-12-25', hours: [], name: 1 }] }],
  ['an interval not a pair', { ...good, week: week([[540, 1080]]).map(() => ['9-5']) }],
  ['a special date that is no object', { ...good, special: [null] }],
];

describe('isStoreHours', () => {
  it.each(cases)('agrees with storeHoursSchema: %s', (_name, value) => {
    expect(isStoreHours(value)).toBe(storeHoursSchema.safeParse(value).success);
  });
});
