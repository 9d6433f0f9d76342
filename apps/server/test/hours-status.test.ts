import { describe, expect, it } from 'vitest';
import { HoursStatuses } from '../src/modules/search/hours-status.js';

// How a search answer writes a store document's hours: the status as of the request, and the
// hours cut to the special dates of the coming two weeks, in place of the stored value.
const hours = {
  timeZone: 'Europe/London',
  week: [[[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], [], []],
  special: [
    { date: '2026-11-30', hours: [], name: 'St Andrew’s Day' },
    { date: '2026-12-25', hours: [], name: 'Christmas Day' },
  ],
};
const MONDAY_NOON = Date.parse('2026-11-23T12:00:00Z');

function write(doc: string, instant: number, tag = 1): string {
  const bytes = Buffer.from(`xx${doc}yy`);
  const start = 2;
  const end = bytes.length - 2;
  const part = new HoursStatuses().part(bytes, start, end, tag, instant);
  const body =
    part.from < part.to
      ? Buffer.concat([
          bytes.subarray(start, start + part.from),
          part.hours,
          bytes.subarray(start + part.to, end),
        ])
      : bytes.subarray(start, end);
  return part.status + body.toString('utf8');
}

describe('opening hours in a search answer', () => {
  it('cuts the special dates to the coming two weeks and adds the status', () => {
    const doc = JSON.stringify({ storeId: 'A', hours, name: 'Ünïcode' });
    const out = write(doc, MONDAY_NOON);
    const closes = Date.parse('2026-11-23T18:00:00Z');
    const status = `"hoursStatus":{"open":true,"changeAt":${closes}},`;
    expect(out.startsWith(status)).toBe(true);
    expect(JSON.parse(out.slice(status.length))).toEqual({
      storeId: 'A',
      hours: { ...hours, special: [hours.special[0]] },
      name: 'Ünïcode',
    });
  });

  it('writes a document whose hours it cannot place as it is, without a status', () => {
    const spaced = JSON.stringify({ storeId: 'B', hours }, null, 1);
    expect(write(spaced, MONDAY_NOON, 2)).toBe(spaced);
    const unclosed = '{"storeId":"B2","hours":{"timeZone":"Europe/London"';
    expect(write(unclosed, MONDAY_NOON, 4)).toBe(unclosed);
    const invalid = JSON.stringify({ storeId: 'B3', hours: { timeZone: 'Mars/Base' } });
    expect(write(invalid, MONDAY_NOON, 5)).toBe(invalid);
  });

  it('shares the work of stores with the same hours', () => {
    const statuses = new HoursStatuses();
    const a = Buffer.from(JSON.stringify({ storeId: 'A', hours }));
    const b = Buffer.from(JSON.stringify({ storeId: 'Bb', name: 'x', hours }));
    const pa = statuses.part(a, 0, a.length, 10, MONDAY_NOON);
    const pb = statuses.part(b, 0, b.length, 11, MONDAY_NOON);
    expect(pb.hours).toBe(pa.hours);
    expect(pb.from).toBe(b.indexOf('"hours":') + 8);
    // At the closing the status changes, for every store with those hours.
    const later = statuses.part(a, 0, a.length, 10, Date.parse('2026-11-23T18:00:00Z'));
    expect(later.status).toContain('"open":false');
  });

  it('writes a document without hours as it is', () => {
    const doc = JSON.stringify({ storeId: 'C', name: '"hours":' });
    expect(write(doc, MONDAY_NOON, 3)).toBe(doc);
  });
});
