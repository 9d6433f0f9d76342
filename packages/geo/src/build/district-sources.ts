/**
 * Districts beyond the GeoNames city sections: Australia Post's delivery localities (suburbs,
 * with their positions) and Tokyo's 23 special wards (Japan Post's municipality list, with
 * their katakana readings romanised), each at its ward office as the countries-states-cities
 * database places it ("Shibuya-ku"), or at Tokyo's point (in Shinjuku, within 17 km of every
 * ward) when that database lacks the ward.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { distanceMetres } from '../geo-math.js';
import { foldText } from '../normalise.js';
import { romaniseKana } from './kana.js';
import { MORE_PLACE_PACKAGES } from './place-packages.js';
import { POSTCODE_PROBES, titleCase } from './postcode-sources.js';
import type { CityRecord, SourceRegion } from './sources.js';

const require = createRequire(import.meta.url);

/** GeoNames' Tokyo (Tokyo Metropolitan Government, Shinjuku). */
const TOKYO = { lat: 35.6895, lon: 139.69171 };

export function readDistricts(regions: SourceRegion[]): CityRecord[] {
  const adminOf = new Map(regions.map((r) => [`${r.countryCode}.${r.iso ?? ''}`, r.admin]));
  return [...australianLocalities(adminOf), ...tokyoWards(adminOf)];
}

function district(
  name: string,
  alternateNames: string[],
  lat: number,
  lon: number,
  countryCode: string,
  admin1: string,
): CityRecord {
  return {
    geonameId: 0,
    name,
    asciiName: name,
    alternateNames,
    lat,
    lon,
    featureCode: 'PPLX',
    countryCode,
    admin1,
    admin2: '',
    population: 0,
  };
}

interface AusRecord {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type?: string;
}

function australianLocalities(adminOf: Map<string, string>): CityRecord[] {
  const rows = JSON.parse(readFileSync(require.resolve(POSTCODE_PROBES.au), 'utf8')) as AusRecord[];
  const seen = new Set<string>();
  const out: CityRecord[] = [];
  for (const r of rows) {
    if (r.type !== 'Delivery Area' || !r.lat || !r.long) continue;
    const id = `${r.locality}|${r.state}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(
      district(titleCase(r.locality), [], r.lat, r.long, 'AU', adminOf.get(`AU.${r.state}`) ?? ''),
    );
  }
  return out;
}

/** Positions of Tokyo's wards in the countries-states-cities database, by folded name ("shibuya"). */
function tokyoWardPositions(): Map<string, { lat: number; lon: number }> {
  const lib = require(MORE_PLACE_PACKAGES.csc) as {
    Cities: {
      getCities(): {
        name: string;
        state_code: string;
        country_code: string;
        latitude: string;
        longitude: string;
      }[];
    };
  };
  const out = new Map<string, { lat: number; lon: number }>();
  for (const r of lib.Cities.getCities()) {
    if (r.country_code !== 'JP' || r.state_code !== '13') continue;
    const m = /^(.+)[- ]ku$/i.exec(r.name);
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    if (m?.[1] && Number.isFinite(lat) && Number.isFinite(lon)) {
      out.set(foldText(m[1]).replace(/ /g, ''), { lat, lon });
    }
  }
  return out;
}

function tokyoWards(adminOf: Map<string, string>): CityRecord[] {
  const positions = tokyoWardPositions();
  const { city } = JSON.parse(
    readFileSync(require.resolve(POSTCODE_PROBES.jp.replace('zip7', 'city')), 'utf8'),
  ) as { city: Record<string, [string, string]> };
  const out: CityRecord[] = [];
  for (let n = 13101; n <= 13123; n++) {
    const [name, kana] = city[String(n)] ?? [];
    if (!name || !kana) continue;
    const roman = romaniseKana(kana).replace(/ku$/, '');
    const latin = roman.charAt(0).toUpperCase() + roman.slice(1);
    const at = positions.get(foldText(latin).replace(/ /g, '')) ?? TOKYO;
    out.push(
      district(
        latin,
        [name, name.replace(/区$/, ''), `${latin}-ku`],
        at.lat,
        at.lon,
        'JP',
        adminOf.get('JP.13') ?? '',
      ),
    );
  }
  return out;
}

/** Within this distance of a city of MIN_CITY people a locality is one of its districts. */
const URBAN_KM = 25;
const MIN_CITY = 50_000;
const SAME_PLACE_KM = 5;

/**
 * The districts that are new (no place of the same name within SAME_PLACE_KM) and urban (near
 * a city of MIN_CITY people): rural localities stay out, so reverse geocoding in the country is
 * unchanged away from cities.
 */
export function newUrbanDistricts(districts: CityRecord[], cities: CityRecord[]): CityRecord[] {
  // Tokyo's wards are municipalities of 60,000 to 900,000 people; without their figures, each
  // counts as an equal share of Tokyo's, so "Minato" is the Tokyo ward rather than a small
  // namesake far away.
  const tokyo = cities.find((c) => c.countryCode === 'JP' && c.featureCode === 'PPLC');
  const wards = districts.filter((d) => d.countryCode === 'JP');
  for (const w of wards) w.population = Math.round((tokyo?.population ?? 0) / wards.length);
  const countries = new Set(districts.map((d) => d.countryCode));
  const byName = new Map<string, CityRecord[]>();
  const big: CityRecord[] = [];
  for (const c of cities) {
    if (!countries.has(c.countryCode)) continue;
    if (c.population >= MIN_CITY) big.push(c);
    const key = `${c.countryCode}|${c.name.toLowerCase()}`;
    const list = byName.get(key);
    if (list) list.push(c);
    else byName.set(key, [c]);
  }
  const km = (a: CityRecord, b: CityRecord): number =>
    distanceMetres(a.lat, a.lon, b.lat, b.lon) / 1000;
  return districts.filter((d) => {
    const same = byName.get(`${d.countryCode}|${d.name.toLowerCase()}`) ?? [];
    if (same.some((c) => km(c, d) <= SAME_PLACE_KM)) return false;
    return big.some((c) => c.countryCode === d.countryCode && km(c, d) <= URBAN_KM);
  });
}
