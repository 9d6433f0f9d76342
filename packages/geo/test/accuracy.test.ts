/**
 * First-hit accuracy over real queries in many languages and scripts (fixtures/queries.json:
 * expected country and position written from knowledge of the places, not from the gazetteer).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres, type EmbeddedProvider } from '../src/index.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

interface Fixture {
  q: string;
  lang: string;
  mode: 'geocode' | 'autocomplete';
  countries?: string[];
  expect: { countryCode: string; lat: number; lon: number };
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/queries.json', import.meta.url), 'utf8'),
) as Fixture[];
const MAX_KM = 25;
const REQUIRED = 0.95;

let provider: EmbeddedProvider;
beforeAll(async () => {
  provider = await embeddedProvider();
}, INDEX_TIMEOUT_MS);

describe('geocoder accuracy (fixtures/queries.json)', () => {
  it('has at least 150 queries in at least 12 languages', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(150);
    expect(new Set(fixtures.map((f) => f.lang.split('-')[0])).size).toBeGreaterThanOrEqual(12);
  });

  it(`finds the right place first for at least ${REQUIRED * 100} % of queries`, async () => {
    const failures: string[] = [];
    for (const f of fixtures) {
      const o = { lang: f.lang, countries: f.countries, limit: 5 };
      const results =
        f.mode === 'geocode' ? await provider.geocode(f.q, o) : await provider.autocomplete(f.q, o);
      const first = results[0];
      const km = first
        ? distanceMetres(first.latitude, first.longitude, f.expect.lat, f.expect.lon) / 1000
        : Infinity;
      if (!first || first.countryCode !== f.expect.countryCode || km > MAX_KM) {
        failures.push(
          `${f.mode} "${f.q}" [${f.lang}${f.countries ? ` ${f.countries.join(',')}` : ''}] → ` +
            (first
              ? `${first.formattedAddress} (${first.countryCode}, ${km.toFixed(0)} km)`
              : 'nothing'),
        );
      }
    }
    const accuracy = (fixtures.length - failures.length) / fixtures.length;
    console.log(
      `geocoder first-hit accuracy: ${(accuracy * 100).toFixed(1)} % ` +
        `(${fixtures.length - failures.length}/${fixtures.length}, within ${MAX_KM} km)` +
        (failures.length ? `\n  misses:\n  ${failures.join('\n  ')}` : ''),
    );
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED);
  });

  it(`reverse-geocodes the expected positions to the right country (statistics rule)`, async () => {
    const positions = new Map(fixtures.map((f) => [`${f.expect.lat},${f.expect.lon}`, f.expect]));
    const wrong: string[] = [];
    for (const e of positions.values()) {
      const r = await provider.reverse(e.lat, e.lon, { lang: 'en' });
      if (r?.countryCode !== e.countryCode) {
        wrong.push(
          `${e.lat},${e.lon} → ${r?.formattedAddress ?? 'nothing'} (expected ${e.countryCode})`,
        );
      }
    }
    const accuracy = (positions.size - wrong.length) / positions.size;
    console.log(
      `reverse country accuracy: ${(accuracy * 100).toFixed(1)} % (${positions.size} positions)` +
        (wrong.length ? `\n  ${wrong.join('\n  ')}` : ''),
    );
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED);
  });
});
