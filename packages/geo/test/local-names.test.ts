import { beforeAll, describe, expect, it } from 'vitest';
import { LocalNames, readExemplarCities } from '../src/build/local-names.js';
import type { CityRecord } from '../src/build/sources.js';
import { nameInLanguage, type EmbeddedProvider } from '../src/index.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

const city = (name: string, alternateNames: string[], more: Partial<CityRecord> = {}) =>
  ({
    geonameId: 1,
    name,
    asciiName: name,
    alternateNames,
    lat: 0,
    lon: 0,
    featureCode: 'PPL',
    countryCode: 'AT',
    admin1: '',
    admin2: '',
    population: 100_000,
    timeZone: 'Europe/Vienna',
    ...more,
  }) satisfies CityRecord;

describe('names in a given language (build)', () => {
  const vienna = (names: [string, string][]) => ({
    zone: 'Europe/Vienna',
    english: 'Vienna',
    names: new Map(names),
  });

  it('takes CLDR names for the place that bears one of them, also those GeoNames lacks', () => {
    const big = city('Vienna', ['Wien', 'Vienne']);
    const small = city('Vienna', ['Wien'], { countryCode: 'US', population: 16_000 });
    // In another zone: never the zone's city, however large (Jamaica, New York).
    const elsewhere = city('Vienna', ['Wien'], {
      countryCode: 'US',
      population: 1_000_000,
      timeZone: 'America/New_York',
    });
    const local = new LocalNames(
      [small, big, elsewhere],
      [
        vienna([
          ['de', 'Wien'],
          ['fr', 'Vienne'],
          ['ja', 'ウィーン'],
          ['it', 'Vienna'],
        ]),
      ],
      new Set(),
    );
    expect(Object.fromEntries(local.of(big) ?? [])).toEqual({
      de: 'Wien',
      fr: 'Vienne',
      ja: 'ウィーン', // not among GeoNames' names, kept once the place is confirmed
    }); // "it" is the main name: not stored
    expect(local.of(small)).toBeUndefined();
    expect(local.of(elsewhere)).toBeUndefined();
    expect(local.encode(big)).toBe('de=Wien\x1ffr=Vienne\x1fja=ウィーン');
  });

  it('renames nothing CLDR cannot confirm by one of the place names', () => {
    const place = city('Vienna', ['Vídeň']);
    const local = new LocalNames([place], [vienna([['ja', 'ウィーン']])], new Set());
    expect(local.of(place)).toBeUndefined();
  });

  it('gives a German town the name the German data writes, when GeoNames uses an exonym', () => {
    const munich = city('Munich', ['Muenchen', 'München', 'Monaco di Baviera'], {
      countryCode: 'DE',
    });
    const koeln = city('Köln', ['Cologne', 'Koeln'], { countryCode: 'DE' });
    // Another spelling or a longer form of the same name is not an exonym.
    const calbe = city('Calbe', ['Kalbe'], { countryCode: 'DE' });
    const dessau = city('Dessau', ['Dessau-Roßlau'], { countryCode: 'DE' });
    // A name that is another German place's main name is that place's.
    const village = city('Unterkrozingen', ['Bad Krozingen'], { countryCode: 'DE' });
    const town = city('Bad Krozingen', [], { countryCode: 'DE' });
    const hamlet = city('Bishop Town', ['Bischofsdorf'], { countryCode: 'DE', population: 900 });
    const german = new Set(['München', 'Köln', 'Bischofsdorf', 'Kalbe', 'Dessau-Roßlau']);
    german.add('Bad Krozingen');
    const local = new LocalNames([munich, koeln, hamlet, calbe, dessau, village, town], [], german);
    expect(local.of(munich)?.get('de')).toBe('München');
    expect(local.of(koeln)).toBeUndefined();
    expect(local.of(hamlet)).toBeUndefined();
    for (const c of [calbe, dessau, village]) expect(local.of(c)).toBeUndefined();
  });

  it('reads the exemplar cities of CLDR in base languages only', () => {
    const zones = readExemplarCities();
    const vienna = zones.find((z) => z.english === 'Vienna');
    expect(vienna?.names.get('de')).toBe('Wien');
    expect(vienna?.names.get('fr')).toBe('Vienne');
    expect(zones.some((z) => [...z.names.keys()].some((l) => l.includes('-')))).toBe(false);
    // Without CLDR's soft hyphens (Reyk\u00adja\u00advík).
    expect(zones.find((z) => z.zone === 'Atlantic/Reykjavik')?.names.get('de')).toBe('Reykjavík');
  });
});

