/**
 * The deterministic demo data set (fixed seed): stores in real cities weighted by population,
 * named after real retailer and carrier brands of the country and the neighbourhood they stand
 * in, with addresses in the style and script of the country's language (city names from
 * GeoNames' alternate names), valid national phone numbers, badges, products, service types
 * (rt2 drop-off points included), specialties, value-added services and a few maker-owned
 * stores (storeTypes 5), training providers where the country has a training channel with
 * products (training.ts), and opening hours (hours.ts). Every store is marked `demo: true` and its title says "(Demo)".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreRecord } from '../db/types.js';
import type { ServedCountry } from '../config/service.js';
import type { Catalogue } from '../config/schema.js';
import { CONFIG_DIR } from '../config/paths.js';
import { toRecord, type StoreDoc } from '../modules/stores/doc.js';
import { loadCities, stateName, type City, type CountryCities } from './cities.js';
import { postalCode, streetAddress, unitLine } from './address.js';
import { PHONE_AREAS, UK_POSTCODE_AREAS, listedCity } from './areas.js';
import type { NearestPostcode } from './postcodes.js';
import { localAddress } from './local-address.js';
import { isNonLatin } from '@locator/geo';
import { localName } from './local-names.js';
import { PlaceIndex } from './places.js';
import { phoneNumber } from './phone.js';
import { Rng } from './rng.js';
import { demoHours, type DemoKind } from './hours.js';
import { demoTrainingProducts } from './training.js';
import { storeOffer, type OfferContext } from './store-offer.js';

export const DEMO_SEED = 20_240_601;
export const DEMO_STORE_COUNT = 50_000;
/** Bump when the generator's output changes, so start-up reloads the demo data. */
export const DEMO_VERSION = '8';

type Brands = Record<string, { retail: string[]; carrier: string[]; repair: string[] }>;

export interface DemoOptions {
  countries: readonly ServedCountry[];
  catalogue: Catalogue;
  brand: string;
  count?: number;
  seed?: number;
  /** Real postcodes by position where the country has them (postcodes.ts). */
  postcodes?: NearestPostcode;
  /**
   * A place's name in the data language where the gazetteer has one tagged with it (München
   * for Munich in German; modules/pages/place-names.ts); without it, localName's choice stays.
   */
  placeName?: (countryCode: string, name: string, lang: string) => string;
  /** When the data is made: the public holidays given as special dates follow it. */
  now?: number;
}

type Kind = DemoKind;

/**
 * Countries whose stores publish their names and addresses in English (Latin script), on their
 * pages in every language: Egypt's and India's as well ("Cairo", "Station Road").
 */
const ENGLISH_FIRST = new Set([
  'CA',
  'SG',
  'MY',
  'PH',
  'HK',
  'PR',
  'ZA',
  'KE',
  'NG',
  'MT',
  'EG',
  'IN',
]);

/** Data languages not written in Latin script. */
const NON_LATIN = new Set(['ar', 'he', 'hi', 'ja', 'zh', 'ko', 'ru', 'uk', 'el', 'th', 'bg', 'kk']);

/** From this population a store without a neighbourhood is named after its street. */
const BIG_CITY = 250_000;

