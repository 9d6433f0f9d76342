/**
 * The demo data set is believable, country by country: postal codes in the country's format
 * (real ones near the store where the gazetteer has the country's postcodes, else the
 * generator's patterns, with real UK areas and Paris arrondissements), phone numbers that
 * libphonenumber finds valid with the city's area code where listed, street and city in the
 * script of the data language, and store names spread so that no name dominates a city.
 */
import { parsePhoneNumber } from 'awesome-phonenumber';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEmbeddedProvider, nameInLanguage, type Gazetteer } from '@locator/geo';
import { PHONE_AREAS } from '../src/demo/areas.js';
import { generateDemoStores } from '../src/demo/generate.js';
import { gazetteerPostcodes } from '../src/demo/postcodes.js';
import { config } from './helpers/fixtures.js';

interface Doc {
  storeTypes: number[];
  trainingProducts?: string[];
  title: string;
  street1: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

const SCRIPTS: Record<string, RegExp> = {
  AE: /\p{Script=Arabic}/u,
  SA: /\p{Script=Arabic}/u,
  // Egypt's and India's stores publish their names and addresses in English.
  EG: /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u,
  IL: /\p{Script=Hebrew}/u,
  IN: /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u,
  JP: /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u,
  CN: /\p{Script=Han}/u,
  TW: /\p{Script=Han}/u,
  KR: /\p{Script=Hangul}/u,
  RU: /\p{Script=Cyrillic}/u,
  UA: /\p{Script=Cyrillic}/u,
  GR: /\p{Script=Greek}/u,
  TH: /\p{Script=Thai}/u,
};

const POSTCODES: Record<string, RegExp> = {
  GB: /^(E|N|NW|SE|SW|W|EC|WC|B|M|G|L|LS|EH|BS|S|NG|LE|CF|BT|NE)[1-9] \d[ABD-HJLNP-UW-Z]{2}$/,
  US: /^\d{5}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  JP: /^\d{3}-\d{4}$/,
  CA: /^[A-Z]\d[A-Z] \d[A-Z]\d$/,
  NL: /^\d{4} [A-Z]{2}$/,
  CN: /^\d{6}$/,
  KR: /^\d{5}$/,
  IL: /^\d{7}$/,
  AE: /^$/,
  AU: /^\d{4}$/,
  IN: /^\d{6}$/,
  FI: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  BR: /^\d{5}-\d{3}$/,
  MX: /^\d{5}$/,
};

/** Countries whose postcodes come from the gazetteer: every one is a real code. */
const REAL_POSTCODES = ['US', 'FR', 'DE', 'JP', 'CA', 'AU', 'IN', 'FI'];

let byCountry: Map<string, Doc[]>;
let gazetteer: Gazetteer;

/** The gazetteer's record of a postcode key ("1000005"), if any. */
function postcodeIndex(key: string): number | undefined {
  const [from, to] = gazetteer.postcodePrefixRange(key);
  for (let i = from; i < to; i++) if (gazetteer.postcodeKey(i) === key) return i;
  return undefined;
}

/** "丸の内2丁目12-11" → "丸の内". */
const townOf = (street: string): string => street.replace(/\d+丁目[\d-]+$/u, '');

beforeAll(async () => {
  gazetteer = (await loadEmbeddedProvider()).gazetteer;
  const cfg = config();
  const records = generateDemoStores({
    countries: cfg
      .countries()
      .filter((c) => [...Object.keys(SCRIPTS), ...Object.keys(POSTCODES)].includes(c.countryCode)),
    catalogue: cfg.catalogue,
    brand: 'Lumen',
    count: 8000,
    postcodes: gazetteerPostcodes(gazetteer),
    placeName: (cc, name, lang) => nameInLanguage(gazetteer, name, cc, lang),
  });
  byCountry = new Map();
  for (const r of records) {
    const list = byCountry.get(r.country) ?? [];
    list.push(JSON.parse(r.doc) as Doc);
    byCountry.set(r.country, list);
  }
}, 60_000);

describe('demo data, country by country', () => {
  it('has training providers only where the training channel has products, a realistic share', () => {
    const cfg = config();
    const withTraining = new Set(
      cfg
        .countries()
        .filter((c) => (c.channels.training?.products.length ?? 0) > 0)
        .map((c) => c.countryCode),
    );
    expect([...withTraining].sort()).toEqual(['DE', 'US']);
    for (const [cc, docs] of byCountry) {
      const trainers = docs.filter((d) => (d.trainingProducts?.length ?? 0) > 0);
      if (!withTraining.has(cc)) {
        expect(trainers, cc).toEqual([]);
        expect(docs.some((d) => 'trainingProducts' in d)).toBe(false);
        continue;
      }
      const share = trainers.length / docs.length;
      expect(share, cc).toBeGreaterThan(0.05);
      expect(share, cc).toBeLessThan(0.25);
      // The maker's own stores all train; trainers train on the channel's first category.
      const makers = docs.filter((d) => d.storeTypes.includes(5));
      for (const m of makers) expect(m.trainingProducts?.length ?? 0).toBeGreaterThan(0);
      for (const t of trainers) expect(t.trainingProducts![0]).toBe('1');
    }
  });

  it.each(Object.keys(POSTCODES))('%s: postal codes in the country format', (cc) => {
    const docs = byCountry.get(cc)!;
    expect(docs.length).toBeGreaterThan(10);
    const bad = docs.filter((d) => !POSTCODES[cc]!.test(d.postalCode)).map((d) => d.postalCode);
    expect(bad).toEqual([]);
  });

  it.each(REAL_POSTCODES)('%s: postal codes are real ones of the country', (cc) => {
    const real = new Set<string>();
    for (let i = 0; i < gazetteer.postcodeCount; i++) {
      if (gazetteer.countryCode(gazetteer.postCountry[i] ?? 0) === cc) {
        real.add(gazetteer.postcodeKey(i));
      }
    }
    const docs = byCountry.get(cc)!;
    // Canada's gazetteer codes are forward sortation areas ("K1A"): the first three characters.
    const key = (code: string) =>
      (cc === 'CA' ? code.slice(0, 3) : code).replace(/[ -]/g, '').toLowerCase();
    const unknown = docs.filter((d) => !real.has(key(d.postalCode))).map((d) => d.postalCode);
    // Stores more than 20 km from any listed code keep a generated one: a few at most.
    expect(unknown.length, unknown.slice(0, 5).join(' ')).toBeLessThanOrEqual(docs.length * 0.05);
  });

  it('Paris postal codes are its arrondissements', () => {
    const paris = byCountry.get('FR')!.filter((d) => d.city === 'Paris');
    expect(paris.length).toBeGreaterThan(0);
    for (const d of paris) expect(d.postalCode).toMatch(/^750(0[1-9]|1\d|20)$/);
  });

  it.each([...new Set([...Object.keys(SCRIPTS), ...Object.keys(POSTCODES)])])(
    '%s: every phone number is valid for the country',
    (cc) => {
      const bad = byCountry
        .get(cc)!
        .filter((d) => d.phone !== '' && !parsePhoneNumber(d.phone, { regionCode: cc }).valid)
        .map((d) => d.phone);
      expect(bad).toEqual([]);
    },
  );

  it('every city’s phone template gives numbers libphonenumber finds valid', () => {
    // An invalid template falls back to the country's example number: another city's code.
    const invalid = Object.entries(PHONE_AREAS).flatMap(([cc, areas]) =>
      Object.entries(areas)
        .filter(([, template]) =>
          [0, 5, 9].some(
            (d) => !parsePhoneNumber(template.replace(/x/g, String(d)), { regionCode: cc }).valid,
          ),
        )
        .map(([city]) => `${cc} ${city}`),
    );
    expect(invalid).toEqual([]);
  });

  it('phone area codes are the city’s (London 020, Shanghai 021, Tokyo 03)', () => {
    const starts = (cc: string, city: string | RegExp, prefix: string) => {
      const docs = byCountry
        .get(cc)!
        .filter((d) => (typeof city === 'string' ? d.city === city : city.test(d.city)));
      expect(docs.length, `${cc} ${city}`).toBeGreaterThan(0);
      for (const d of docs) expect(d.phone.startsWith(prefix), d.phone).toBe(true);
    };
    starts('GB', 'London', '020 ');
    starts('CN', '上海', '021 ');
    // Tokyo's addresses name their ward.
    starts(
      'JP',
      /^(千代田|中央|港|新宿|文京|台東|墨田|江東|品川|目黒|渋谷|中野|杉並|豊島)区$/,
      '03-',
    );
    // Japan's other big cities have theirs, not Tokyo's 03 or a neighbour's.
    starts('JP', '町田市', '042-');
    starts('JP', '長崎市', '095-');
    starts('JP', /^仙台市/, '022-');
    starts('JP', /^広島市/, '082-');
    starts('JP', /^札幌市/, '011-');
    starts('KR', '수원', '031-');
    starts('US', 'New York City', '(212) 555-01');
    starts('AU', 'Sydney', '(02) ');
    starts('IN', 'Mumbai', '022 ');
    starts('ES', 'Madrid', '91');
    starts('IT', 'Roma', '06 '); // in Italian, as the data language names it
  });

  it.each(Object.keys(SCRIPTS))('%s: street and city in the script of the country', (cc) => {
    const script = SCRIPTS[cc]!;
    const bad = byCountry
      .get(cc)!
      .filter((d) => !script.test(d.street1) || !script.test(d.city))
      .map((d) => `${d.street1} / ${d.city}`);
    expect(bad).toEqual([]);
  });

  it('German streets after a town are written as two words, both capitalised', () => {
    const streets = byCountry.get('DE')!.map((d) => d.street1);
    expect(streets.some((s) => /^Münchner Straße \d+$/.test(s))).toBe(true);
    expect(streets.filter((s) => / (straße|weg|allee|platz) /.test(s))).toEqual([]);
  });

  it('Japanese addresses name the municipality, the prefecture and the town of the postcode', () => {
    const docs = byCountry.get('JP')!;
    const tokyo = docs.filter((d) => d.state === '東京都');
    expect(tokyo.length).toBeGreaterThan(10);
    // Tokyo's wards are its municipalities; most Tokyo stores stand in one.
    expect(tokyo.filter((d) => /区$/.test(d.city)).length).toBeGreaterThan(tokyo.length / 2);
    const wards = new Set(tokyo.map((d) => d.city));
    expect(wards.size).toBeGreaterThan(5);
    // Every code of a ward, not one code for the whole city.
    const codes = new Set(tokyo.map((d) => d.postalCode));
    expect(codes.size).toBeGreaterThan(tokyo.length / 2);
    const withRealPlace = docs.filter((d) => {
      const i = postcodeIndex(d.postalCode.replace('-', ''));
      return i !== undefined && gazetteer.postcodeCity(i) === `${d.city}${townOf(d.street1)}`;
    });
    expect(withRealPlace.length).toBeGreaterThan(docs.length * 0.9);
    for (const d of docs) expect(d.state, d.city).toMatch(/^(|.+[都道府県])$/);
  });

  it('Chinese postcodes start with the digits of their province and city', () => {
    const docs = byCountry.get('CN')!;
    const prefix = (city: string, digits: string) => {
      const inCity = docs.filter((d) => d.city === city);
      expect(inCity.length, city).toBeGreaterThan(0);
      for (const d of inCity) expect(d.postalCode.startsWith(digits), d.postalCode).toBe(true);
    };
    prefix('上海', '200');
    prefix('北京', '100');
    prefix('深圳', '518');
    prefix('广州', '510');
    // Shanghai and Beijing are cities of their own: no "上海 上海市".
    for (const d of docs.filter((x) => x.city === '上海')) expect(d.state).toBe('');
    expect(docs.filter((d) => d.state === '广东省').length).toBeGreaterThan(0);
  });

  it('Korean postcodes start with the digits of their province', () => {
    const docs = byCountry.get('KR')!;
    const range = (city: string, low: number, high: number) => {
      const inCity = docs.filter((d) => d.city === city);
      expect(inCity.length, city).toBeGreaterThan(0);
      for (const d of inCity) {
        expect(d.postalCode, city).toMatch(/^\d{5}$/);
        const first = Number(d.postalCode.slice(0, 2));
        expect(first >= low && first <= high, `${city} ${d.postalCode}`).toBe(true);
      }
    };
    range('서울', 1, 8);
    range('부산', 46, 49);
    // Provinces in Korean ("경기도"), not in English ("Gyeonggi-do").
    const states = docs.map((d) => d.state).filter(Boolean);
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) expect(state).toMatch(/^[\p{Script=Hangul}\s]+$/u);
    // No "서울 서울특별시": a metropolitan city is its own state.
    for (const d of docs.filter((x) => x.city === '서울')) expect(d.state).toBe('');
  });

  it('Taiwanese addresses: no other county as their state, Traditional characters, real codes', () => {
    const docs = byCountry.get('TW')!;
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      expect(d.state, d.city).toBe('');
      expect(d.postalCode).toMatch(/^[1-9]\d{2}$/);
      // 號 and 華, not the Simplified 号 and 华.
      expect(d.street1).not.toMatch(/[号华设纪长]/u);
      // Named after the street without its number: "仁愛路", not "仁愛路 號".
      expect(d.title).not.toMatch(/[号號]/u);
    }
    const taipei = docs.filter((d) => d.city === '台北');
    expect(taipei.length).toBeGreaterThan(0);
    for (const d of taipei) {
      const code = Number(d.postalCode);
      expect(code >= 100 && code <= 116, d.postalCode).toBe(true);
    }
  });