describe('names in the page language (gazetteer)', () => {
  let p: EmbeddedProvider;
  beforeAll(async () => {
    p = await embeddedProvider();
  }, INDEX_TIMEOUT_MS);

  const at = async (lat: number, lon: number, lang: string) =>
    (await p.reverse(lat, lon, { lang }))?.lines[0];

  it('names a place in the page language where the data has it', async () => {
    const munich = [48.137, 11.575] as const;
    const vienna = [48.208, 16.372] as const;
    const prague = [50.088, 14.42] as const;
    const london = [51.507, -0.128] as const;
    expect(await at(...munich, 'de')).toBe('München');
    expect(await at(...munich, 'de-AT')).toBe('München');
    expect(await at(...munich, 'en')).toBe('Munich');
    expect(await at(...munich, 'fr')).toBe('Munich');
    expect(await at(...vienna, 'de')).toBe('Wien');
    expect(await at(...vienna, 'fr')).toBe('Vienne');
    expect(await at(...vienna, 'ja')).toBe('ウィーン');
    expect(await at(...vienna, 'he')).toBe('וינה');
    expect(await at(...prague, 'de')).toBe('Prag');
    expect(await at(...london, 'fr')).toBe('Londres');
    expect(await at(...london, 'en')).toBe('London');
    expect(await at(35.69, 139.69, 'ja')).toBe('東京');
    expect(await at(30.044, 31.236, 'ar')).toBe('القاهرة');
  });

  it('suggests the page language name, or the name the visitor typed', async () => {
    const first = async (q: string, lang: string, c: string) =>
      (await p.autocomplete(q, { lang, countries: [c], limit: 1 }))[0]?.lines[0];
    expect(await first('Mu', 'de', 'de')).toBe('München');
    expect(await first('Munich', 'de', 'de')).toBe('Munich');
    expect(await first('Prag', 'de', 'cz')).toBe('Prag');
    expect(await first('Lond', 'fr', 'gb')).toBe('Londres');
    expect(await first('Lond', 'en', 'gb')).toBe('London');
  });

  it('finds a place by a name only CLDR gives it', async () => {
    const [vienna] = await p.geocode('וינה', { lang: 'he', countries: ['at'] });
    expect(vienna?.lines[0]).toBe('וינה');
    expect(vienna?.latitude).toBeCloseTo(48.2, 1);
  });
});

describe('a place named in data, in the page language', () => {
  let p: EmbeddedProvider;
  beforeAll(async () => {
    p = await embeddedProvider();
  }, INDEX_TIMEOUT_MS);

  it('names the country’s place of that name in the language where tagged, else as given', () => {
    const name = (city: string, cc: string, lang: string) =>
      nameInLanguage(p.gazetteer, city, cc, lang);
    expect(name('Munich', 'DE', 'de')).toBe('München');
    expect(name('Muenchen', 'de', 'de')).toBe('München');
    expect(name('Munich', 'DE', 'fr')).toBe('Munich');
    expect(name('Munich', 'DE', 'en')).toBe('Munich');
    expect(name('Vienna', 'AT', 'de-AT')).toBe('Wien');
    expect(name('London', 'GB', 'fr')).toBe('Londres');
    expect(name('London', 'CA', 'fr-CA')).toBe('London'); // Ontario's London: no tagged name
    expect(name('Köln', 'DE', 'de')).toBe('Köln');
    expect(name('Nowhere Town', 'DE', 'de')).toBe('Nowhere Town');
    expect(name('東京', 'JP', 'zh-Hant')).toBe('東京'); // traditional Chinese: not CLDR's zh
  });
});
