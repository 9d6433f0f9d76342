/**
 * The search answer's one contract, as a property: on both databases, with demo data in every
 * country the configuration ships, random searches (positions near stores and anywhere in the
 * country, every query parameter, area searches, drop-off) all answer bytes that satisfy the
 * search-response schema of @locator/core AND the served public OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, seededRandom } from '@locator/core';
import { DIALECTS, openTestDb, type TestDb } from './helpers/databases.js';
import { config, testStores } from './helpers/fixtures.js';
import { makeApp, type TestApp } from './helpers/app.js';
import { contractJudge, type ContractJudge } from './helpers/openapi-contract.js';
import type { StoreRecord } from '../src/db/types.js';

/** A small seeded generator (mulberry32): the same searches on every run. */

const SEARCHES = 240;

describe.each(DIALECTS)('search answers against their contract on %s', (dialect) => {
  let t: TestDb;
  let a: TestApp;
  let judge: ContractJudge;
  let records: StoreRecord[];
  beforeAll(async () => {
    t = await openTestDb(dialect);
    records = testStores(config(), 1500);
    await t.db.stores.replaceAll(records);
    a = await makeApp(t.db, { RATE_LIMIT_SEARCH: '0' });
    judge = await contractJudge((await a.app.inject('/api/v1/openapi.json')).json());
  });
  afterAll(async () => {
    await a?.app.close();
    await t?.cleanup();
  });

  it(`${SEARCHES} random searches in every shipped country satisfy the schema and the document`, async () => {
    const rnd = seededRandom(dialect === 'sqlite' ? 7 : 11);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const countries = a.services.config.countries();
    const byCountry = new Map<string, StoreRecord[]>();
    for (const r of records) byCountry.set(r.country, [...(byCountry.get(r.country) ?? []), r]);
    const seen = {
      countries: new Set<string>(),
      stores: 0,
      area: 0,
      statuses: new Map<number, number>(),
    };
    const problems: string[] = [];
    for (let i = 0; i < SEARCHES; i += 1) {
      // Every country in turn, then at random.
      const country = i < countries.length ? countries[i]! : pick(countries);
      const channels = (['sales', 'service', 'training'] as const).filter(
        (c) => country.channels[c],
      );
      if (channels.length === 0) continue;
      const channel = pick(channels);
      const lang = pick(country.langs).code;
      const near = byCountry.get(country.countryCode);
      const origin = near?.length && rnd() < 0.8 ? pick(near) : undefined;
      const lat = origin ? origin.latitude + (rnd() - 0.5) * 0.5 : rnd() * 160 - 80;
      const lon = origin ? origin.longitude + (rnd() - 0.5) * 0.5 : rnd() * 360 - 180;
      const products = country.channels[channel]!.products;
      const query: Record<string, string> = {
        lat: lat.toFixed(5),
        lon: lon.toFixed(5),
        pt: rnd() < 0.5 || products.length === 0 ? 'all' : pick(products)._id,
      };
      if (rnd() < 0.5) query.maxrad = String(Math.ceil(rnd() * 200));
      if (rnd() < 0.5) query.maxResult = String(1 + Math.floor(rnd() * 40));
      if (rnd() < 0.2 && country.carriers.length) query.carrier = pick(country.carriers).name;
      if (rnd() < 0.15) query.repairType = 'Drop off';
      if (rnd() < 0.25) {
        const w = Math.max(-180, lon - 1);
        const e = Math.min(180, lon + 1);
        const s = Math.max(-90, lat - 1);
        const n = Math.min(90, lat + 1);
        query.bbox = [w, s, e, n].map((v) => v.toFixed(4)).join(',');
      }
      const url = `/api/v1/grlui/${country.urlCode}/${lang}/${channel}?${new URLSearchParams(query)}`;
      const res = await a.app.inject(url);
      seen.statuses.set(res.statusCode, (seen.statuses.get(res.statusCode) ?? 0) + 1);
      const body: unknown = res.json();
      problems.push(
        ...judge.check({ method: 'GET', url, status: res.statusCode, headers: res.headers, body }),
      );
      if (res.statusCode !== 200) continue;
      const parsed = searchResponseSchema.safeParse(body);
      if (!parsed.success) problems.push(`${url}: ${parsed.error.message}`);
      else {
        seen.countries.add(country.countryCode);
        seen.stores += parsed.data.results.stores.length;
        if (query.bbox) seen.area += 1;
      }
    }
    expect(problems).toEqual([]);
    // The property held over real answers: many countries, many stores, area searches too.
    expect(seen.countries.size).toBeGreaterThan(100);
    expect(seen.stores).toBeGreaterThan(200);
    expect(seen.area).toBeGreaterThan(10);
    // The rest are judged too: 400 (a carrier not served in that channel) and such.
    expect(seen.statuses.get(200)).toBeGreaterThan(SEARCHES / 2);
  });
});
