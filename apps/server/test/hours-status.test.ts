import { describe, expect, it } from 'vitest';
import { HoursStatuses } from '../src/services/hours-status.js';

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

  it('keeps the hours of a document not written by JSON.stringify whole', () => {
    const doc = JSON.stringify({ storeId: 'B', hours }, null, 1);
    const out = write(doc, MONDAY_NOON, 2);
    expect(out.slice(out.indexOf('},') + 2)).toBe(doc);
  });

  it('writes a document without hours as it is', () => {
    const doc = JSON.stringify({ storeId: 'C', name: '"hours":' });
    expect(write(doc, MONDAY_NOON, 3)).toBe(doc);
  });
});
