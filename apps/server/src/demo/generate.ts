/**
 * The deterministic demo data set (fixed seed): stores in real cities weighted by population,
 * named after real retailer and carrier brands of the country, with local-style addresses,
 * national phone numbers, badges, products, service types (rt2 drop-off points included),
 * specialties, value-added services and a few maker-owned stores (storeTypes 5). Every store is
 * marked `demo: true` and its title says "(Demo)".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreRecord } from '../db/types.js';
import type { ServedCountry } from '../config/service.js';
import type { Catalogue } from '../config/schema.js';
import { CONFIG_DIR } from '../config/paths.js';
import { toRecord, type StoreDoc } from '../stores/doc.js';
import { loadCities, stateName, type CountryCities } from './cities.js';
import { postalCode, streetAddress } from './address.js';
import { phoneNumber } from './phone.js';
import { Rng } from './rng.js';

export const DEMO_SEED = 20_240_601;
export const DEMO_STORE_COUNT = 50_000;
/** Bump when the generator's output changes, so start-up reloads the demo data. */
export const DEMO_VERSION = '2';

type Brands = Record<string, { retail: string[]; carrier: string[]; repair: string[] }>;

export interface DemoOptions {
  countries: readonly ServedCountry[];
  catalogue: Catalogue;
  brand: string;
  count?: number;
  seed?: number;
}

type Kind = 'maker' | 'carrier' | 'retail' | 'service' | 'dropoff';

const ENGLISH_FIRST = new Set([
  'CA',
  'IN',
  'SG',
  'MY',
  'PH',
  'HK',
  'PR',
  'ZA',
  'KE',
  'NG',
  'MT',
  'AE',
  'QA',
  'BH',
  'KW',
  'OM',
  'JO',
  'EG',
  'SA',
  'IL',
]);

function hashCode(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function dataLang(c: ServedCountry): string {
  const codes = c.langs.map((l) => l.code);
  if (ENGLISH_FIRST.has(c.countryCode) || codes.length === 1) return codes[0] ?? 'en';
  return codes.find((l) => l !== 'en') ?? 'en';
}

function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return s || 'store';
}

/** How many stores each country gets: at least 15, the rest by √population. */
function allocate(
  countries: readonly ServedCountry[],
  cities: Map<string, CountryCities>,
  total: number,
): Map<string, number> {
  const weights = countries.map((c) => Math.sqrt(cities.get(c.countryCode)?.population ?? 0));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const floor = Math.min(15, Math.floor(total / Math.max(1, countries.length)));
  const rest = Math.max(0, total - floor * countries.length);
  const out = new Map<string, number>();
  let given = 0;
  countries.forEach((c, i) => {
    const n = floor + Math.floor((rest * (weights[i] ?? 0)) / sum);
    out.set(c.countryCode, n);
    given += n;
  });
  // Hand out the rounding remainder to the largest countries, in order.
  const order = countries.map((c, i) => ({ c, w: weights[i] ?? 0 })).sort((a, b) => b.w - a.w);
  for (let i = 0; given < total && order.length > 0; i = (i + 1) % order.length) {
    const code = order[i]!.c.countryCode;
    out.set(code, (out.get(code) ?? 0) + 1);
    given += 1;
  }
  return out;
}