/** A street line without its numbers ("174 شارع الملك فهد" → "شارع الملك فهد", "长江路12号" → "长江路"). */
function streetName(street: string): string {
  return street
    .replace(/\d+\s*[号號]/g, '')
    .replace(/\b(No[.:]|ul\.|Jl\.)\s*/g, '')
    .replace(/[\d,-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The places passing a test, with their cumulative weights again. */
function withLocalNames(all: CountryCities, keep: (c: City) => boolean): CountryCities {
  const cities = all.cities.filter(keep);
  if (cities.length === 0) return all;
  let sum = 0;
  const cumulative = cities.map((c) => (sum += Math.max(c.population, 500)));
  return { cities, cumulative, population: sum };
}

/** Countries written in Traditional Chinese (names of places). */
const TRADITIONAL = new Set(['TW', 'HK', 'MO']);

/** The brands a kind of store picks from: its own, or all of the country's when few. */
function brandPool(own: readonly string[], all: readonly string[]): readonly string[] {
  return own.length >= 3 || all.length === 0 ? own : [...new Set([...own, ...all])];
}

function hashCode(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function dataLang(c: ServedCountry): string {
  const codes = c.langs.map((l) => l.code);
  if (ENGLISH_FIRST.has(c.countryCode) && codes.includes('en')) return 'en';
  if (codes.length === 1) return codes[0] ?? 'en';
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
  const now = options.now ?? Date.now();
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
    const allPlaces = cities.get(cc)!;
    const lang = dataLang(country);
    const nameLang = lang === 'zh' && TRADITIONAL.has(cc) ? 'zh-Hant' : lang;
    // Languages not written in Latin script: only places with a name in their script.
    const place = NON_LATIN.has(lang)
      ? withLocalNames(allPlaces, (c) => isNonLatin(localName(c, cc, nameLang)))
      : allPlaces;
    const places = new PlaceIndex(place.cities);
    const phoneAreas = PHONE_AREAS[cc] ?? {};
    const areaOf = new Map<City, { phone?: string; uk?: readonly string[] }>();
    const areas = (c: City) => {
      let found = areaOf.get(c);
      if (!found) {
        const phoneCity = listedCity(c, Object.keys(phoneAreas), place.cities);
        const ukCity =
          cc === 'GB' ? listedCity(c, Object.keys(UK_POSTCODE_AREAS), place.cities) : undefined;
        found = {
          ...(phoneCity ? { phone: phoneAreas[phoneCity] } : {}),
          ...(ukCity ? { uk: UK_POSTCODE_AREAS[ukCity] } : {}),
        };
        areaOf.set(c, found);
      }
      return found;
    };
    const sales = country.channels.sales?.products.map((p) => p._id) ?? [];
    const service = country.channels.service?.products.map((p) => p._id) ?? [];
    const training = country.channels.training?.products.map((p) => p._id) ?? [];
    const hasDropOff = country.channels.service?.dropOff === true;
    const carrierNames = country.carriers.map((c) => c.name);
    const offerContext: OfferContext = { sales, service, carrierNames, dropOffId, rt, badge };
    const b = brands[cc] ?? { retail: [], carrier: [], repair: [] };
    const carrierBrands = [...new Set([...carrierNames, ...b.carrier])];
    const allBrands = [...new Set([...b.retail, ...carrierBrands, ...b.repair])];
    const retailBrands = brandPool(b.retail.length ? b.retail : carrierBrands, allBrands);
    const repairBrands = brandPool(b.repair.length ? b.repair : retailBrands, allBrands);
    const carrierPool = brandPool(carrierBrands, allBrands);
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
            ? rng.pick(carrierPool)
            : kind === 'retail'
              ? rng.pick(retailBrands.length ? retailBrands : [`${city.name} Electronics`])
              : rng.pick(repairBrands.length ? repairBrands : [`${city.name} Repair`]);
      const named = (p: typeof city): string => {
        const name = localName(p, cc, nameLang);
        return options.placeName?.(cc, name, nameLang) ?? name;
      };
      const cityName = named(city);
      const spot = places.nearest(latitude, longitude) ?? city;
      const state = stateName(cc, city.admin1, lang);
      const storeId = `DEMO-${cc}-${String(i + 1).padStart(6, '0')}`;

      const { salesProducts, serviceProducts, serviceTypes, badges, storeTypes, carriers } =
        storeOffer(kind, storeBrand, rng, offerContext);
      const webRoll = rng.next();
      const web = `www.${slug(storeBrand)}.example.com/stores/${storeId.toLowerCase()}`;
      const geoRoll = rng.next();
      // Paris keeps its arrondissement codes (address.ts); elsewhere the nearest real code.
      const street1 = streetAddress(rng, lang, cc);
      const street2 = rng.chance(0.15) ? unitLine(rng, lang) : '';
      const address = localAddress(
        cc,
        {
          street1,
          city: cityName,
          cityNames: [cityName, city.name],
          state,
          postalCode: postalCode(rng, cc, city, areas(city).uk),
        },
        options.postcodes?.(cc, latitude, longitude, { pick: hashCode(storeId), lang }),
        cc === 'FR' && city.admin2 === '75',
      );
      const spotName =
        address.town ??
        (spot !== city
          ? named(spot)
          : city.population >= BIG_CITY && lang !== 'ja'
            ? streetName(address.street1) || cityName
            : cityName);
      const doc: StoreDoc = {
        id: storeId,
        storeId,
        title: `${storeBrand} ${spotName} (Demo)`,
        storeBadges: badges.filter(Boolean),
        street1: address.street1,
        street2,
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        phone: phoneNumber(rng, cc, areas(city).phone),
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
        hours: demoHours(kind, cc, lang, { latitude, longitude }, hashCode(storeId) ^ seed, now),
        carriers,
        demo: true,
      };
      const trainingProducts = demoTrainingProducts(kind, training, hashCode(storeId) ^ seed);
      if (trainingProducts.length > 0) doc.trainingProducts = trainingProducts;
      records.push(toRecord(doc, cc, 'demo', dropOffId));
    }
  }
  return records;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
