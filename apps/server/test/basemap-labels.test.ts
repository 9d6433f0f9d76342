/**
 * Map labels per language (label-name.ts): the name in the page's language; on a page in
 * another script than Latin, no romanisation of a place in a country writing that script
 * ("Ueno" on a Japanese page) where the data names most of its places in that script, the
 * local name where the page shares Chinese characters with the
 * country, the international Latin name for a place abroad.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { langInfo, loadEmbeddedProvider } from '@locator/geo';
import { countryLanguage, mapLabelName } from '../src/modules/basemap/label-name.js';
import { PlaceTiles } from '../src/modules/basemap/places.js';

/** A place of a country whose places the data names mostly (`share`) in the page's script. */
const label = (name: string, lang: string, countryCode: string, local = '', share = 0.9) =>
  mapLabelName(name, langInfo(lang), {
    countryCode,
    localName: () => local,
    ownScriptShare: () => share,
  });

describe('the label of a place per language', () => {
  it('keeps a name written in the page language, and every name on a Latin-script page', () => {
    expect(label('東京', 'ja', 'JP')).toBe('東京');
    expect(label('Ueno', 'en', 'JP')).toBe('Ueno');
    expect(label('Mailand', 'de', 'IT')).toBe('Mailand');
    expect(label('Kōfu', 'fr', 'JP')).toBe('Kōfu');
  });

  it('shows no romanised name in a country writing the page script', () => {
    expect(label('Ueno', 'ja', 'JP', 'Ueno')).toBeUndefined();
    expect(label('Mito', 'ko', 'KR')).toBeUndefined();
    expect(label('Wudaokou', 'zh', 'CN')).toBeUndefined();
    expect(label('Tamsui', 'zh-TW', 'TW')).toBeUndefined();
    expect(label('Saitama', 'zh-Hant', 'CN')).toBeUndefined();
    expect(label('Yoshkar-Ola', 'ru', 'RU')).toBeUndefined();
    expect(label('Ramat Gan', 'he', 'IL')).toBeUndefined();
    expect(label('Zagazig', 'ar', 'EG')).toBeUndefined();
  });

  it('keeps the Latin names where the data names few places of the country in its script', () => {
    expect(label('Bur Dubai', 'ar', 'AE', '', 0.2)).toBe('Bur Dubai');
    expect(label('Bur Dubai', 'ar', 'AE', '', 0.8)).toBeUndefined();
    expect(label('Kowloon', 'zh-HK', 'HK', '', 0.06)).toBe('Kowloon');
  });

  it('falls back to the local name where the page and the country share Chinese characters', () => {
    expect(label('Saitama', 'zh', 'JP', 'さいたま')).toBe('さいたま');
    expect(label('Wudaokou', 'ja', 'CN', '五道口')).toBe('五道口');
    expect(label('Ueno', 'zh', 'JP', 'Ueno')).toBeUndefined();
  });

  it('keeps the international Latin name of a place abroad', () => {
    expect(label('Saitama', 'ar', 'JP', 'さいたま')).toBe('Saitama');
    expect(label('Mito', 'ko', 'JP', '水戸')).toBe('Mito');
    expect(label('Testville', 'ja', 'DE')).toBe('Testville');
    expect(label('Utsunomiya', 'he', 'JP')).toBe('Utsunomiya');
    expect(label('', 'ja', 'JP')).toBeUndefined();
  });

  it("knows each country's language", () => {
    expect(countryLanguage('JP')).toBe('ja');
    expect(countryLanguage('TW')).toBe('zh');
    expect(countryLanguage('EG')).toBe('ar');
  });
});

describe('place tiles per language', () => {
  let tiles: PlaceTiles;
  const names = (z: number, x: number, y: number, lang: string): string[] => {
    const layer = new VectorTile(new PbfReader(tiles.tile({ z, x, y }, lang))).layers.places;
    return Array.from({ length: layer?.length ?? 0 }, (_, i) =>
      String(layer!.feature(i).properties.name),
    );
  };
  const latin = (n: string) => /^[\p{Script=Latin}\p{Script=Common}\p{M}]+$/u.test(n);

  beforeAll(async () => {
    tiles = new PlaceTiles((await loadEmbeddedProvider()).gazetteer);
  });

  it('central Tokyo at z11: Japanese names only on a Japanese page, romaji on an English one', () => {
    const ja = names(11, 1819, 806, 'ja');
    expect(ja).toContain('台東');
    expect(ja.filter(latin)).toEqual([]);
    const en = names(11, 1819, 806, 'en');
    expect(en).toContain('Ueno');
    expect(names(11, 1819, 806, 'zh').filter(latin)).toEqual([]);
    expect(names(11, 1819, 806, 'ko')).toContain('Ueno'); // abroad: the international name
  });

  it("Dubai's districts on an Arabic page: the data has few Arabic names there, Latin ones stay", () => {
    const ar = names(10, 669, 437, 'ar');
    expect(ar).toContain('Bur Dubai');
    expect(ar).toContain('عجمان');
  });

  it('Japan at z7: local names on a Chinese page, Latin ones on Arabic and Hebrew pages', () => {
    expect(names(7, 113, 50, 'zh')).not.toContain('Saitama');
    expect(names(7, 113, 50, 'ar')).toContain('Saitama');
    expect(names(7, 113, 50, 'he')).toContain('Saitama');
    expect(names(7, 113, 50, 'ja')).toContain('東京');
  });
});