export function generateDemoStores(options: DemoOptions): StoreRecord[] {
  const { catalogue, brand } = options;
  const total = options.count ?? DEMO_STORE_COUNT;
  const seed = options.seed ?? DEMO_SEED;
  const brands = JSON.parse(
    readFileSync(join(CONFIG_DIR, 'demo', 'brands.json'), 'utf8'),
  ) as Brands;
  const cities = loadCities();
  const countries = [...options.countries]
    .filter((c) => (cities.get(c.countryCode)?.cities.length ?? 0) > 0)
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  const counts = allocate(countries, cities, total);
  const id = (list: { _id: string; code: string }[], code: string) =>
    list.find((x) => x.code === code)?._id ?? '';
  const rt = (code: string) => id(catalogue.repairTypes, code);
  const badge = (code: string) => catalogue.badges.find((b) => b.code === code)?.id ?? '';
  const dropOffId = rt('rt2');
  const vasIds = catalogue.vas.map((v) => v._id);
  const ssIds = catalogue.solutionsSpeciality.map((s) => s._id);
  const records: StoreRecord[] = [];

  for (const country of countries) {
    const cc = country.countryCode;
    const rng = new Rng(seed ^ hashCode(cc));
    const place = cities.get(cc)!;
    const lang = dataLang(country);
    const sales = country.channels.sales?.products.map((p) => p._id) ?? [];
    const service = country.channels.service?.products.map((p) => p._id) ?? [];
    const hasDropOff = country.channels.service?.dropOff === true;
    const carrierNames = country.carriers.map((c) => c.name);
    const b = brands[cc] ?? { retail: [], carrier: [], repair: [] };
    const carrierBrands = [...new Set([...carrierNames, ...b.carrier])];
    const retailBrands = b.retail.length ? b.retail : carrierBrands;
    const repairBrands = b.repair.length ? b.repair : retailBrands;
    const n = counts.get(cc) ?? 0;

    for (let i = 0; i < n; i += 1) {
      const roll = rng.next();
      let kind: Kind =
        roll < 0.02
          ? 'maker'
          : roll < 0.32
            ? 'carrier'
            : roll < 0.67
              ? 'retail'
              : roll < 0.92
                ? 'service'
                : 'dropoff';
      if (kind === 'dropoff' && !hasDropOff) kind = 'service';
      if (kind === 'carrier' && carrierBrands.length === 0) kind = 'retail';
      const city = place.cities[rng.weighted(place.cumulative)]!;
      const spread = Math.min(15, 0.3 + Math.sqrt(city.population) / 600);
      const angle = rng.next() * 2 * Math.PI;
      const dist = Math.sqrt(rng.next()) * spread;
      const latitude = round(city.latitude + (dist / 111.2) * Math.sin(angle), 6);
      const longitude = round(
        city.longitude +
          (dist / (111.32 * Math.max(0.05, Math.cos((city.latitude * Math.PI) / 180)))) *
            Math.cos(angle),
        6,
      );
      const storeBrand =
        kind === 'maker'
          ? `${brand} Store`
          : kind === 'carrier'
            ? rng.pick(carrierBrands)
            : kind === 'retail'
              ? rng.pick(retailBrands.length ? retailBrands : [`${city.name} Electronics`])
              : rng.pick(repairBrands.length ? repairBrands : [`${city.name} Repair`]);
      const storeId = `DEMO-${cc}-${String(i + 1).padStart(6, '0')}`;

      let salesProducts: string[] = [];
      let serviceProducts: string[] = [];
      let serviceTypes: string[] = [];
      const badges: string[] = [];
      let storeTypes: number[];
      let carriers: string[] = [];
      switch (kind) {
        case 'maker':
          salesProducts = sales;
          serviceProducts = service;
          serviceTypes = [rt('rt1'), rt('rt3'), rt('rt5')];
          badges.push(badge('ars'));
          storeTypes = [5];
          break;
        case 'carrier':
          salesProducts = sales.filter((p, k) => k < 2 || rng.chance(0.3));
          if (rng.chance(0.35)) {
            serviceProducts = service.filter((p, k) => k < 2 || rng.chance(0.2));
            serviceTypes = [rt('rt1')];
          }
          carriers = carrierNames.includes(storeBrand)
            ? [storeBrand]
            : rng.subset(carrierNames, 0.5);
          storeTypes = [2];
          break;
        case 'retail':
          salesProducts = sales.filter((p, k) => k < 3 || rng.chance(0.5));
          if (rng.chance(0.2)) {
            serviceProducts = service.filter((p, k) => k < 1 || rng.chance(0.4));
            serviceTypes = [rt('rt1')];
          }
          if (rng.chance(0.15)) badges.push(badge('apr'));
          else if (rng.chance(0.08)) badges.push(badge('premier'));
          if (rng.chance(0.1)) badges.push(badge('as'));
          if (rng.chance(0.05)) badges.push(badge('aw'));
          storeTypes = [1];
          break;
        case 'service':
          serviceProducts = service.filter((p, k) => k < 1 || rng.chance(0.6));
          serviceTypes = [rt('rt1'), ...rng.subset([rt('rt3'), rt('rt4'), rt('rt5')], 0.4)];
          if (rng.chance(0.3)) badges.push(badge('as'));
          if (rng.chance(0.3)) carriers = rng.subset(carrierNames, 0.4);
          storeTypes = [3];
          break;
        default:
          serviceProducts = service.filter((p, k) => k < 2 || rng.chance(0.5));
          serviceTypes = [dropOffId];
          badges.push(badge('do'));
          storeTypes = [4];
      }
      if (rng.chance(0.02)) badges.push(badge('cs'));
      const webRoll = rng.next();
      const web = `www.${slug(storeBrand)}.example.com/stores/${storeId.toLowerCase()}`;
      const geoRoll = rng.next();
      const doc: StoreDoc = {
        id: storeId,
        storeId,
        title: `${storeBrand} ${city.name} (Demo)`,
        storeBadges: badges.filter(Boolean),
        street1: streetAddress(rng, lang),
        street2: rng.chance(0.15) ? unit(rng, lang) : '',
        city: city.name,
        state: stateName(cc, city.admin1, lang),
        postalCode: postalCode(rng, cc),
        phone: phoneNumber(rng, cc),
        latitude,
        longitude,
        geoCodeStatus:
          geoRoll < 0.85 ? 'DATA_FEED' : geoRoll < 0.95 ? 'ADDRESS_PARCEL' : 'ADDRESS_INTERPOLATED',
        storeWeb: webRoll < 0.7 ? `https://${web}` : webRoll < 0.85 ? web : '',
        apptSchedulerIndVal:
          serviceProducts.length > 0 && (cc === 'IN' || cc === 'CN') && rng.chance(0.7) ? 'Y' : '',
        storeTypes,
        salesProducts,
        serviceProducts,
        serviceTypes: serviceTypes.filter(Boolean),
        valueAddedServices: rng.subset(vasIds, 0.3),
        solutionsSpecialties: kind === 'maker' || kind === 'retail' ? rng.subset(ssIds, 0.25) : [],
        carriers,
        demo: true,
      };
      records.push(toRecord(doc, cc, 'demo', dropOffId));
    }
  }
  return records;
}

function unit(rng: Rng, lang: string): string {
  const n = rng.int(1, 40);
  switch (lang) {
    case 'de':
      return `${rng.chance(0.5) ? 'EG' : `${n}. OG`}`;
    case 'fr':
      return `Local ${n}`;
    case 'es':
      return `Local ${n}`;
    case 'ja':
    case 'zh':
      return `${n}F`;
    default:
      return `Unit ${n}`;
  }
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
