/**
 * The console's record of webhook deliveries: bounded per URL, newest first, one line per event
 * (its attempts counted), failures kept apart; URLs shown without credentials or query values.
 */
import { describe, expect, it } from 'vitest';
import { DeliveryRecord, shownUrl } from '../src/webhooks/delivery-record.js';

const URL_A = 'https://hooks.example.com/a';
const event = (id: string) => ({ id, type: 'stores.changed' });

describe('DeliveryRecord', () => {
  it('keeps one line per event, newest first, with its attempts', () => {
    let now = Date.parse('2026-12-06T10:00:00Z');
    const record = new DeliveryRecord(3, () => now);
    record.attempt(URL_A, 'e1');
    record.settle(URL_A, event('e1'), { outcome: 'retrying', statusCode: 503 });
    now += 1000;
    record.attempt(URL_A, 'e1');
    record.settle(URL_A, event('e1'), { outcome: 'delivered', statusCode: 204 });
    expect(record.deliveries(URL_A)).toEqual([
      {
        eventId: 'e1',
        event: 'stores.changed',
        at: '2026-12-06T10:00:01.000Z',
        outcome: 'delivered',
        statusCode: 204,
        error: null,
        attempts: 2,
      },
    ]);
    expect(record.failures(URL_A)).toEqual([]);
  });

  it('is bounded per URL, and keeps the failures apart', () => {
    const record = new DeliveryRecord(3);
    record.attempt(URL_A, 'bad');
    record.settle(URL_A, event('bad'), { outcome: 'failed', error: 'fetch failed' });
    for (const id of ['e1', 'e2', 'e3', 'e4']) {
      record.attempt(URL_A, id);
      record.settle(URL_A, event(id), { outcome: 'delivered', statusCode: 200 });
    }
    expect(record.deliveries(URL_A).map((d) => d.eventId)).toEqual(['e4', 'e3', 'e2']);
    expect(record.failures(URL_A)).toMatchObject([
      { eventId: 'bad', outcome: 'failed', statusCode: null, error: 'fetch failed', attempts: 1 },
    ]);
    expect(record.deliveries('https://other.example.com/')).toEqual([]);
  });
});

describe('shownUrl', () => {
  it('removes a user name and password and hides query values', () => {
    expect(shownUrl('https://me:pw@hooks.example.com/in?token=abc&x=1')).toBe(
      'https://hooks.example.com/in?token=…&x=…',
    );
    expect(shownUrl('http://127.0.0.1:9000/hooks')).toBe('http://127.0.0.1:9000/hooks');
  });
});
