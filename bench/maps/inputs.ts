/**
 * Request paths for the maps HTTP benchmark, all distinct and derived from real data so that no
 * cache (ours, V8's, the CPU's) sees the same few queries over and over:
 * - autocomplete: every prefix of every fixture query (packages/geo/test/fixtures/queries.json:
 *   30 languages, their countries), as the web app sends them (countries upper case);
 * - geocode: every fixture query;
 * - reverse: random gazetteer places (uniform over places, so dense countries weigh more),
 *   jittered by up to ±0.02°, in the fixture languages;
 * - eta: a random place as origin, 1–25 destinations within ±0.4° of it, both modes.
 * Each list is shuffled with a fixed seed, so runs are comparable.
 */
import { readFileSync } from 'node:fs';
import type { Gazetteer } from '@locator/geo';
import { seededRandom } from '@locator/core';

export interface Fixture {
  q: string;
  lang: string;
  mode: 'geocode' | 'autocomplete';
  countries?: string[];
}

export function readFixtures(): Fixture[] {
  const url = new URL('../../packages/geo/test/fixtures/queries.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Fixture[];
}

/** Deterministic PRNG (mulberry32). */

function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  return q.toString();
}

const fixed = (x: number): string => x.toFixed(5).replace(/\.?0+$/, '');

export interface MapsInputs {
  autocomplete: string[];
  geocode: string[];
  reverse: string[];
  eta: string[];
}

export function mapsInputs(g: Gazetteer, fixtures = readFixtures(), count = 2000): MapsInputs {
  const rand = seededRandom(42);
  const countries = (f: Fixture): string | undefined =>
    f.countries?.map((c) => c.toUpperCase()).join(',');
  const typed = new Set<string>();
  for (const f of fixtures) {
    const chars = [...f.q];
    for (let n = 1; n <= chars.length; n++) {
      const q = chars.slice(0, n).join('');
      if (q.trim() === '') continue;
      typed.add(query({ q, countries: countries(f), lang: f.lang }));
    }
  }
  const geocode = new Set(
    fixtures.map((f) => query({ q: f.q, countries: countries(f), lang: f.lang })),
  );
  const langs = [...new Set(fixtures.map((f) => f.lang))];
  const place = (): { lat: number; lon: number } => {
    const p = Math.floor(rand() * g.placeCount);
    return { lat: g.placeLat[p] ?? 0, lon: g.placeLon[p] ?? 0 };
  };
  const reverse: string[] = [];
  const eta: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = place();
    const lat = Math.max(-90, Math.min(90, p.lat + (rand() - 0.5) * 0.04));
    const lon = Math.max(-180, Math.min(180, p.lon + (rand() - 0.5) * 0.04));
    reverse.push(query({ lat: fixed(lat), lon: fixed(lon), lang: langs[i % langs.length] }));
    const o = place();
    const n = 1 + Math.floor(rand() * 25);
    const destinations: string[] = [];
    for (let d = 0; d < n; d++) {
      const dlat = Math.max(-90, Math.min(90, o.lat + (rand() - 0.5) * 0.8));
      const dlon = Math.max(-180, Math.min(180, o.lon + (rand() - 0.5) * 0.8));
      destinations.push(`${fixed(dlat)},${fixed(dlon)}`);
    }
    eta.push(
      query({
        origin: `${fixed(o.lat)},${fixed(o.lon)}`,
        destinations: destinations.join(';'),
        mode: i % 2 ? 'walking' : 'automobile',
      }),
    );
  }
  const paths = (endpoint: string, qs: Iterable<string>): string[] =>
    shuffle(
      [...qs].map((q) => `/api/v1/maps/${endpoint}?${q}`),
      rand,
    );
  return {
    autocomplete: paths('autocomplete', typed),
    geocode: paths('geocode', geocode),
    reverse: paths('reverse', reverse),
    eta: paths('eta', eta),
  };
}
