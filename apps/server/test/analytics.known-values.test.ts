/**
 * Analytics keeps nothing free-form (modules/analytics/known-values.ts): an event's product is a catalogue
 * id or "all" and its carrier one of the country's configured carriers; the location-search
 * statistic's product is a catalogue product (stored as its English name) or empty. Anything else
 * is 400 INVALID_BODY naming the field, and nothing of the batch is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './helpers/databases.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { loadAnalyticsConfig } from '../src/modules/analytics/config.js';

const ALL_TIME = { from: new Date('2000-01-01'), to: new Date('2100-01-01') };
const search = {
  type: 'search',
  channel: 'service',
  country: 'GB',
  locale: 'en-GB',
  product: '1',
  carrier: 'EE',
};
const statistic = {
  channel: 'sales',
  country: 'uk',
  locale: 'en_GB',
  latitude: 51.5,
  longitude: -0.12,
  product: 'Phone',
  searchedLocation: '',
};

let t: TestDb;
let a: TestApp;

beforeAll(async () => {
  t = await openTestDb('sqlite');
  a = await makeApp(t.db);
  // makeApp reads analytics settings from the environment: analytics on, no rate limit.
  expect(loadAnalyticsConfig({}).ANALYTICS).toBe('on');
});
afterAll(async () => {
  await a.app.close();
  await a.services.close();
  await t.cleanup();
});

const events = (...list: object[]) =>
  a.app.inject({ method: 'POST', url: '/api/v1/analytics/events', payload: { events: list } });
const stat = (body: object) =>
  a.app.inject({ method: 'POST', url: '/api/v1/grlui/locationSearch', payload: body });

async function stored(type: string, by: string): Promise<unknown[]> {
  const rows = await t.db.events.group({ ...ALL_TIME, type, by: [by] } as never);
  return (rows as { key: Record<string, unknown> }[]).map((r) => r.key[by]).sort();
}

describe('analytics fields are restricted to known values', () => {
  it('a carrier of the country is kept in its configured spelling; No-Contract too', async () => {
    expect((await events(search, { ...search, carrier: 'vodafone' })).statusCode).toBe(204);
    expect((await events({ ...search, carrier: 'no-contract' })).statusCode).toBe(204);
    expect(await stored('search', 'carrier')).toEqual(['EE', 'No-Contract', 'Vodafone']);
  });

  it("a carrier that is not one of the country's, or free text, is 400 INVALID_BODY", async () => {
    for (const carrier of ['Verizon', 'my phone number is 0123', 'x'.repeat(60)]) {
      const res = await events(search, { ...search, carrier });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_BODY', param: 'events.1.carrier' });
    }
  });

  it('an event product must be a catalogue id or "all"', async () => {
    const res = await events({ ...search, product: '999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_BODY', param: 'events.0.product' });
    const click = { type: 'click', link: 'directions', locale: 'en-GB', product: '98765' };
    expect((await events(click)).json().error.param).toBe('events.0.product');
    expect((await events({ ...click, product: 'ALL' })).statusCode).toBe(204);
  });

  it('the statistic keeps a catalogue product as its English name, whatever name was shown', async () => {
    expect((await stat(statistic)).statusCode).toBe(204);
    expect((await stat({ ...statistic, product: 'phone' })).statusCode).toBe(204);
    expect((await stat({ ...statistic, product: '2' })).statusCode).toBe(204);
    const de = { ...statistic, country: 'de', locale: 'de_DE', product: 'Smartphone' };
    expect((await stat(de)).statusCode).toBe(204);
    // Martinique searched on the Latin-America page in Spanish: the name that page showed.
    const lac = { ...statistic, country: 'MQ', locale: 'es_LAC', product: 'Celular' };
    expect((await stat(lac)).statusCode).toBe(204);
    expect((await stat({ ...lac, locale: 'es_MQ' })).statusCode).toBe(400);
    expect((await stat({ ...statistic, product: '' })).statusCode).toBe(204);
    expect((await stat({ ...statistic, product: 'All Products' })).statusCode).toBe(204);
    expect((await stat({ ...statistic, product: 'all' })).statusCode).toBe(204);
    expect(await stored('locationSearch', 'product')).toEqual([
      '',
      'All Products',
      'Phone',
      'Tablet',
    ]);
  });

  it('a statistic product that is free text is 400 INVALID_BODY and not stored', async () => {
    for (const product of ['10 Downing Street', 'Phone 15 Pro of Jane', 'Handy']) {
      const res = await stat({ ...statistic, product });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_BODY', param: 'product' });
    }
    expect(await stored('locationSearch', 'product')).not.toContain('Handy');
  });
});