  it('names cities in the data language where the gazetteer has the name (München)', () => {
    const cities = new Set(byCountry.get('DE')!.map((d) => d.city));
    expect(cities.has('München')).toBe(true);
    expect(cities.has('Munich')).toBe(false);
    expect(cities.has('Köln')).toBe(true);
  });

  it('no city repeats itself as its state', () => {
    for (const docs of byCountry.values()) {
      for (const d of docs) expect(d.state === d.city && d.city !== '', d.city).toBe(false);
    }
  });

  it.each([...new Set([...Object.keys(POSTCODES), ...Object.keys(SCRIPTS)])])(
    '%s: no store name dominates a city; names carry "(Demo)"',
    (cc) => {
      const cities = new Map<string, Map<string, number>>();
      for (const d of byCountry.get(cc) ?? []) {
        expect(d.title).toMatch(/\(Demo\)$/);
        const titles = cities.get(d.city) ?? new Map<string, number>();
        titles.set(d.title, (titles.get(d.title) ?? 0) + 1);
        cities.set(d.city, titles);
      }
      for (const [city, titles] of cities) {
        const total = [...titles.values()].reduce((a, b) => a + b, 0);
        if (total < 20) continue;
        const most = Math.max(...titles.values());
        expect(most / total, `${cc} ${city}: ${most} of ${total}`).toBeLessThanOrEqual(0.25);
      }
    },
  );

  it('brand names keep their own casing', () => {
    const titles = [...byCountry.get('GB')!].map((d) => d.title);
    expect(titles.some((t) => t.startsWith('Currys '))).toBe(true);
    expect(titles.some((t) => t.startsWith('currys '))).toBe(false);
  });
});
