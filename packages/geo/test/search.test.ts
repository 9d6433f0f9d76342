import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedProvider } from '../src/index.js';
import { KEY_CODE, KEY_MAIN } from '../src/gazetteer.js';
import { postcodeKey } from '../src/postcodes.js';
import { editDistance } from '../src/candidates.js';
import { parseCoordinates } from '../src/coordinates.js';
import { WEIGHTS } from '../src/ranking.js';
import { townOfStreetAddress } from '../src/search.js';
import { INDEX_TIMEOUT_MS, embeddedProvider } from './helpers.js';

let p: EmbeddedProvider;
beforeAll(async () => {
  p = await embeddedProvider();
}, INDEX_TIMEOUT_MS);

describe('query parsing', () => {
  it('parses coordinates in common notations', () => {
    expect(parseCoordinates('48.85, 2.35')).toEqual({ lat: 48.85, lon: 2.35 });
    expect(parseCoordinates('-33.87;151.21')).toEqual({ lat: -33.87, lon: 151.21 });
    expect(parseCoordinates('33.87S 151.21E')).toEqual({ lat: -33.87, lon: 151.21 });
    expect(parseCoordinates('2.35E, 48.85N')).toEqual({ lat: 48.85, lon: 2.35 });
    expect(parseCoordinates('40°N 74°W')).toEqual({ lat: 40, lon: -74 });
    expect(parseCoordinates('91.0, 2.0')).toBeNull();
    expect(parseCoordinates('75 001')).toBeNull(); // a French postcode, not a coordinate
    expect(parseCoordinates('10001')).toBeNull();
  });

  it('measures edit distance with swaps, bounded', () => {
    expect(editDistance('edinburgh', 'edinbrugh', 2)).toBe(1);
    expect(editDistance('manchester', 'manchestr', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });

  it('keys postcode-shaped queries by their letters and digits', () => {
    expect(postcodeKey('10001')).toBe('10001');
    expect(postcodeKey('10001-1234')).toBe('100011234');
    expect(postcodeKey('m5v 3l9')).toBe('m5v3l9');
    expect(postcodeKey('SW1A 1AA')).toBe('sw1a1aa');
    expect(postcodeKey('〒100-0001')).toBe('1000001');
    expect(postcodeKey('1012 AB')).toBe('1012ab');
    expect(postcodeKey('1000')).toBe('1000');
    expect(postcodeKey('Paris')).toBeNull();
    expect(postcodeKey('Saint-Denis')).toBeNull();
    expect(postcodeKey('48.85, 2.35')).toBeNull();
  });
});

describe('geocode', () => {
  it('returns an empty list, not an error, when nothing matches', async () => {
    expect(await p.geocode('qwxzzv', { lang: 'en' })).toEqual([]);
    expect(await p.geocode('   ', { lang: 'en' })).toEqual([]);
    expect(await p.geocode('Paris', { lang: 'en', countries: ['jp'] })).toEqual([]);
  });

  it('limits to countries, case-insensitively, with "uk" for GB', async () => {
    const [gb] = await p.geocode('Birmingham', { lang: 'en', countries: ['UK'] });
    const [us] = await p.geocode('Birmingham', { lang: 'en', countries: ['us'] });
    expect(gb?.countryCode).toBe('GB');
    expect(us?.countryCode).toBe('US');
    const [both] = await p.geocode('Birmingham', { lang: 'en', countries: ['us', 'gb'] });
    expect(both?.countryCode).toBe('GB'); // the larger one
  });

  it('ignores unknown codes such as regional catch-alls (no limit then)', async () => {
    const [r] = await p.geocode('Lyon', { lang: 'en', countries: ['europe'] });
    expect(r?.countryCode).toBe('FR');
  });

  it('formats in the visitor language', async () => {
    const [de] = await p.geocode('Munich', { lang: 'de', countries: ['de'] });
    expect(de?.lines).toEqual(['Munich', 'Bayern, Deutschland']);
    const [ja] = await p.geocode('Munich', { lang: 'ja', countries: ['de'] });
    expect(ja?.lines[0]).toBe('ミュンヘン');
    expect(ja?.formattedAddress).toBe('ドイツバイエルン州ミュンヘン');
    const [ar] = await p.geocode('Cairo', { lang: 'ar', countries: ['eg'] });
    expect(ar?.lines[0]).toBe('القاهرة');
    expect(ar?.lines[1]).toContain('مصر');
    const [ru] = await p.geocode('Moscow', { lang: 'ru', countries: ['ru'] });
    expect(ru?.lines).toEqual(['Москва', 'Россия']);
  });

  it('shows the Latin spelling the visitor typed when it is one of the place names', async () => {
    const line = async (q: string, lang: string, c: string) =>
      (await p.geocode(q, { lang, countries: [c] }))[0]?.lines[0];
    expect(await line('Mailand', 'de', 'it')).toBe('Mailand');
    expect(await line('Londres', 'fr', 'gb')).toBe('Londres');
    expect(await line('München', 'de', 'de')).toBe('München');
    expect(await line('lodz', 'pl', 'pl')).toBe('Łódź'); // the main name, with its diacritics
    expect(await line('Milan', 'de', 'it')).toBe('Milan');
    const [mue] = await p.autocomplete('Mün', { lang: 'de', countries: ['de'] });
    expect(mue?.lines[0]).toBe('München');
  });

  it('forgives a typo near the end', async () => {
    const first = async (q: string, c: string) =>
      (await p.geocode(q, { lang: 'en', countries: [c] }))[0]?.lines[0];
    expect(await first('Manchestr', 'gb')).toBe('Manchester');
    expect(await first('Edinbrugh', 'gb')).toBe('Edinburgh');
    expect(await first('Philadelpia', 'us')).toBe('Philadelphia');
    expect(await first('Frankfrut', 'de')).toBe('Frankfurt am Main');
    expect(
      (await p.autocomplete('Barcelonna', { lang: 'es', countries: ['es'] }))[0]?.lines[0],
    ).toBe('Barcelona');
    expect(await p.geocode('Xqzvwkjh', { lang: 'en', countries: ['gb'] })).toEqual([]);
  });

  it('names the city and region of a district, leaving out what is unknown', async () => {
    const [gangnam] = await p.geocode('Gangnam', { lang: 'en', countries: ['kr'] });
    expect(gangnam?.lines).toEqual(['Gangnam-gu', 'Seoul, South Korea']);
    const [tianhe] = await p.geocode('Tianhe', { lang: 'en', countries: ['cn'] });
    expect(tianhe?.lines).toEqual(['Tianhe', 'Guangzhou, Guangdong, China']);
    for (const q of ['Sentosa', 'Bandra', 'Copacabana', 'Kitsilano', 'Surry Hills']) {
      const [place] = await p.geocode(q, { lang: 'en' });
      expect(place?.lines[1]).not.toMatch(/, ,|, $|^, /);
    }
  });

  it('answers postcodes with kind "postcode"', async () => {
    const [zip] = await p.geocode('10001', { lang: 'en', countries: ['us'] });
    expect(zip).toMatchObject({ kind: 'postcode', countryCode: 'US' });
    expect(zip?.formattedAddress).toBe('New York, NY 10001, United States');
    const [fsa] = await p.geocode('M5V 3L9', { lang: 'en', countries: ['ca'] });
    expect(fsa).toMatchObject({
      kind: 'postcode',
      countryCode: 'CA',
      lines: ['M5V', expect.stringContaining('Toronto')],
    });
    // A ZIP outside the limited countries is not an answer.
    expect((await p.geocode('10001', { lang: 'en', countries: ['fr'] }))[0]?.kind).not.toBe(
      'postcode',
    );
  });

  it('answers coordinates with kind "coordinate" and the country there', async () => {
    const [c] = await p.geocode('48.8584, 2.2945', { lang: 'en' });
    expect(c).toMatchObject({
      kind: 'coordinate',
      latitude: 48.8584,
      longitude: 2.2945,
      countryCode: 'FR',
    });
    expect(c?.lines[1]).toContain('Paris');
  });

  it('uses qualifiers: region codes, region and country names in any language', async () => {
    const tx = await p.geocode('Paris, TX', { lang: 'en' });
    expect(tx[0]).toMatchObject({ countryCode: 'US', region: 'Texas' });
    const [on] = await p.geocode('London Ontario', { lang: 'en' });
    expect(on?.countryCode).toBe('CA');
    const [fr] = await p.geocode('Londres, Royaume-Uni', { lang: 'fr' });
    expect(fr?.countryCode).toBe('GB');
    expect(await p.geocode('Paris, Nowhereland', { lang: 'en' })).toEqual([]);
  });

  it('answers a bare region or country with its seat or capital', async () => {
    const [tx] = await p.geocode('Texas', { lang: 'en', countries: ['us'] });
    expect(tx?.lines).toEqual(['Texas', 'United States']);
    expect(tx?.latitude).toBeCloseTo(30.27, 0); // Austin
    const [jp] = await p.geocode('日本', { lang: 'ja' });
    expect(jp?.countryCode).toBe('JP');
    expect(jp?.lines[0]).toBe('日本');
  });

  it('respects limit and rejects an aborted request', async () => {
    expect(
      await p.geocode('Springfield', { lang: 'en', countries: ['us'], limit: 3 }),
    ).toHaveLength(3);
    const ac = new AbortController();
    ac.abort();
    await expect(p.geocode('Paris', { lang: 'en' }, ac.signal)).rejects.toThrow();
  });
});

describe('postcodes of arrondissements', () => {
  it('places Paris, Lyon and Marseille postcodes at their own arrondissement', async () => {
    const at = async (q: string) => (await p.geocode(q, { lang: 'fr', countries: ['fr'] }))[0]!;
    const paris8 = await at('75008');
    expect(paris8.lines[0]).toBe('75008');
    // The 8th (Élysée) lies north-west of the centre (48.853, 2.349).
    expect(paris8.latitude).toBeCloseTo(48.876, 2);
    expect(paris8.longitude).toBeCloseTo(2.318, 2);
    const paris1 = await at('75001');
    expect(paris1.latitude).toBeCloseTo(48.859, 2);
    const [paris14, lyon3, marseille8] = await Promise.all(['75014', '69003', '13008'].map(at));
    expect(paris14!.latitude).toBeCloseTo(48.833, 2);
    expect(lyon3!.longitude).toBeCloseTo(4.852, 2);
    expect(marseille8!.latitude).toBeCloseTo(43.271, 2);
    // Other postcodes keep their own place.
    expect((await at('69001')).lines[1]).toMatch(/^Lyon 1er Arrondissement/);
  });
});

describe('street addresses', () => {
  it('finds the town a street address names', () => {
    expect(townOfStreetAddress('Marienplatz 1, München')).toBe('München');
    expect(townOfStreetAddress('Marienplatz 1, 80331 München')).toBe('München');
    expect(townOfStreetAddress('350 5th Ave, New York, NY 10118')).toBe('New York, NY');
    expect(townOfStreetAddress('München')).toBeUndefined();
    expect(townOfStreetAddress('Paris, 75008')).toBeUndefined();
    expect(townOfStreetAddress('Marienplatz 1')).toBeUndefined();
  });

  it('answers a street address with the town it names', async () => {
    const [munich] = await p.geocode('Marienplatz 1, München', { lang: 'de', countries: ['de'] });
    expect(munich?.lines[0]).toBe('München');
    expect(munich?.countryCode).toBe('DE');
    const [ny] = await p.geocode('350 5th Ave, New York', { lang: 'en', countries: ['us'] });
    expect(ny?.lines[0]).toBe('New York City');
    expect(ny?.latitude).toBeCloseTo(40.7, 0);
    const [typed] = await p.autocomplete('Marienplatz 1, Münch', { lang: 'de', countries: ['de'] });
    expect(typed?.lines[0]).toBe('München');
  });

  it('says so: a street-not-found notice naming the town shown', async () => {
    const munich = await p.answer(
      'Marienplatz 1, München',
      { lang: 'de', countries: ['de'] },
      'geocode',
    );
    expect(munich.places[0]?.lines[0]).toBe('München');
    expect(munich.notice).toEqual({ code: 'street-not-found', countries: ['DE'], town: 'München' });
    const ny = await p.answer(
      '350 5th Ave, New York',
      { lang: 'en', countries: ['us'] },
      'autocomplete',
    );
    expect(ny.notice).toEqual({
      code: 'street-not-found',
      countries: ['US'],
      town: 'New York City',
    });
    // A town as such, or a street of no town found: no notice.
    expect((await p.answer('München', { lang: 'de' }, 'geocode')).notice).toBeUndefined();
    const none = await p.answer(
      'Hauptstraße 1, Xyzzyqq',
      { lang: 'de', countries: ['de'] },
      'geocode',
    );
    expect(none.notice).toBeUndefined();
    expect(none.places).toEqual([]);
  });
});

describe('autocomplete', () => {
  it('completes as the visitor types, in any script', async () => {
    const first = async (q: string, lang: string, countries?: string[]) =>
      (await p.autocomplete(q, { lang, countries }))[0]?.lines[0];
    expect(await first('Mü', 'de', ['de'])).toBe('München');
    expect(await first('Manch', 'en', ['gb'])).toBe('Manchester');
    expect(await first('東', 'ja', ['jp'])).toBe('東京');
    expect(await first('서', 'ko', ['kr'])).toBe('서울');
    expect(await first('Моск', 'ru', ['ru'])).toBe('Москва');
    expect(await first('กรุง', 'th', ['th'])).toBe('กรุงเทพ');
  });

  it('returns distinct suggestions, each with two lines and a coordinate', async () => {
    const res = await p.autocomplete('San', { lang: 'es', countries: ['us', 'mx'], limit: 8 });
    expect(res).toHaveLength(8);
    const ids = new Set(res.map((r) => r.lines.join('|')));
    expect(ids.size).toBe(8);
    for (const r of res) {
      expect(r.lines[0].length).toBeGreaterThan(0);
      expect(r.lines[1].length).toBeGreaterThan(0);
      expect(Number.isFinite(r.latitude) && Number.isFinite(r.longitude)).toBe(true);
      expect(['US', 'MX']).toContain(r.countryCode);
    }
  });

  it('completes postcodes and qualifiers being typed', async () => {
    const zips = await p.autocomplete('9021', { lang: 'en', countries: ['us'] });
    expect(zips.length).toBeGreaterThan(1);
    expect(zips.every((z) => z.kind === 'postcode' && z.lines[0].startsWith('9021'))).toBe(true);
    const [tx] = await p.autocomplete('Paris, Te', { lang: 'en', countries: ['us'] });
    expect(tx?.region).toBe('Texas');
  });

  it('tolerates odd options: non-finite limit, invalid near, unknown language', async () => {
    const res = await p.autocomplete('Lyon', {
      lang: 'xx-YY',
      countries: ['FR'],
      limit: Number.NaN,
      near: { lat: Number.NaN, lon: 500 },
    });
    expect(res[0]).toMatchObject({
      countryCode: 'FR',
      lines: ['Lyon', 'Auvergne-Rhône-Alpes, France'],
    });
    expect(await p.autocomplete('Lyon', { lang: 'fr', limit: 0 })).toHaveLength(1);
  });

  it('prefers places near the visitor when asked', async () => {
    const plain = await p.autocomplete('Springfield', { lang: 'en', countries: ['us'] });
    const nearBoston = await p.autocomplete('Springfield', {
      lang: 'en',
      countries: ['us'],
      near: { lat: 42.36, lon: -71.06 },
    });
    expect(nearBoston[0]?.region).toBe('Massachusetts');
    expect(plain[0]?.region).not.toBe(undefined);
  });
});

describe('ranking over many keys (block skipping, keys grouped by country, short prefixes)', () => {
  /** Reference: every key of the prefix scored, the best `n` places (search.ts score rules). */
  function fullScan(prefix: string, countries: string[] | undefined, n: number): number[] {
    const g = p.gazetteer;
    const allowed = countries?.map((c) => g.countryIndex(c));
    const best = new Map<number, { score: number; key: number }>();
    const [lo, hi] = g.keyPrefixRange(prefix);
    for (let i = lo; i < hi; i++) {
      const place = g.keyPlace[i] ?? 0;
      const flags = g.keyFlags[i] ?? 0;
      const exact = g.keyLength(i) === prefix.length;
      if (!exact && flags & KEY_CODE) continue;
      if (allowed && !allowed.includes(g.placeCountry[place])) continue;
      const base = Math.fround(Math.log10((g.placePop[place] ?? 0) + 10) + g.rank(place) * 0.4);
      const score =
        base +
        (flags & KEY_MAIN ? WEIGHTS.mainName : 0) +
        (exact ? WEIGHTS.exact.autocomplete : 0) +
        (flags & KEY_CODE && !(flags & KEY_MAIN) ? WEIGHTS.codeOnly : 0);
      const cur = best.get(place);
      if (!cur || score > cur.score) best.set(place, { score, key: i });
    }
    return [...best]
      .sort(([, a], [, b]) => b.score - a.score || a.key - b.key)
      .slice(0, n)
      .map(([place]) => place);
  }

  // Prefixes that name no region or country in scope (those would be suggested first). Common
  // prefixes of one or two characters (1,024+ keys) use best matches computed once, up to limit
  // 20; the others are scanned.
  it.each([
    ['po', undefined, 8],
    ['po', undefined, 20],
    ['po', undefined, 21],
    ['por', undefined, 8],
    ['上', undefined, 8],
    ['м', undefined, 8],
    ['s', ['es'], 8],
    ['b', ['de', 'at', 'ch'], 8],
    ['m', ['sg'], 8],
    ['東', undefined, 8],
    ['東', ['jp'], 8],
    ['м', ['ru', 'ua'], 8],
    ['sa', ['us', 'ca', 'mx'], 8],
    ['sa', ['us', 'ca', 'mx'], 20],
  ])('"%s" in %j, limit %i: the best places of a full scan', async (prefix, countries, limit) => {
    const g = p.gazetteer;
    const scope = countries?.map((c) => g.countryIndex(c));
    const inScope = (c: number | undefined): boolean => !scope || scope.includes(c);
    const areas = g.areasMatching(prefix, false);
    expect([...areas.countries].filter(inScope)).toEqual([]);
    expect([...areas.regions].filter((r) => inScope(g.regions[r]?.country))).toEqual([]);
    const expected = fullScan(prefix, countries, limit).map((place) => [
      Math.round((g.placeLat[place] ?? 0) * 1e6) / 1e6,
      Math.round((g.placeLon[place] ?? 0) * 1e6) / 1e6,
    ]);
    // Twice: the second time from the best matches kept for the prefix, where there are any.
    for (let run = 0; run < 2; run++) {
      const got = await p.autocomplete(prefix, { lang: 'en', limit, countries });
      expect(got.map((r) => [r.latitude, r.longitude])).toEqual(expected.slice(0, got.length));
      expect(got.length).toBeGreaterThanOrEqual(Math.min(expected.length, limit / 2));
    }
  });
});

describe('display names of places shown again (parsed names are kept per place)', () => {
  it('depend on the language and on what was typed, not on earlier queries', async () => {
    const ask = async (q: string, lang: string) =>
      (await p.autocomplete(q, { lang, limit: 1, countries: ['cn'] }))[0]?.lines[0];
    const first = [await ask('Guangzhou', 'zh'), await ask('Guangzhou', 'zh-Hant')];
    expect(first[0]).not.toBe(first[1]);
    expect([await ask('Guangzhou', 'zh-Hant'), await ask('Guangzhou', 'zh')]).toEqual([
      first[1],
      first[0],
    ]);
    const de = async (q: string) =>
      (await p.autocomplete(q, { lang: 'de', limit: 1, countries: ['de'] }))[0]?.lines[0];
    expect([await de('Mün'), await de('Munich'), await de('Mün')]).toEqual([
      'München',
      'Munich',
      'München',
    ]);
  });
});
